package dev.coroner.core.cost;

import dev.coroner.core.corpus.CorpusTranscript;
import dev.coroner.core.corpus.SessionGroup;
import dev.coroner.core.text.PathText;
import dev.coroner.core.usage.Cost;
import dev.coroner.core.usage.MessageUsage;
import dev.coroner.core.usage.PriceTable;
import dev.coroner.core.usage.TokenCounts;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Costs added up (docs/COST.md, "Grouping"): the total of some transcripts, and their rows grouped by session (a
 * session with its sub-agents), model, class (the death class; HEALTHY apart) or day (each message's UTC date).
 * A group's {@code dead} part is what the dead runs in it cost ({@link CostRow#dead()}).
 */
public final class CostLedger {
    /** How {@code coroner cost --by} groups rows. */
    public enum By {
        SESSION, MODEL, CLASS, DAY;

        /** The group key's JSON name: {@code session}, {@code model}, {@code class}, {@code day}. */
        public String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** The day of a message without a timestamp that reads as one. */
    public static final String NO_DAY = "(no timestamp)";

    private CostLedger() {
    }

    /**
     * Some transcripts' costs added up.
     *
     * @param cost     the sum of the priced parts (a lower bound when {@code cost.unpricedModels()} is not empty)
     * @param deadCost the same over the dead runs
     */
    public record Total(int transcripts, TokenCounts tokens, Cost cost, Cost deadCost) {
        /** The total row: {@code {"total": {...}}}, keys in the order (docs/CLI.md, "coroner cost"). */
        public Map<String, Object> toMap() {
            Map<String, Object> t = new LinkedHashMap<>();
            t.put("transcripts", transcripts);
            t.putAll(CostRow.tokenFields(tokens));
            t.put("cost_usd", cost.pricedRounded());
            t.put("dead_cost_usd", deadCost.pricedRounded());
            t.put("unpriced_models", cost.unpricedModels());
            return Map.of("total", t);
        }
    }

    /**
     * One group of rows.
     *
     * @param key          the session id, model, class or day
     * @param transcripts  how many transcripts have a part in it
     * @param cost         the sum of the priced parts, naming the unpriced models
     * @param deadCost     the part of it dead runs cost
     * @param sessionPath  {@link By#SESSION}: the session's own file, or null when it was not given (sub-agents alone)
     */
    public record Group(By by, String key, int transcripts, List<String> models, TokenCounts tokens, Cost cost,
                        Cost deadCost, Path sessionPath) {
        /** A group row: its key under {@link By#key()}, then the counts (docs/CLI.md, "coroner cost"). */
        public Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put(by.key(), key);
            if (by == By.SESSION) {
                m.put("path", sessionPath == null ? null : PathText.of(sessionPath));
            }
            m.put("transcripts", transcripts);
            m.put("models", models);
            m.putAll(CostRow.tokenFields(tokens));
            m.put("cost_usd", cost.pricedRounded());
            m.put("dead_cost_usd", deadCost.pricedRounded());
            m.put("unpriced_models", cost.unpricedModels());
            return m;
        }
    }

    /** The total of {@code rows}. */
    public static Total total(List<CostRow> rows) {
        TokenCounts tokens = TokenCounts.ZERO;
        List<Cost> all = new ArrayList<>();
        List<Cost> dead = new ArrayList<>();
        for (CostRow r : rows) {
            tokens = tokens.plus(r.tokens());
            all.add(r.cost());
            if (r.dead()) {
                dead.add(r.cost());
            }
        }
        return new Total(rows.size(), tokens, Cost.sum(all), Cost.sum(dead));
    }

    /**
     * {@code rows} grouped {@code by}: sessions in the order of {@code groups} (the corpus layout's, each with its
     * sub-agents), models in the order each first billed, classes and days sorted. {@code groups} is read only for
     * {@link By#SESSION}; a row in no group is a group of its own.
     */
    public static List<Group> by(By by, List<CostRow> rows, List<SessionGroup> groups, PriceTable prices) {
        return switch (by) {
            case SESSION -> bySession(rows, groups);
            case CLASS -> byKey(By.CLASS, rows, r -> r.costClass(), new TreeMap<>());
            case MODEL -> byPart(By.MODEL, rows, prices, false);
            case DAY -> byPart(By.DAY, rows, prices, true);
        };
    }

    private static List<Group> bySession(List<CostRow> rows, List<SessionGroup> groups) {
        Map<Path, CostRow> byPath = new LinkedHashMap<>();
        for (CostRow r : rows) {
            byPath.put(key(r.path()), r);
        }
        List<Group> out = new ArrayList<>();
        for (SessionGroup g : groups) {
            List<CostRow> members = new ArrayList<>();
            if (g.session() != null && byPath.containsKey(key(g.session().path()))) {
                members.add(byPath.remove(key(g.session().path())));
            }
            for (CorpusTranscript s : g.subagents()) {
                CostRow r = byPath.remove(key(s.path()));
                if (r != null) {
                    members.add(r);
                }
            }
            if (!members.isEmpty()) {
                String id = g.sessionId() != null ? g.sessionId() : members.get(0).session();
                out.add(group(By.SESSION, id, members, g.session() == null ? null : g.session().path()));
            }
        }
        for (CostRow r : byPath.values()) { // not in the layout (cannot happen for rows the layout grouped)
            out.add(group(By.SESSION, r.session(), List.of(r), r.path()));
        }
        return out;
    }

    private static Path key(Path p) {
        return p.toAbsolutePath().normalize();
    }

    private static List<Group> byKey(By by, List<CostRow> rows, java.util.function.Function<CostRow, String> keyOf,
                                     Map<String, List<CostRow>> into) {
        for (CostRow r : rows) {
            into.computeIfAbsent(keyOf.apply(r), k -> new ArrayList<>()).add(r);
        }
        List<Group> out = new ArrayList<>();
        into.forEach((k, members) -> out.add(group(by, k, members, null)));
        return out;
    }

    private static Group group(By by, String key, List<CostRow> members, Path sessionPath) {
        LinkedHashSet<String> models = new LinkedHashSet<>();
        TokenCounts tokens = TokenCounts.ZERO;
        List<Cost> all = new ArrayList<>();
        List<Cost> dead = new ArrayList<>();
        for (CostRow r : members) {
            models.addAll(r.usage().models());
            tokens = tokens.plus(r.tokens());
            all.add(r.cost());
            if (r.dead()) {
                dead.add(r.cost());
            }
        }
        return new Group(by, key, members.size(), List.copyOf(models), tokens, Cost.sum(all), Cost.sum(dead),
                sessionPath);
    }

    /** By model or by day: each transcript's tokens split by the model (or the day) of each message. */
    private static List<Group> byPart(By by, List<CostRow> rows, PriceTable prices, boolean day) {
        Map<String, Part> parts = day ? new TreeMap<>() : new LinkedHashMap<>();
        for (CostRow r : rows) {
            Map<String, Map<String, TokenCounts>> split = new LinkedHashMap<>(); // key → model → tokens
            if (day) {
                for (MessageUsage m : r.usage().messages()) {
                    split.computeIfAbsent(day(m.timestamp()), k -> new LinkedHashMap<>())
                            .merge(m.model() == null ? "" : m.model(), m.tokens(), TokenCounts::plus);
                }
            } else {
                r.usage().byModel().forEach((model, t) -> {
                    if (!t.isZero()) { // a model that billed nothing (<synthetic>) is no model of the cost
                        split.put(model, Map.of(model, t));
                    }
                });
            }
            split.forEach((k, byModel) -> parts.computeIfAbsent(k, x -> new Part()).add(r, byModel, prices));
        }
        List<Group> out = new ArrayList<>();
        parts.forEach((k, p) -> out.add(new Group(by, k.isEmpty() ? PriceTable.NO_MODEL : k, p.transcripts,
                List.copyOf(p.models), p.tokens, Cost.sum(p.all), Cost.sum(p.dead), null)));
        return out;
    }

    /** A message's UTC date, {@code YYYY-MM-DD}, or {@link #NO_DAY}. */
    static String day(String timestamp) {
        if (timestamp == null) {
            return NO_DAY;
        }
        try {
            return OffsetDateTime.parse(timestamp).withOffsetSameInstant(ZoneOffset.UTC).toLocalDate().toString();
        } catch (DateTimeParseException e) {
            return NO_DAY;
        }
    }

    private static final class Part {
        int transcripts;
        final LinkedHashSet<String> models = new LinkedHashSet<>();
        TokenCounts tokens = TokenCounts.ZERO;
        final List<Cost> all = new ArrayList<>();
        final List<Cost> dead = new ArrayList<>();

        void add(CostRow r, Map<String, TokenCounts> byModel, PriceTable prices) {
            transcripts++;
            Cost c = prices.cost(byModel);
            byModel.forEach((model, t) -> {
                models.add(model.isEmpty() ? PriceTable.NO_MODEL : model);
                tokens = tokens.plus(t);
            });
            all.add(c);
            if (r.dead()) {
                dead.add(c);
            }
        }
    }

}

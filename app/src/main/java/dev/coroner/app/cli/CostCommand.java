package dev.coroner.app.cli;

import dev.coroner.core.corpus.CancelToken;
import dev.coroner.core.corpus.CorpusLayout;
import dev.coroner.core.corpus.InOrder;
import dev.coroner.core.corpus.TranscriptPaths;
import dev.coroner.core.cost.CostLedger;
import dev.coroner.core.cost.CostRow;
import dev.coroner.core.filter.FieldSchemas;
import dev.coroner.core.index.ProblemList;
import dev.coroner.core.index.TerminalVerdicts;
import dev.coroner.core.index.TranscriptIndex;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.read.UnreadableTranscriptException;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.core.text.PathText;
import dev.coroner.core.usage.Cost;
import dev.coroner.core.usage.PriceTable;
import dev.coroner.core.usage.TokenCounts;
import dev.coroner.core.usage.TranscriptUsage;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code coroner cost}: what each transcript's model calls used and cost (docs/COST.md). Reads each file once. */
@Command(name = "cost",
        description = {"What did each run cost? Tokens and dollars per transcript, and a total.",
                "Counts each assistant message once (records with the same message.id and requestId are one "
                        + "streamed message, its last record's usage counts); Codex rollouts by their token_count "
                        + "events. Prices: LiteLLM's list as bundled (see --prices).",
                "A model with no price gives no cost for its transcript (\"no price for MODEL\"); a total sums the "
                        + "priced ones and names the rest.",
                "A folder means every *.jsonl under it, in byte-wise path order.",
                "--where keeps the transcript rows EXPR is true for (their --json keys: cost_usd, class, models and the rest); "
                        + "--by groups the rows kept, and the total is theirs.",
                "Exit status: 0 read, 2 bad usage, a prices file that does not load or an unreadable file named "
                        + "explicitly, 3 Coroner failed inside, 4 the output could not be written."})
public final class CostCommand implements Callable<Integer> {
    @Option(names = "--json", description = "One JSON object per transcript (or group), keys in a fixed order, then "
            + "a {\"total\": {...}} row.")
    boolean json;

    @Option(names = "--by", paramLabel = "session|model|class|day", description = "Group the rows: session (a session "
            + "with its sub-agents), model, class (how the run ended: a death's class, HEALTHY apart) or day (each "
            + "message's UTC date).")
    String by;

    @Option(names = "--prices", paramLabel = "FILE", description = "A TOML prices file whose models replace or join "
            + "the bundled prices ([models.\"NAME\"] with input, output, cache_write, cache_read in dollars per "
            + "million tokens).")
    Path prices;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Transcript files or folders.")
    List<Path> paths;

    @Mixin
    CommonOptions common;

    @Mixin
    WhereOption where;

    @Override
    public Integer call() {
        Output output = common.output();
        WhereOption.Rows kept = where.rows(FieldSchemas.COST, common.err());
        if (kept == null) {
            return ExitStatus.BAD_INPUT;
        }
        CostLedger.By grouping = null;
        if (by != null) {
            try {
                grouping = CostLedger.By.valueOf(by.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                output.note("--by takes session, model, class or day, not \"" + by + "\"");
                return ExitStatus.BAD_INPUT;
            }
        }
        PriceTable table = priceTable(prices, output);
        if (table == null) {
            return ExitStatus.BAD_INPUT;
        }
        List<TranscriptPaths.Input> inputs = output.expand(paths);
        ExitStatus status = new ExitStatus();
        JsonLines lines = new JsonLines(output.out());
        List<CostRow> rows = new ArrayList<>();
        int[] notRead = {0}; // the files kept that could not be read: the total says they are not in it
        boolean each = grouping == null;
        // each transcript read once by the one pass, in parallel on the engine's bounded pool, printed in path order
        InOrder.map(inputs, InOrder.defaultThreads(), input -> InOrder.sizeOf(input.path()),
                input -> Attempt.of(() -> Read.of(input.path(), table)), (input, read) -> {
            CostRow row = read.unreadable() != null ? unreadable(input.path()) : read.value().row();
            if (!kept.keep(row::toMap)) {
                return; // not printed, not in a group or the total, no say in the exit status
            }
            status.unreadable(read.unreadable() != null && input.explicit());
            notRead[0] += read.unreadable() != null ? 1 : 0;
            rows.add(row);
            if (!each) {
                return;
            }
            if (json) {
                lines.write(row.toMap());
            } else {
                output.text(text(row, read.unreadable() == null ? null : read.unreadable().reason()));
            }
            if (read.value() != null) {
                ProblemRows.after(input.path(), read.value().problems(), read.value().changed(), json, lines, output);
            }
        }, CancelToken.NEVER);
        if (grouping != null) {
            List<CostLedger.Group> groups = CostLedger.by(grouping, rows,
                    grouping == CostLedger.By.SESSION ? CorpusLayout.of(rows.stream().map(CostRow::path).toList())
                            : List.of(), table);
            for (CostLedger.Group g : groups) {
                if (json) {
                    lines.write(g.toMap());
                } else {
                    output.text(text(g));
                }
            }
        }
        CostLedger.Total total = CostLedger.total(rows);
        if (json) {
            lines.write(total.toMap());
        } else {
            int unread = notRead[0];
            output.text(text(total) + (unread == 0 ? "" : " · not read: " + unread + (unread == 1 ? " file" : " files"))
                    + (kept.given() ? " · " + kept.shown("transcript", "transcripts") : ""));
        }
        if (kept.givenUp() != null) {
            output.note(kept.givenUp());
        }
        return status.code();
    }

    /** The bundled prices, overridden by {@code file} when given; null (and said why) when it does not load. */
    static PriceTable priceTable(Path file, Output output) {
        if (file == null) {
            return PriceTable.bundled();
        }
        try {
            return PriceTable.bundled().overriddenBy(PriceTable.load(file));
        } catch (IOException e) {
            output.note(refusal(file, e));
            return null;
        }
    }

    /** Why a prices file is not used: the words of every command that takes {@code --prices}. */
    static String refusal(Path file, IOException e) {
        return "cannot use the prices file " + PathText.of(file) + ": " + e.getMessage();
    }

    /** A transcript read once: its row, its problem lines and whether it changed while read. */
    private record Read(CostRow row, ProblemList problems, String changed) {
        static Read of(Path path, PriceTable prices) throws UnreadableTranscriptException {
            TranscriptIndex index = TranscriptPass.run(path, TranscriptPass.Scope.ALL); // the scope that reads usage
            return new Read(CostRow.of(path, index, prices), ProblemList.of(index), index.changed());
        }
    }

    /**
     * What {@code verdict --usage} adds to a row: {@code session}, then {@link CostRow#usageFields}; an unreadable
     * file's are those of no usage.
     */
    static Map<String, Object> usageFields(Path path, PriceTable prices) {
        Map<String, Object> m = new LinkedHashMap<>();
        TranscriptUsage usage = TranscriptUsage.EMPTY;
        String session = null;
        try {
            TranscriptIndex index = TranscriptPass.run(path, TranscriptPass.Scope.ALL); // the scope that reads usage
            usage = index.usage();
            session = index.sessionId();
        } catch (UnreadableTranscriptException e) {
            // the verdict row already says why; it used nothing that can be counted
        }
        m.put("session", session);
        m.putAll(CostRow.usageFields(usage, prices.cost(usage)));
        return m;
    }

    /** The usage fields as one line of text: "$0.0046 · gpt-5.4 · in 700 · out 160 · …". */
    static String usageText(Map<String, Object> fields) {
        Object usd = fields.get("cost_usd");
        @SuppressWarnings("unchecked")
        List<String> models = (List<String>) fields.get("models");
        @SuppressWarnings("unchecked")
        List<String> unpriced = (List<String>) fields.get("unpriced_models");
        StringBuilder s = new StringBuilder(usd == null ? "no price" : money((BigDecimal) usd));
        if (!models.isEmpty()) {
            s.append(" · ").append(Output.safe(String.join(", ", models)));
        }
        s.append(" · ").append(new TokenCounts(((Number) fields.get("input_tokens")).longValue(),
                ((Number) fields.get("output_tokens")).longValue(),
                ((Number) fields.get("cache_creation_tokens")).longValue(),
                ((Number) fields.get("cache_read_tokens")).longValue()).text());
        if (!unpriced.isEmpty()) {
            s.append(" · no price for ").append(Output.safe(String.join(", ", unpriced)));
        }
        return s.toString();
    }

    /** An unreadable file's row: its verdict says why; it used nothing that can be counted. */
    private static CostRow unreadable(Path path) {
        TerminalVerdict v = TerminalVerdicts.judge(path);
        return new CostRow(path, v, null, TranscriptUsage.EMPTY, Cost.ZERO, CostRow.costClass(v));
    }

    private static String text(CostRow r, String unreadable) {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%-10s", r.costClass()));
        if (unreadable != null) { // nothing of it was read: no dollars and no counts are shown for it, only why
            return s.append(" not read  -  ").append(Output.safe(PathText.of(r.path()))).append("\n    ")
                    .append(Output.safe(unreadable)).toString();
        }
        s.append(' ').append(money(r.cost())).append("  ")
                .append(Output.safe(r.usage().models().isEmpty() ? "-" : String.join(", ", r.usage().models())))
                .append("  ").append(Output.safe(PathText.of(r.path())))
                .append("\n    ").append(r.tokens().text());
        if (!r.cost().complete()) {
            s.append("\n    ").append(Output.safe(r.cost().note()));
        }
        return s.toString();
    }

    private static String text(CostLedger.Group g) {
        StringBuilder s = new StringBuilder(Output.safe(g.key())).append("  ").append(money(g.cost().priced()));
        if (g.deadCost().priced().signum() != 0) {
            s.append(" (dead runs ").append(money(g.deadCost().priced())).append(')');
        }
        s.append(" · ").append(String.format(Locale.ROOT, "%,d", g.transcripts()))
                .append(g.transcripts() == 1 ? " transcript" : " transcripts");
        if (g.sessionPath() != null) {
            s.append("  ").append(Output.safe(PathText.of(g.sessionPath())));
        }
        if (!g.models().isEmpty() && g.by() != CostLedger.By.MODEL) {
            s.append(" · ").append(Output.safe(String.join(", ", g.models())));
        }
        s.append("\n    ").append(g.tokens().text());
        if (!g.cost().complete()) {
            s.append("\n    not counted: ").append(Output.safe(g.cost().note()));
        }
        return s.toString();
    }

    private static String text(CostLedger.Total t) {
        StringBuilder s = new StringBuilder("total: ").append(String.format(Locale.ROOT, "%,d", t.transcripts()))
                .append(t.transcripts() == 1 ? " transcript · " : " transcripts · ").append(money(t.cost().priced()))
                .append(" · dead runs ").append(money(t.deadCost().priced())).append(" · ").append(t.tokens().text());
        if (!t.cost().complete()) {
            s.append(" · not counted: ").append(Output.safe(t.cost().note()));
        }
        return s.toString();
    }

    /** "$1,059.65", or "no price" when the cost is null. */
    static String money(Cost c) {
        return c.usd() == null ? "no price" : money(c.priced());
    }

    static String money(BigDecimal usd) {
        return Cost.money(usd);
    }
}

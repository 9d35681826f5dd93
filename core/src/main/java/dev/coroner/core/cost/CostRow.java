package dev.coroner.core.cost;

import dev.coroner.core.corpus.StateTally;
import dev.coroner.core.index.TranscriptIndex;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.core.text.PathText;
import dev.coroner.core.usage.Cost;
import dev.coroner.core.usage.PriceTable;
import dev.coroner.core.usage.TokenCounts;
import dev.coroner.core.usage.TranscriptUsage;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One transcript's cost (docs/COST.md, "coroner cost"): how it ended, what its model calls used and what that cost.
 *
 * @param session the session id the transcript's records name, or null
 * @param costClass the class its cost counts under ({@link #costClass(TerminalVerdict)})
 */
public record CostRow(Path path, TerminalVerdict verdict, String session, TranscriptUsage usage, Cost cost,
                      String costClass) {
    /** Those that are not deaths: a run that ended well, a file with no run, a file that could not be read. */
    public static final String HEALTHY = "HEALTHY";
    public static final String NO_RUN = "NO_RUN";
    public static final String UNREADABLE = "UNREADABLE";

    /** The row of a transcript the one pass read: its verdict, session and usage, priced by {@code prices}. */
    public static CostRow of(Path path, TranscriptIndex index, PriceTable prices) {
        TerminalVerdict v = index.judgement().terminal();
        TranscriptUsage usage = index.usage();
        return new CostRow(path, v, index.sessionId(), usage, prices.cost(usage), costClass(v));
    }

    /**
     * The class a transcript's cost counts under: a death's class as the chart counts deaths ({@link
     * StateTally#deathClass}), else {@link #HEALTHY}, {@link #NO_RUN} or {@link #UNREADABLE}.
     */
    public static String costClass(TerminalVerdict v) {
        if (v.diedInARun()) {
            return StateTally.deathClass(v.state(), v.terminalClass(), v.trailing());
        }
        if (v.noRun() != null) {
            return NO_RUN;
        }
        return v.state().name().equals(UNREADABLE) ? UNREADABLE : HEALTHY;
    }

    /** Counted as a dead run's cost: a death in a run ({@link TerminalVerdict#diedInARun()}). */
    public boolean dead() {
        return verdict.diedInARun();
    }

    public TokenCounts tokens() {
        return usage.total();
    }

    /**
     * The row's fields as {@code coroner cost --json} writes them, in their order (docs/CLI.md, "coroner cost"); the
     * last ones ({@link #usageFields}) are what {@code verdict --usage} adds to a verdict row.
     */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("path", PathText.of(path));
        m.put("harness", verdict.harness().name());
        m.put("session", session);
        m.put("kind", verdict.kind().name());
        m.put("state", verdict.state().name());
        m.put("dead", dead());
        m.put("class", costClass);
        m.putAll(usageFields(usage, cost));
        return m;
    }

    /**
     * The usage fields of a row: {@code models}, the four token counts, {@code cost_usd} (null when a model has no
     * price) and {@code unpriced_models}.
     */
    public static Map<String, Object> usageFields(TranscriptUsage usage, Cost cost) {
        return usageFields(usage.models(), usage.total(), cost);
    }

    /** The usage fields of {@code tokens} billed by {@code models} (a sum's, as the window rolls a session up). */
    public static Map<String, Object> usageFields(java.util.List<String> models, TokenCounts tokens, Cost cost) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("models", models);
        m.putAll(tokenFields(tokens));
        m.put("cost_usd", cost.rounded());
        m.put("unpriced_models", cost.unpricedModels());
        return m;
    }

    /** The four counts under their JSON names. */
    public static Map<String, Object> tokenFields(TokenCounts t) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("input_tokens", t.input());
        m.put("output_tokens", t.output());
        m.put("cache_creation_tokens", t.cacheCreation());
        m.put("cache_read_tokens", t.cacheRead());
        return m;
    }
}

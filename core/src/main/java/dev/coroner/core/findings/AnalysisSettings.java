package dev.coroner.core.findings;

import dev.coroner.core.precursor.GrammarLoader;
import dev.coroner.core.precursor.GrammarResult;
import dev.coroner.core.usage.PriceTable;
import java.math.BigDecimal;
import java.nio.file.Path;

/**
 * What the person chose that verdicts depend on: today the precursor grammar (docs/VERDICTS.md, "Precursor gate"),
 * null when none is chosen, and that grammar loaded once — every error kept as a value with its position — so that a
 * change re-judges a whole corpus with one parse, not one per transcript. Passed to every {@link FindingSource}.
 * Also the prices a run's cost is worked out with (null: the bundled list) and the cost over which a dead run is a
 * {@link FindingKind#DEAD_RUN_COST} finding (docs/COST.md, "The finding").
 */
public record AnalysisSettings(Path grammar, GrammarResult loaded, PriceTable prices, BigDecimal deadRunCostUsd) {
    /**
     * A dead run that cost more than this many dollars is a finding: five dollars is a hundred calls of a Claude Opus
     * 4.x run that re-reads a 100k-token context each time ($0.05 a call), and more than 113 of the 152 real
     * transcripts of our corpus cost in all (their median: $0.70); a death cheaper than that is counted among the
     * deaths, not named again.
     */
    public static final BigDecimal DEAD_RUN_COST_USD = new BigDecimal("5.00");
    public static final AnalysisSettings NONE = new AnalysisSettings(null, null);

    /** Settings with the bundled prices and {@link #DEAD_RUN_COST_USD}. */
    public AnalysisSettings(Path grammar, GrammarResult loaded) {
        this(grammar, loaded, null, DEAD_RUN_COST_USD);
    }

    /** The prices to cost runs with: the bundled list unless others were chosen. */
    public PriceTable pricesInUse() {
        return prices == null ? PriceTable.bundled() : prices;
    }

    /** Loads {@code grammar} (null: none chosen) now, once, for every transcript judged with these settings. */
    public AnalysisSettings(Path grammar) {
        this(grammar, grammar == null ? null : GrammarLoader.load(grammar));
    }
}

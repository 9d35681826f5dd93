package dev.coroner.core.findings;

import dev.coroner.core.precursor.GrammarLoader;
import dev.coroner.core.precursor.GrammarResult;
import java.nio.file.Path;

/**
 * What the person chose that verdicts depend on: today the precursor grammar (docs/VERDICTS.md, "Precursor gate"),
 * null when none is chosen, and that grammar loaded once — every error kept as a value with its position — so that a
 * change re-judges a whole corpus with one parse, not one per transcript. Passed to every {@link FindingSource}.
 */
public record AnalysisSettings(Path grammar, GrammarResult loaded) {
    public static final AnalysisSettings NONE = new AnalysisSettings(null, null);

    /** Loads {@code grammar} (null: none chosen) now, once, for every transcript judged with these settings. */
    public AnalysisSettings(Path grammar) {
        this(grammar, grammar == null ? null : GrammarLoader.load(grammar));
    }
}

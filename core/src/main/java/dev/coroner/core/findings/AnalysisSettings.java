package dev.coroner.core.findings;

import java.nio.file.Path;

/**
 * What the person chose that verdicts depend on: today the precursor grammar (DESIGN §4), null when none is
 * chosen. Passed to every {@link FindingSource}.
 */
public record AnalysisSettings(Path grammar) {
    public static final AnalysisSettings NONE = new AnalysisSettings(null);
}

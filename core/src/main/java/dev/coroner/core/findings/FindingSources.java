package dev.coroner.core.findings;

import java.util.List;

/** The verdict engines beyond the terminal verdict that every frontend runs: the precursor gate and the matcher. */
public final class FindingSources {
    private FindingSources() {
    }

    public static List<FindingSource> standard() {
        return List.of(new PrecursorSource(), new ScriptsSource());
    }
}

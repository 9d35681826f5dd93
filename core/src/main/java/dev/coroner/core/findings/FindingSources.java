package dev.coroner.core.findings;

import java.util.List;

/**
 * The verdict engines beyond the terminal verdict that every frontend runs: the precursor gate, the matcher and what
 * a dead run cost.
 */
public final class FindingSources {
    private FindingSources() {
    }

    public static List<FindingSource> standard() {
        return List.of(new PrecursorSource(), new ScriptsSource(), new DeadRunCostSource());
    }
}

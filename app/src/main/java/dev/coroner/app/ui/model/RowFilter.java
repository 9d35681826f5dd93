package dev.coroner.app.ui.model;

import dev.coroner.core.index.RowFlags;
import dev.coroner.core.index.TranscriptIndex;
import java.util.BitSet;
import java.util.Set;

/**
 * Which rows the timeline shows: a kind, a role, only rows with findings, rows that hold the search text, and whether
 * a Codex rollout's token counts are folded away. A null or false part lets every row through.
 *
 * @param findingLines     lines that carry a finding (from the analysis); problem and failed-result rows always do
 * @param searchHits       rows holding the search text; null when no search is active
 * @param foldTokenCounts  hide the {@code token_count} rows (a Codex rollout writes one after each model response);
 *                         a kind filter that asks for them shows them
 * @param where            the timeline filter bar's expression, by index row; null when the bar keeps every row
 */
public record RowFilter(String kind, String role, boolean findingsOnly, Set<Long> findingLines, BitSet searchHits,
                        boolean foldTokenCounts, java.util.function.IntPredicate where) {
    public static final RowFilter ALL = new RowFilter(null, null, false, Set.of(), null);
    /** The kind of the rows folded: Codex's {@code event_msg} {@code token_count} (docs/FORMAT.md, "Codex CLI rollouts"). */
    public static final String TOKEN_COUNT = "token_count";

    public RowFilter(String kind, String role, boolean findingsOnly, Set<Long> findingLines, BitSet searchHits) {
        this(kind, role, findingsOnly, findingLines, searchHits, false);
    }

    public RowFilter(String kind, String role, boolean findingsOnly, Set<Long> findingLines, BitSet searchHits,
                     boolean foldTokenCounts) {
        this(kind, role, findingsOnly, findingLines, searchHits, foldTokenCounts, null);
    }

    public boolean all() {
        return kind == null && role == null && !findingsOnly && searchHits == null && !foldTokenCounts && where == null;
    }

    public boolean test(TranscriptIndex index, int row) {
        if (searchHits != null && !searchHits.get(row)) {
            return false;
        }
        if (kind != null && !kind.equals(index.kind(row))) {
            return false;
        }
        if (foldTokenCounts && kind == null && TOKEN_COUNT.equals(index.kind(row)) && !index.isProblem(row)) {
            return false;
        }
        if (role != null && !role.equals(index.role(row))) {
            return false;
        }
        if (where != null && !where.test(row)) {
            return false;
        }
        if (findingsOnly) {
            return index.has(row, RowFlags.PROBLEM | RowFlags.TOOL_ERROR) || findingLines.contains(index.line(row));
        }
        return true;
    }
}

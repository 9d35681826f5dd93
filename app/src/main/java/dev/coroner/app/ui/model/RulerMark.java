package dev.coroner.app.ui.model;

import dev.coroner.core.findings.Marker;
import dev.coroner.core.findings.MarkerKind;
import dev.coroner.core.terminal.TerminalState;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * A mark on the overview ruler beside the timeline's scroll bar: where in the (filtered) rows a death, WARN,
 * error or problem is (docs/ARCHITECTURE.md, "Workbench"). Marks that would fall on the same pixel row are merged, the worst kept.
 *
 * @param at       0..1 down the ruler
 * @param position the row position a click goes to
 * @param state    for a STATE mark, the terminal state
 */
public record RulerMark(double at, int position, MarkerKind kind, TerminalState state, String tip) {
    /** The ruler's resolution: marks closer than 1/BUCKETS of its height merge. */
    static final int BUCKETS = 240;
    /** What the ruler shows, worst first (links are not findings). */
    private static final List<MarkerKind> RANK = List.of(MarkerKind.STATE, MarkerKind.TRAILING, MarkerKind.DEAD_SUBAGENT, MarkerKind.WARN,
            MarkerKind.BLOCK_UNMATCHED, MarkerKind.PROBLEM, MarkerKind.TOOL_ERROR, MarkerKind.HARNESS);
    private static final Set<MarkerKind> SHOWN = EnumSet.copyOf(RANK);

    static List<RulerMark> of(TimelineRows rows, List<Marker> markers, LineRows lines, TerminalState terminal) {
        RulerMark[] buckets = new RulerMark[BUCKETS];
        int n = rows.size();
        if (n == 0) {
            return List.of();
        }
        for (Marker m : markers) {
            if (!SHOWN.contains(m.kind())) {
                continue;
            }
            int row = lines.rowOfLine(m.line());
            int position = row < 0 ? -1 : rows.positionOf(row);
            if (position < 0) {
                continue;
            }
            double at = n == 1 ? 0 : (double) position / (n - 1);
            int b = Math.min(BUCKETS - 1, (int) (at * BUCKETS));
            RulerMark mark = new RulerMark(at, position, m.kind(), m.kind() == MarkerKind.STATE ? terminal : null,
                    "line " + m.line() + ": " + m.label());
            if (buckets[b] == null || RANK.indexOf(m.kind()) < RANK.indexOf(buckets[b].kind())) {
                buckets[b] = mark;
            }
        }
        List<RulerMark> out = new ArrayList<>();
        for (RulerMark m : buckets) {
            if (m != null) {
                out.add(m);
            }
        }
        return out;
    }

    /** Line-to-row lookup (the index's). */
    interface LineRows {
        int rowOfLine(long line);
    }
}

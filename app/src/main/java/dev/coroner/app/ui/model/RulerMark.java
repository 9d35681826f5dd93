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
 * error or problem is (docs/WORKBENCH.md, "Overview ruler"). The ruler is cut into {@link #BUCKETS} bins; in each bin,
 * the worst death mark (a terminal state, a trailing failure, a dead sub-agent's result) is kept as it is, and the
 * other findings are merged into one heat mark that counts them — so thousands of unmatched blocks make a heat strip
 * whose intensity follows their density, never a solid bar.
 *
 * @param at       0..1 down the ruler
 * @param position the row position a click goes to
 * @param state    for a STATE mark, the terminal state
 * @param count    the markers merged into this mark (1 for a death mark)
 * @param heat     0 for a death mark; else 1..{@value #HEAT_LEVELS}, its count against the densest bin's
 */
public record RulerMark(double at, int position, MarkerKind kind, TerminalState state, String tip, int count, int heat) {
    /** Intensities a heat mark is drawn in. */
    public static final int HEAT_LEVELS = 5;
    /** Deaths: always drawn whole, on top of the heat. */
    private static final Set<MarkerKind> DEATHS = EnumSet.of(MarkerKind.STATE, MarkerKind.TRAILING, MarkerKind.DEAD_SUBAGENT);

    /** Whether this mark is one bin's merged findings (drawn by intensity) rather than a death. */
    public boolean isHeat() {
        return heat > 0;
    }

    /** The ruler's resolution: marks closer than 1/BUCKETS of its height merge. */
    public static final int BUCKETS = 240;
    /** What the ruler shows, worst first (links are not findings). */
    private static final List<MarkerKind> RANK = List.of(MarkerKind.STATE, MarkerKind.TRAILING, MarkerKind.DEAD_SUBAGENT, MarkerKind.WARN,
            MarkerKind.BLOCK_UNMATCHED, MarkerKind.PROBLEM, MarkerKind.TOOL_ERROR, MarkerKind.HARNESS);
    private static final Set<MarkerKind> SHOWN = EnumSet.copyOf(RANK);

    static List<RulerMark> of(TimelineRows rows, List<Marker> markers, LineRows lines, TerminalState terminal) {
        RulerMark[] buckets = new RulerMark[BUCKETS];
        RulerMark[] heat = new RulerMark[BUCKETS];
        int[] counts = new int[BUCKETS];
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
                    "line " + m.line() + ": " + m.label(), 1, 0);
            RulerMark[] into = DEATHS.contains(m.kind()) ? buckets : heat;
            if (into == heat) {
                counts[b]++;
            }
            if (into[b] == null || RANK.indexOf(m.kind()) < RANK.indexOf(into[b].kind())) {
                into[b] = mark;
            }
        }
        int densest = 0;
        for (int c : counts) {
            densest = Math.max(densest, c);
        }
        List<RulerMark> out = new ArrayList<>();
        for (int b = 0; b < BUCKETS; b++) {
            RulerMark h = heat[b];
            if (h != null) {
                String tip = counts[b] == 1 ? h.tip() : String.format("%,d findings here, from %s", counts[b], h.tip());
                out.add(new RulerMark(h.at(), h.position(), h.kind(), null, tip, counts[b], level(counts[b], densest)));
            }
        }
        for (RulerMark m : buckets) {
            if (m != null) {
                out.add(m); // deaths after the heat: drawn on top
            }
        }
        return out;
    }

    /** 1..HEAT_LEVELS on a log scale of {@code count} against the densest bin: ten times denser reads darker, not off the scale. */
    static int level(int count, int densest) {
        if (densest <= 1) {
            return HEAT_LEVELS; // nothing denser to compare with: a lone WARN is drawn at full strength
        }
        double f = Math.log(count) / Math.log(densest);
        return 1 + (int) Math.round(f * (HEAT_LEVELS - 1));
    }

    /** Line-to-row lookup (the index's). */
    interface LineRows {
        int rowOfLine(long line);
    }
}

package dev.coroner.app.ui.model;

import dev.coroner.core.compare.CallKey;
import dev.coroner.core.compare.Op;
import dev.coroner.core.compare.TranscriptComparison;

/**
 * One aligned row of the Compare view (docs/WORKBENCH.md, "Compare view"): the call of A and the call of B the diff
 * paired, or a gap on the side that made no call here. Texts are the keys' shown lines, already escaped (hostile
 * text); a changed row carries the part of each that differs.
 *
 * @param row   the row's position in the alignment
 * @param aLine the line of A's call record, or 0 for a gap in A
 * @param aTool A's tool, or "" for a gap
 * @param aText A's key as shown: the line of the key where the two keys first differ, escaped; "" for a gap
 * @param aDiff the differing part of {@code aText} (for {@link Op#CHANGED}), or {@link KeyDifference.Span#NONE}
 */
public record CompareRow(int row, Op op, long aLine, String aTool, String aText, KeyDifference.Span aDiff,
                         long bLine, String bTool, String bText, KeyDifference.Span bDiff) {

    /** Row {@code r} of {@code c}, its changed part found. */
    static CompareRow of(TranscriptComparison c, int r) {
        Op op = c.alignment().op(r);
        CallKey ka = c.aKey(r);
        CallKey kb = c.bKey(r);
        if (op == Op.CHANGED) {
            KeyDifference d = KeyDifference.of(ka.text(), kb.text());
            return new CompareRow(r, op, c.aLine(r), ka.tool(), d.a(), d.aSpan(), c.bLine(r), kb.tool(), d.b(), d.bSpan());
        }
        return new CompareRow(r, op,
                ka == null ? 0 : c.aLine(r), ka == null ? "" : ka.tool(), ka == null ? "" : KeyDifference.shown(ka.text()),
                KeyDifference.Span.NONE,
                kb == null ? 0 : c.bLine(r), kb == null ? "" : kb.tool(), kb == null ? "" : KeyDifference.shown(kb.text()),
                KeyDifference.Span.NONE);
    }

    /** Whether A made no call here. */
    public boolean gapInA() {
        return op == Op.ONLY_B;
    }

    public boolean gapInB() {
        return op == Op.ONLY_A;
    }

    /** Every row but a same one is a difference: what F8 steps to. */
    public boolean difference() {
        return op != Op.SAME;
    }
}

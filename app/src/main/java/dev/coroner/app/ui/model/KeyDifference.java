package dev.coroner.app.ui.model;

import dev.coroner.core.compare.ChangedPart;

/**
 * The part of two call keys that differs, on the line where they first differ (docs/WORKBENCH.md, "Compare view"):
 * what a changed row highlights. The keys are cut to the one line shown (a patch's {@code *** Begin Patch} skipped, as
 * the command line does) and their common head and tail are taken off: what is left on each side is its difference
 * ({@code pytest -q} / {@code pytest -x}: {@code q} and {@code x}). The difference is found on the text as written,
 * then each piece is escaped (hostile text), so an escape is marked whole. A long common head is cut to its end after
 * "…"; a line that continues past the shown one ends in " …"; a line after the key's first starts with "… ".
 *
 * @param a     A's key as shown
 * @param aSpan the differing part of {@code a}
 */
public record KeyDifference(String a, Span aSpan, String b, Span bSpan) {
    /** A shown line is cut to this many characters: the rest is in the detail below the rows. */
    static final int SHOWN_CHARS = 400;
    /** How much of a long common head a changed row keeps before its difference. */
    static final int HEAD_KEPT = 24;
    private static final String PATCH_START = "*** Begin Patch\n";

    /** {@code [start, end)} of a shown text; empty when {@code start == end}. */
    public record Span(int start, int end) {
        public static final Span NONE = new Span(0, 0);

        public boolean isEmpty() {
            return start >= end;
        }
    }

    /** The two keys' texts, shown at their first difference with it marked. */
    static KeyDifference of(String keyA, String keyB) {
        String ta = body(keyA);
        String tb = body(keyB);
        int head = ChangedPart.commonHead(ta, tb);
        // the line both keys share up to their first difference
        int lineStart = ta.lastIndexOf('\n', head - 1) + 1;
        String a = line(ta, lineStart);
        String b = line(tb, lineStart);
        return spans(lineStart > 0 ? "… " : "", a, more(ta, lineStart, a), b, more(tb, lineStart, b));
    }

    /** A key alone, as a same or one-sided row shows it: its first line, escaped, cut. */
    static String shown(String key) {
        String t = body(key);
        String a = line(t, 0);
        return escaped(a) + more(t, 0, a);
    }

    /** Two lines as written, shown with their differing middles marked. */
    static KeyDifference spans(String a, String b) {
        return spans("", a, "", b, "");
    }

    private static KeyDifference spans(String before, String a, String afterA, String b, String afterB) {
        ChangedPart part = ChangedPart.of(a, b); // the comparison report's rule, so both mark the same part
        int head = part.head();
        int tail = part.tail();
        int from = 0;
        String lead = before;
        if (head > HEAD_KEPT + 8) { // the difference in sight in a narrow column: two paths that differ at their end
            from = head - HEAD_KEPT;
            if (Character.isLowSurrogate(a.charAt(from))) {
                from--;
            }
            lead = before + "…";
        }
        String common = lead + escaped(a.substring(from, head));
        String midA = escaped(a.substring(head, a.length() - tail));
        String midB = escaped(b.substring(head, b.length() - tail));
        String end = escaped(a.substring(a.length() - tail));
        return new KeyDifference(common + midA + end + afterA, new Span(common.length(), common.length() + midA.length()),
                common + midB + end + afterB, new Span(common.length(), common.length() + midB.length()));
    }

    private static String body(String key) {
        return key.startsWith(PATCH_START) ? key.substring(PATCH_START.length()) : key;
    }

    /** The line of {@code t} starting at {@code from}, cut to {@link #SHOWN_CHARS}. */
    private static String line(String t, int from) {
        int nl = t.indexOf('\n', from);
        String l = t.substring(from, nl < 0 ? t.length() : nl);
        if (l.length() > SHOWN_CHARS) {
            int cut = SHOWN_CHARS;
            if (Character.isLowSurrogate(l.charAt(cut))) {
                cut--;
            }
            l = l.substring(0, cut);
        }
        return l;
    }

    /** " …" when {@code t} goes on after the shown line {@code l} that starts at {@code from}. */
    private static String more(String t, int from, String l) {
        return from + l.length() < t.length() ? " …" : "";
    }

    private static String escaped(String s) {
        return dev.coroner.core.text.ControlChars.escape(Drawable.shown(s));
    }
}

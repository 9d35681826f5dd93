package dev.coroner.core.compare;

/**
 * The part of two changed call keys that differs, as the Compare view and the comparison report mark it
 * (docs/COMPARE.md, "Reports"): what lies between their common head and their common tail. When they share fewer than
 * {@link #MIN_SHARED} characters so, nothing is shared and the whole of each differs (a shared "g" of "git …" and
 * "grep …" says nothing). Head and tail never end inside a surrogate pair.
 *
 * @param head chars both keys start with
 * @param tail chars both keys end with, after the head
 */
public record ChangedPart(int head, int tail) {
    /** Fewer characters shared at head and tail than this are not shown as shared. */
    public static final int MIN_SHARED = 3;

    /** The differing part of {@code a} and {@code b}. */
    public static ChangedPart of(String a, String b) {
        int head = commonHead(a, b);
        int max = Math.min(a.length(), b.length());
        int tail = 0;
        while (tail < max - head && a.charAt(a.length() - 1 - tail) == b.charAt(b.length() - 1 - tail)) {
            tail++;
        }
        if (tail > 0 && Character.isLowSurrogate(a.charAt(a.length() - tail))) {
            tail--;
        }
        return head + tail < MIN_SHARED ? new ChangedPart(0, 0) : new ChangedPart(head, tail);
    }

    /** How many chars {@code a} and {@code b} share at their start, never ending inside a surrogate pair. */
    public static int commonHead(String a, String b) {
        int max = Math.min(a.length(), b.length());
        int head = 0;
        while (head < max && a.charAt(head) == b.charAt(head)) {
            head++;
        }
        if (head > 0 && Character.isHighSurrogate(a.charAt(head - 1))) {
            head--;
        }
        return head;
    }

    /** Where the differing part of {@code s} (one of the two keys) ends. */
    public int end(String s) {
        return s.length() - tail;
    }
}

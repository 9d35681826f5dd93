package dev.coroner.core.scripts;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A line diff of a fenced block against a program (docs/VERDICTS.md, "Code blocks", "Why unmatched"): lines only the
 * block shows are {@code -}, lines only the program holds are {@code +}, shared lines are {@code ' '}. Lines are those
 * of {@link ProgramLines}: compared exactly, without their terminators.
 *
 * <p>Made on demand, never kept. Bounded: texts over {@link ScriptMatcher#MAX_SCRIPT_BYTES} are not diffed; a shortest
 * diff (Myers) is searched up to {@link #MAX_EDITS} changed lines, past that the differing middle is shown as the
 * block's lines then the program's ({@link #minimal()} false).
 *
 * @param lines     the diff, block order and program order kept
 * @param minimal   false when the edit bound was reached and the middle is shown whole
 * @param compared  false when a text was over the size bound: then {@code lines} is empty
 */
public record LineDiff(List<Line> lines, boolean minimal, boolean compared) {
    /** A shortest diff is searched up to this many changed lines; beyond it costs more than a reader gains. */
    public static final int MAX_EDITS = 1_000;

    /** No diff: nothing to compare. */
    public static final LineDiff NONE = new LineDiff(List.of(), true, true);

    /** What a line of the diff is. */
    public enum Change {
        SAME(' '), BLOCK_ONLY('-'), PROGRAM_ONLY('+');

        private final char prefix;

        Change(char prefix) {
            this.prefix = prefix;
        }

        public char prefix() {
            return prefix;
        }
    }

    /** One line of the diff, its text as written (transcript text: escape it before showing it). */
    public record Line(Change change, String text) {
        public Line {
            Objects.requireNonNull(change);
            Objects.requireNonNull(text);
        }
    }

    public LineDiff {
        lines = List.copyOf(lines);
    }

    /** How many lines of the diff are {@code change}. */
    public long count(Change change) {
        return lines.stream().filter(l -> l.change() == change).count();
    }

    /** The diff of {@code block} against {@code program}. */
    public static LineDiff of(String block, String program) {
        if (ScriptMatcher.overSize(block) || ScriptMatcher.overSize(program)) {
            return new LineDiff(List.of(), true, false);
        }
        List<String> a = ProgramLines.of(block);
        List<String> b = ProgramLines.of(program);
        Map<String, Integer> ids = new HashMap<>();
        int[] x = ids(a, ids);
        int[] y = ids(b, ids);
        int head = 0;
        while (head < x.length && head < y.length && x[head] == y[head]) {
            head++;
        }
        int tail = 0;
        while (tail < x.length - head && tail < y.length - head && x[x.length - 1 - tail] == y[y.length - 1 - tail]) {
            tail++;
        }
        List<Line> out = new ArrayList<>();
        for (int i = 0; i < head; i++) {
            out.add(new Line(Change.SAME, a.get(i)));
        }
        int[] mx = Arrays.copyOfRange(x, head, x.length - tail);
        int[] my = Arrays.copyOfRange(y, head, y.length - tail);
        boolean minimal = middle(mx, my, a.subList(head, a.size() - tail), b.subList(head, b.size() - tail), out);
        for (int i = a.size() - tail; i < a.size(); i++) {
            out.add(new Line(Change.SAME, a.get(i)));
        }
        return new LineDiff(out, minimal, true);
    }

    private static int[] ids(List<String> lines, Map<String, Integer> ids) {
        int[] out = new int[lines.size()];
        for (int i = 0; i < out.length; i++) {
            Integer id = ids.putIfAbsent(lines.get(i), ids.size());
            out[i] = id == null ? ids.size() - 1 : id;
        }
        return out;
    }

    /** Myers' greedy shortest edit script over line ids; false when it needs more than {@link #MAX_EDITS} edits. */
    private static boolean middle(int[] x, int[] y, List<String> a, List<String> b, List<Line> out) {
        int n = x.length;
        int m = y.length;
        int limit = Math.min(n + m, MAX_EDITS);
        int off = limit + 1;
        int[] v = new int[2 * limit + 3];
        List<int[]> trace = new ArrayList<>(); // trace.get(d): v before step d, for k in -d-1..d+1
        int found = -1;
        search:
        for (int d = 0; d <= limit; d++) {
            trace.add(Arrays.copyOfRange(v, off - d - 1, off + d + 2));
            for (int k = -d; k <= d; k += 2) {
                int i = k == -d || k != d && v[off + k - 1] < v[off + k + 1] ? v[off + k + 1] : v[off + k - 1] + 1;
                int j = i - k;
                while (i < n && j < m && x[i] == y[j]) {
                    i++;
                    j++;
                }
                v[off + k] = i;
                if (i >= n && j >= m) {
                    found = d;
                    break search;
                }
            }
        }
        if (found < 0) {
            a.forEach(t -> out.add(new Line(Change.BLOCK_ONLY, t)));
            b.forEach(t -> out.add(new Line(Change.PROGRAM_ONLY, t)));
            return false;
        }
        List<Line> backwards = new ArrayList<>();
        int i = n;
        int j = m;
        for (int d = found; d >= 0; d--) {
            int[] s = trace.get(d);
            int k = i - j;
            int prevK = k == -d || k != d && s[k - 1 + d + 1] < s[k + 1 + d + 1] ? k + 1 : k - 1;
            int prevI = s[prevK + d + 1];
            int prevJ = prevI - prevK;
            while (i > prevI && j > prevJ) {
                backwards.add(new Line(Change.SAME, a.get(i - 1)));
                i--;
                j--;
            }
            if (d > 0) {
                backwards.add(i == prevI ? new Line(Change.PROGRAM_ONLY, b.get(j - 1))
                        : new Line(Change.BLOCK_ONLY, a.get(i - 1)));
            }
            i = prevI;
            j = prevJ;
        }
        for (int t = backwards.size() - 1; t >= 0; t--) {
            out.add(backwards.get(t));
        }
        return true;
    }
}

package dev.coroner.core.compare;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Two call sequences aligned as a diff (docs/COMPARE.md, "Alignment"). First a longest common subsequence on the
 * whole keys ({@link LinearLcs}): those pairs are {@link Op#SAME}. Then each gap between two same rows (the calls
 * of A and of B the first step left unmatched there) is aligned again, by a longest common subsequence on the keys'
 * families alone: those pairs are {@link Op#CHANGED} (the same tool, or both a shell command, with another input),
 * and what is left is {@link Op#ONLY_A} or {@link Op#ONLY_B}. Inside a gap, rows follow the second alignment; an
 * {@code only_a} run comes before the {@code only_b} run it stands beside. Memory is linear in the calls.
 *
 * <p>Rows are kept as three int arrays: the op, the call's index in A (-1 when none), the call's index in B.
 */
public final class Alignment {
    private final Op[] ops;
    private final int[] a;
    private final int[] b;

    private Alignment(Op[] ops, int[] a, int[] b) {
        this.ops = ops;
        this.a = a;
        this.b = b;
    }

    /** The alignment of two transcripts' call keys. */
    public static Alignment of(List<CallKey> keysA, List<CallKey> keysB) {
        Map<String, Integer> ids = new HashMap<>();
        Map<String, Integer> families = new HashMap<>();
        int[] wholeA = new int[keysA.size()];
        int[] famA = new int[keysA.size()];
        int[] wholeB = new int[keysB.size()];
        int[] famB = new int[keysB.size()];
        intern(keysA, ids, families, wholeA, famA);
        intern(keysB, ids, families, wholeB, famB);
        return of(wholeA, famA, wholeB, famB);
    }

    private static void intern(List<CallKey> keys, Map<String, Integer> ids, Map<String, Integer> families,
                               int[] whole, int[] family) {
        for (int i = 0; i < keys.size(); i++) {
            CallKey k = keys.get(i);
            // the family never holds a NUL: the pair is one string without ambiguity
            whole[i] = ids.computeIfAbsent(k.family() + '\0' + k.text(), s -> ids.size());
            family[i] = families.computeIfAbsent(k.family(), s -> families.size());
        }
    }

    /**
     * The alignment of two sequences of key ids ({@code whole}: equal means the same call) and family ids (equal
     * means one call may have changed into the other).
     */
    static Alignment of(int[] wholeA, int[] familyA, int[] wholeB, int[] familyB) {
        int[][] same = LinearLcs.of(wholeA, wholeB);
        Rows rows = new Rows(wholeA.length + wholeB.length);
        int pa = 0;
        int pb = 0;
        for (int i = 0; i <= same[0].length; i++) {
            int na = i < same[0].length ? same[0][i] : wholeA.length;
            int nb = i < same[0].length ? same[1][i] : wholeB.length;
            gap(familyA, pa, na, familyB, pb, nb, rows);
            if (i < same[0].length) {
                rows.add(Op.SAME, na, nb);
            }
            pa = na + 1;
            pb = nb + 1;
        }
        return new Alignment(Arrays.copyOf(rows.ops, rows.n), Arrays.copyOf(rows.a, rows.n), Arrays.copyOf(rows.b, rows.n));
    }

    /** The rows of one gap: A's calls {@code [aFrom, aTo)} and B's {@code [bFrom, bTo)}, none of them the same. */
    private static void gap(int[] familyA, int aFrom, int aTo, int[] familyB, int bFrom, int bTo, Rows rows) {
        if (aFrom == aTo && bFrom == bTo) {
            return;
        }
        int[][] changed = aFrom == aTo || bFrom == bTo ? new int[2][0]
                : LinearLcs.of(Arrays.copyOfRange(familyA, aFrom, aTo), Arrays.copyOfRange(familyB, bFrom, bTo));
        int pa = aFrom;
        int pb = bFrom;
        for (int i = 0; i <= changed[0].length; i++) {
            int na = i < changed[0].length ? aFrom + changed[0][i] : aTo;
            int nb = i < changed[0].length ? bFrom + changed[1][i] : bTo;
            for (int x = pa; x < na; x++) {
                rows.add(Op.ONLY_A, x, -1);
            }
            for (int y = pb; y < nb; y++) {
                rows.add(Op.ONLY_B, -1, y);
            }
            if (i < changed[0].length) {
                rows.add(Op.CHANGED, na, nb);
            }
            pa = na + 1;
            pb = nb + 1;
        }
    }

    public int size() {
        return ops.length;
    }

    public Op op(int row) {
        return ops[row];
    }

    /** The index of the row's call in A, or -1 for {@link Op#ONLY_B}. */
    public int a(int row) {
        return a[row];
    }

    /** The index of the row's call in B, or -1 for {@link Op#ONLY_A}. */
    public int b(int row) {
        return b[row];
    }

    /** The first row that is not {@link Op#SAME}, or -1 when the two runs made the same calls. */
    public int firstDivergence() {
        for (int r = 0; r < ops.length; r++) {
            if (ops[r] != Op.SAME) {
                return r;
            }
        }
        return -1;
    }

    /** How many rows have {@code op}. */
    public int count(Op op) {
        int n = 0;
        for (Op o : ops) {
            n += o == op ? 1 : 0;
        }
        return n;
    }

    private static final class Rows {
        final Op[] ops;
        final int[] a;
        final int[] b;
        int n;

        Rows(int max) {
            ops = new Op[max];
            a = new int[max];
            b = new int[max];
        }

        void add(Op op, int x, int y) {
            ops[n] = op;
            a[n] = x;
            b[n] = y;
            n++;
        }
    }
}

package dev.coroner.core.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import java.util.List;

/**
 * The alignment is a valid edit script whose {@code same} rows are a longest common subsequence: checked against a
 * naive O(n·m) dynamic programme on small random sequences over a small alphabet (so that repeats are common).
 */
class AlignmentProperties {

    @Property(tries = 2000)
    void theAlignmentIsAValidEditScriptWithALongestCommonSubsequence(
            @ForAll @Size(max = 40) List<@IntRange(min = 0, max = 5) Integer> a,
            @ForAll @Size(max = 40) List<@IntRange(min = 0, max = 5) Integer> b) {
        int[] wa = a.stream().mapToInt(Integer::intValue).toArray();
        int[] wb = b.stream().mapToInt(Integer::intValue).toArray();
        // the family: keys 0-2 are one tool, 3-5 another
        int[] fa = a.stream().mapToInt(k -> k / 3).toArray();
        int[] fb = b.stream().mapToInt(k -> k / 3).toArray();
        Alignment al = Alignment.of(wa, fa, wb, fb);
        int nextA = 0;
        int nextB = 0;
        int same = 0;
        for (int r = 0; r < al.size(); r++) {
            Op op = al.op(r);
            if (op != Op.ONLY_B) {
                assertEquals(nextA++, al.a(r), "every call of A once, in order");
            } else {
                assertEquals(-1, al.a(r));
            }
            if (op != Op.ONLY_A) {
                assertEquals(nextB++, al.b(r), "every call of B once, in order");
            } else {
                assertEquals(-1, al.b(r));
            }
            if (op == Op.SAME) {
                assertEquals(wa[al.a(r)], wb[al.b(r)], "a same row pairs equal keys");
                same++;
            }
            if (op == Op.CHANGED) {
                assertTrue(wa[al.a(r)] != wb[al.b(r)] && fa[al.a(r)] == fb[al.b(r)],
                        "a changed row pairs other keys of one family");
            }
        }
        assertEquals(wa.length, nextA);
        assertEquals(wb.length, nextB);
        assertEquals(naiveLcs(wa, wb), same, "the same rows are a longest common subsequence");
        assertEquals(al.firstDivergence() < 0, same == wa.length && same == wb.length);
    }

    private static int naiveLcs(int[] a, int[] b) {
        int[][] t = new int[a.length + 1][b.length + 1];
        for (int i = a.length - 1; i >= 0; i--) {
            for (int j = b.length - 1; j >= 0; j--) {
                t[i][j] = a[i] == b[j] ? t[i + 1][j + 1] + 1 : Math.max(t[i + 1][j], t[i][j + 1]);
            }
        }
        return t[0][0];
    }
}

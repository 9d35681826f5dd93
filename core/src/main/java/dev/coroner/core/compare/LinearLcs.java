package dev.coroner.core.compare;

import java.util.Arrays;

/**
 * A longest common subsequence of two int sequences in linear memory: Myers' O(ND) difference algorithm with the
 * linear-space refinement (the "middle snake", Myers 1986, section 4b), after the common head and tail are matched
 * directly (docs/COMPARE.md, "Alignment"). Time O((N+M)·D) for D differences; memory O(N+M): two diagonal arrays
 * shared by every level of the recursion and the matched pairs. Recursion depth is about log2(D).
 */
final class LinearLcs {
    private final int[] a;
    private final int[] b;
    /** Furthest x reached per diagonal, forward and backward; reused by every middle-snake search. */
    private final int[] forward;
    private final int[] backward;
    private int[] matchA;
    private int[] matchB;
    private int matches;

    private LinearLcs(int[] a, int[] b) {
        this.a = a;
        this.b = b;
        int size = a.length + b.length + 3;
        this.forward = new int[size];
        this.backward = new int[size];
        int cap = Math.min(a.length, b.length);
        this.matchA = new int[cap];
        this.matchB = new int[cap];
    }

    /**
     * The matched pairs of one longest common subsequence, in increasing order on both sides: {@code result[0][i]}
     * in {@code a} matches {@code result[1][i]} in {@code b}.
     */
    static int[][] of(int[] a, int[] b) {
        LinearLcs lcs = new LinearLcs(a, b);
        lcs.solve(0, a.length, 0, b.length);
        return new int[][] {Arrays.copyOf(lcs.matchA, lcs.matches), Arrays.copyOf(lcs.matchB, lcs.matches)};
    }

    private void match(int x, int y) {
        matchA[matches] = x;
        matchB[matches] = y;
        matches++;
    }

    private void solve(int aLo, int aHi, int bLo, int bHi) {
        while (aLo < aHi && bLo < bHi && a[aLo] == b[bLo]) {
            match(aLo++, bLo++);
        }
        int tail = 0;
        while (aLo < aHi && bLo < bHi && a[aHi - 1] == b[bHi - 1]) {
            aHi--;
            bHi--;
            tail++;
        }
        if (aLo < aHi && bLo < bHi) {
            middleSnake(aLo, aHi, bLo, bHi);
            int x0 = snake[0];
            int y0 = snake[1];
            int x1 = snake[2];
            int y1 = snake[3]; // copied: the recursion below finds its own snakes
            if (x0 == aLo && y0 == bLo && x1 == aHi && y1 == bHi) {
                throw new IllegalStateException("no progress"); // cannot happen: the head and tail differ
            }
            solve(aLo, x0, bLo, y0);
            for (int x = x0, y = y0; x < x1; x++, y++) {
                match(x, y);
            }
            solve(x1, aHi, y1, bHi);
        }
        for (int i = 0; i < tail; i++) {
            match(aHi + i, bHi + i);
        }
    }

    /** The last middle snake found: start x, start y, end x, end y, in absolute positions. */
    private final int[] snake = new int[4];

    /** Finds the middle snake of the section into {@link #snake}. */
    private void middleSnake(int aLo, int aHi, int bLo, int bHi) {
        int n = aHi - aLo;
        int m = bHi - bLo;
        int delta = n - m;
        boolean odd = (delta & 1) != 0;
        int max = (n + m + 1) / 2;
        int off = max + 1;
        forward[off + 1] = 0;
        backward[off + 1] = 0;
        for (int d = 0; d <= max; d++) {
            for (int k = -d; k <= d; k += 2) {
                int x = (k == -d || (k != d && forward[off + k - 1] < forward[off + k + 1]))
                        ? forward[off + k + 1] : forward[off + k - 1] + 1;
                int y = x - k;
                int x0 = x;
                int y0 = y;
                while (x < n && y < m && a[aLo + x] == b[bLo + y]) {
                    x++;
                    y++;
                }
                forward[off + k] = x;
                int c = delta - k;
                if (odd && c >= -(d - 1) && c <= d - 1 && x + backward[off + c] >= n) {
                    setSnake(aLo + x0, bLo + y0, aLo + x, bLo + y);
                    return;
                }
            }
            for (int k = -d; k <= d; k += 2) {
                int x = (k == -d || (k != d && backward[off + k - 1] < backward[off + k + 1]))
                        ? backward[off + k + 1] : backward[off + k - 1] + 1;
                int y = x - k;
                int x0 = x;
                int y0 = y;
                while (x < n && y < m && a[aHi - 1 - x] == b[bHi - 1 - y]) {
                    x++;
                    y++;
                }
                backward[off + k] = x;
                int c = delta - k;
                if (!odd && c >= -d && c <= d && x + forward[off + c] >= n) {
                    setSnake(aHi - x, bHi - y, aHi - x0, bHi - y0);
                    return;
                }
            }
        }
        throw new IllegalStateException("no middle snake"); // cannot happen: the paths meet by d = max
    }

    private void setSnake(int x0, int y0, int x1, int y1) {
        snake[0] = x0;
        snake[1] = y0;
        snake[2] = x1;
        snake[3] = y1;
    }
}

package dev.coroner.core.read;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Byte searches eight bytes at a time (docs/ARCHITECTURE.md, "The pass"): the reader's line ends, and a text search's
 * candidate places and line counts. Each word is read little-endian, so its lowest byte comes first in the array.
 */
public final class ByteWords {
    static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    static final long ONES = 0x0101010101010101L;
    static final long HIGHS = 0x8080808080808080L;
    private static final long LOWS = 0x7F7F7F7F7F7F7F7FL;
    /** OR-ed into a word, it turns each ASCII capital letter into its small letter (and other bytes into others). */
    private static final long CASE_BITS = 0x2020202020202020L;

    private ByteWords() {
    }

    /**
     * Which byte of a little-endian word is the first flagged, given flags only in the bytes' high bits (the lowest of
     * them true): the same as {@code Long.numberOfTrailingZeros(flags) >>> 3}, but a multiplication, which the client
     * compiler the command line runs with makes cheap where it makes a call of numberOfTrailingZeros.
     */
    static int firstFlagged(long flags) {
        return 7 - (int) ((((flags & -flags) >>> 7) * 0x0706050403020100L) >>> 56);
    }

    /**
     * High bits flagging the zero bytes of {@code x}: the lowest flag is exact and no zero byte goes unflagged, but a
     * byte above a zero one may be flagged too (the subtraction's borrow), so a caller reads only the lowest flag, or
     * checks each place it flags.
     */
    private static long zeroFlags(long x) {
        return (x - ONES) & ~x & HIGHS;
    }

    /** High bits flagging exactly the zero bytes of {@code x}, none other (no borrow crosses a byte). */
    private static long exactZeroFlags(long x) {
        return ~(((x & LOWS) + LOWS) | x | LOWS);
    }

    /** The first byte of {@code b[from, to)} that is 0x80 or more (not ASCII), or {@code to}: a UTF-8 check's skip. */
    static int asciiEnd(byte[] b, int from, int to) {
        int i = from;
        while (i + 8 <= to && ((long) LONGS.get(b, i) & HIGHS) == 0) {
            i += 8;
        }
        while (i < to && b[i] >= 0) {
            i++;
        }
        return i;
    }

    /** The first {@code c} in {@code b[from, to)}, or -1 (the pass's hottest loop, for its line ends). */
    public static int indexOf(byte[] b, int from, int to, byte c) {
        long pattern = (c & 0xFFL) * ONES;
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long found = zeroFlags((long) LONGS.get(b, i) ^ pattern);
            if (found != 0) {
                return i + firstFlagged(found);
            }
        }
        for (; i < to; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The first place in {@code b[from, to)} whose byte is {@code folded} once an ASCII capital letter is made small,
     * or -1. {@code folded} is itself no capital letter.
     */
    public static int indexOfIgnoringAsciiCase(byte[] b, int from, int to, byte folded) {
        if (folded < 'a' || folded > 'z') {
            return indexOf(b, from, to, folded); // only the byte itself folds to a byte that is not a small letter
        }
        // only the small letter and its capital OR to it with 0x20 in each byte
        long pattern = (folded & 0xFFL) * ONES;
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long found = zeroFlags(((long) LONGS.get(b, i) | CASE_BITS) ^ pattern);
            if (found != 0) {
                return i + firstFlagged(found);
            }
        }
        for (; i < to; i++) {
            if ((b[i] | 0x20) == folded) {
                return i;
            }
        }
        return -1;
    }

    /** How many bytes of {@code b[from, to)} are {@code c}. */
    public static int count(byte[] b, int from, int to, byte c) {
        long pattern = (c & 0xFFL) * ONES;
        int count = 0;
        int i = from;
        while (i + 8 <= to) {
            // each byte's flag moved to its low bit and added up per byte, for at most 255 words (a byte's most), then
            // the eight sums added into the top byte by one multiplication
            long sums = 0;
            int end = Math.min(to - 7, i + 255 * 8);
            for (; i < end; i += 8) {
                sums += exactZeroFlags((long) LONGS.get(b, i) ^ pattern) >>> 7;
            }
            long pairs = (sums & 0x00FF00FF00FF00FFL) + ((sums >>> 8) & 0x00FF00FF00FF00FFL);
            count += (int) ((pairs * 0x0001000100010001L) >>> 48);
        }
        for (; i < to; i++) {
            if (b[i] == c) {
                count++;
            }
        }
        return count;
    }
}

package dev.coroner.core.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The word-at-a-time searches against byte-by-byte ones, on arrays drawn from the bytes where a word test can go wrong:
 * zero and one (the borrow), the line end, each letter's capital and small form and their neighbours ({@code @},
 * {@code `}, {@code [}, {@code {}), and high bytes that OR 0x20 into another high byte.
 */
class ByteWordsTest {
    private static final byte[] EDGES = {0x00, 0x01, '\n', 0x0B, ' ', 'A', 'a', 'Z', 'z', 'N', 'n', '@', '`', '[', '{',
                                         (byte) 0x80, (byte) 0xA0, (byte) 0xC1, (byte) 0xE1, (byte) 0xCE, (byte) 0xEE,
                                         (byte) 0xFF, '"', '\\'};

    private static int naiveIndexOf(byte[] b, int from, int to, byte c) {
        for (int i = from; i < to; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    private static byte lower(byte b) {
        return b >= 'A' && b <= 'Z' ? (byte) (b + 32) : b;
    }

    private static int naiveFolded(byte[] b, int from, int to, byte folded) {
        for (int i = from; i < to; i++) {
            if (lower(b[i]) == folded) {
                return i;
            }
        }
        return -1;
    }

    private static int naiveCount(byte[] b, int from, int to, byte c) {
        int n = 0;
        for (int i = from; i < to; i++) {
            n += b[i] == c ? 1 : 0;
        }
        return n;
    }

    @Test
    void findAndCountWhatAByteByByteLoopFinds() {
        Random random = new Random(11);
        for (int round = 0; round < 20_000; round++) {
            byte[] b = new byte[random.nextInt(40)];
            for (int i = 0; i < b.length; i++) {
                b[i] = random.nextInt(4) == 0 ? (byte) random.nextInt(256) : EDGES[random.nextInt(EDGES.length)];
            }
            int from = b.length == 0 ? 0 : random.nextInt(b.length + 1);
            int to = from + random.nextInt(b.length - from + 1);
            byte c = random.nextBoolean() ? EDGES[random.nextInt(EDGES.length)] : (byte) random.nextInt(256);
            String where = "round " + round + ", byte " + (c & 0xFF);
            assertEquals(naiveIndexOf(b, from, to, c), ByteWords.indexOf(b, from, to, c), where);
            assertEquals(naiveCount(b, from, to, c), ByteWords.count(b, from, to, c), where);
            byte folded = lower(c);
            assertEquals(naiveFolded(b, from, to, folded), ByteWords.indexOfIgnoringAsciiCase(b, from, to, folded), where);
        }
    }

    /** Long runs, past the 255 words whose counts one word of sums holds: all one value, then random. */
    @Test
    void countsLongRunsWhole() {
        int length = 8 * 255 * 3 + 19;
        for (int v = 0; v < 256; v++) {
            byte[] b = new byte[length];
            java.util.Arrays.fill(b, (byte) v);
            assertEquals(length, ByteWords.count(b, 0, length, (byte) v));
            assertEquals(length - 5, ByteWords.count(b, 3, length - 2, (byte) v));
            assertEquals(0, ByteWords.count(b, 0, length, (byte) (v + 1)));
        }
        Random random = new Random(13);
        for (int round = 0; round < 50; round++) {
            byte[] b = new byte[length];
            for (int i = 0; i < length; i++) {
                b[i] = EDGES[random.nextInt(3)];
            }
            int from = random.nextInt(100);
            assertEquals(naiveCount(b, from, length, (byte) '\n'), ByteWords.count(b, from, length, (byte) '\n'));
        }
    }

    @Test
    void findsTheFirstFlaggedByteOfAWordAsNumberOfTrailingZerosDoes() {
        Random random = new Random(8);
        for (int k = 0; k < 8; k++) {
            for (int round = 0; round < 200; round++) {
                long flags = 1L << (8 * k + 7);
                for (int above = k + 1; above < 8; above++) {
                    if (random.nextBoolean()) {
                        flags |= 1L << (8 * above + 7);
                    }
                }
                assertEquals(Long.numberOfTrailingZeros(flags) >>> 3, ByteWords.firstFlagged(flags));
            }
        }
    }
}

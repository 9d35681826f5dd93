package dev.coroner.core.read;

/**
 * Strict UTF-8 validation, as Python's decoder does it: no overlong forms, no surrogates, nothing past
 * U+10FFFF. Stateful so a line streamed from the file in chunks validates the same as one in memory.
 */
final class Utf8 {
    private int need;       // continuation bytes still expected
    private int lower = 0x80, upper = 0xBF; // allowed range of the next continuation byte
    private long position;  // bytes consumed so far
    private long errorAt = -1;

    /**
     * Feeds bytes; returns false once an error has been seen (see {@link #errorAt()}). Between sequences, plain ASCII
     * is stepped over eight bytes at a time: a line too long for memory is mostly that (a tool output, base64).
     */
    boolean feed(byte[] b, int from, int to) {
        if (errorAt >= 0) {
            return false;
        }
        int i = from;
        while (i < to) {
            if (need == 0) {
                int start = i;
                i = ByteWords.asciiEnd(b, i, to);
                position += i - start;
                if (i == to) {
                    break;
                }
            }
            int c = b[i] & 0xFF;
            if (need == 0) {
                int lead = lead(c); // 0x80 or more: asciiEnd stopped on it
                if (lead < 0) {
                    errorAt = position;
                    return false;
                }
                need = lead >>> 16;
                lower = (lead >>> 8) & 0xFF;
                upper = lead & 0xFF;
            } else {
                if (c < lower || c > upper) {
                    errorAt = position;
                    return false;
                }
                lower = 0x80;
                upper = 0xBF;
                need--;
            }
            i++;
            position++;
        }
        return true;
    }

    /** Call after the last byte: a sequence cut short is an error at the end. */
    boolean finish() {
        if (errorAt < 0 && need != 0) {
            errorAt = position;
        }
        return errorAt < 0;
    }

    /** Offset, from the first byte fed, of the first bad byte; -1 when valid so far. */
    long errorAt() {
        return errorAt;
    }

    /**
     * The offset (from {@code from}) of the first byte that is not strict UTF-8 in {@code b[from, to)}, or -1. ASCII
     * runs are skipped eight bytes at a time, between every multi-byte sequence too: real text mixes the two (an em
     * dash, an emoji) and must not fall back to a byte at a time for the rest of a long line.
     */
    static long firstError(byte[] b, int from, int to) {
        int i = from;
        while (true) {
            i = ByteWords.asciiEnd(b, i, to);
            if (i == to) {
                return -1;
            }
            int end = sequenceEnd(b, i, to);
            if (end < 0) {
                Utf8 v = new Utf8(); // the slow validator words the error exactly where it is
                v.position = i - from;
                v.feed(b, i, to);
                v.finish();
                return v.errorAt();
            }
            i = end;
        }
    }

    /** Where the well-formed multi-byte sequence starting at {@code i} ends, or -1 when it is not well-formed. */
    static int sequenceEnd(byte[] b, int i, int to) {
        int lead = lead(b[i] & 0xFF);
        if (lead < 0) {
            return -1;
        }
        int need = lead >>> 16;
        int lower = (lead >>> 8) & 0xFF;
        int upper = lead & 0xFF;
        if (i + need >= to) {
            return -1; // cut short
        }
        for (int k = 1; k <= need; k++) {
            int d = b[i + k] & 0xFF;
            if (d < lower || d > upper) {
                return -1;
            }
            lower = 0x80;
            upper = 0xBF;
        }
        return i + need + 1;
    }

    /**
     * What a lead byte of 0x80 or more asks of the bytes after it, the one table both validators read: how many
     * continuation bytes (bits 16+), the range the first of them must fall in (lower: bits 8-15, upper: bits 0-7;
     * narrowed after E0, ED, F0, F4 to refuse overlong forms, surrogates and code points past U+10FFFF); -1 when the
     * byte can never start a character.
     */
    private static int lead(int c) {
        if (c >= 0xC2 && c <= 0xDF) {
            return 1 << 16 | 0x80 << 8 | 0xBF;
        } else if (c == 0xE0) {
            return 2 << 16 | 0xA0 << 8 | 0xBF;
        } else if (c == 0xED) {
            return 2 << 16 | 0x80 << 8 | 0x9F;
        } else if (c >= 0xE1 && c <= 0xEF) {
            return 2 << 16 | 0x80 << 8 | 0xBF;
        } else if (c == 0xF0) {
            return 3 << 16 | 0x90 << 8 | 0xBF;
        } else if (c == 0xF4) {
            return 3 << 16 | 0x80 << 8 | 0x8F;
        } else if (c >= 0xF1 && c <= 0xF3) {
            return 3 << 16 | 0x80 << 8 | 0xBF;
        }
        return -1;
    }
}

package dev.coroner.core.read;

import java.io.IOException;

/**
 * Python's {@code str.strip()} white space, which the reference applies to each line before parsing: the
 * ASCII set (tab, LF, VT, FF, CR, 0x1C–0x1F, space) and the Unicode spaces, matched here on their UTF-8 bytes.
 */
public final class PyWhitespace {
    private PyWhitespace() {
    }

    /** Whether {@code cp} is white space to Python's {@code str.isspace()}. */
    public static boolean isSpace(int cp) {
        return (cp >= 0x09 && cp <= 0x0D) || (cp >= 0x1C && cp <= 0x20) || cp == 0x85 || cp == 0xA0
                || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029
                || cp == 0x202F || cp == 0x205F || cp == 0x3000;
    }

    /** {@code s.strip()} as Python does it. */
    public static String strip(String s) {
        int a = 0;
        int b = s.length();
        while (a < b && isSpace(s.codePointAt(a))) {
            a += Character.charCount(s.codePointAt(a));
        }
        while (b > a && isSpace(s.codePointBefore(b))) {
            b -= Character.charCount(s.codePointBefore(b));
        }
        return s.substring(a, b);
    }

    /** Trims white space from both ends of {@code [from, to)}; returns the new bounds. */
    static long[] trim(LineBytes bytes, long from, long to) throws IOException {
        long a = from;
        long b = to;
        int w;
        while (a < b && (w = spaceAt(bytes, a, b)) > 0) {
            a += w;
        }
        while (b > a && (w = spaceBefore(bytes, a, b)) > 0) {
            b -= w;
        }
        return new long[] {a, b};
    }

    /**
     * Length of the non-ASCII white-space character whose last byte is {@code a[i]} and whose bytes all lie in
     * {@code a[0..i]}, or 0: the same characters, matched on the same bytes, as {@link #trim} takes.
     */
    static int spaceEndingAt(byte[] a, int i) {
        int last = a[i] & 0xFF;
        if ((last & 0xC0) != 0x80 || i < 1) {
            return 0;
        }
        int before = a[i - 1] & 0xFF;
        if (before == 0xC2) {
            return last == 0x85 || last == 0xA0 ? 2 : 0;
        }
        if (i < 2 || (before & 0xC0) != 0x80) {
            return 0;
        }
        int lead = a[i - 2] & 0xFF;
        if (lead != 0xE1 && lead != 0xE2 && lead != 0xE3) {
            return 0;
        }
        int cp = ((lead & 0x0F) << 12) | ((before & 0x3F) << 6) | (last & 0x3F);
        return isSpace(cp) ? 3 : 0;
    }

    /** Length of the white-space character starting at {@code i}, or 0. */
    private static int spaceAt(LineBytes bytes, long i, long end) throws IOException {
        int c = bytes.at(i);
        if (c < 0x80) {
            return isSpace(c) ? 1 : 0;
        }
        if (c == 0xC2 && i + 1 < end) {
            int d = bytes.at(i + 1);
            return d == 0x85 || d == 0xA0 ? 2 : 0;
        }
        if ((c == 0xE1 || c == 0xE2 || c == 0xE3) && i + 2 < end) {
            int cp = ((c & 0x0F) << 12) | ((bytes.at(i + 1) & 0x3F) << 6) | (bytes.at(i + 2) & 0x3F);
            boolean wellFormed = (bytes.at(i + 1) & 0xC0) == 0x80 && (bytes.at(i + 2) & 0xC0) == 0x80;
            return wellFormed && isSpace(cp) ? 3 : 0;
        }
        return 0;
    }

    private static int spaceBefore(LineBytes bytes, long start, long end) throws IOException {
        int c = bytes.at(end - 1);
        if (c < 0x80) {
            return isSpace(c) ? 1 : 0;
        }
        if (end - 2 >= start && spaceAt(bytes, end - 2, end) == 2) {
            return 2;
        }
        if (end - 3 >= start && spaceAt(bytes, end - 3, end) == 3) {
            return 3;
        }
        return 0;
    }
}

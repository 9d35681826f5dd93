package dev.coroner.core.text;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * A path as Coroner prints and reports it (docs/CLI.md, "File names and the locale"). File names are bytes; Java
 * decodes them as UTF-8 and writes U+FFFD for a byte that is not, which would print two different files alike. The
 * path itself keeps the raw bytes (opening it works), so only its text needs care:
 * <ul>
 *   <li>a name that is valid UTF-8 and holds no backslash is {@link Path#toString()}, unchanged;</li>
 *   <li>otherwise its bytes are read back and written as UTF-8, each byte that is not part of a valid UTF-8 sequence
 *       as {@code \xNN} (two lower-case hex digits) and each backslash as {@code \\}.</li>
 * </ul>
 * Escaping the backslash whenever the text is escaped at all is what makes the text name one file only: an escaped
 * text is the only kind that holds a backslash, and in it every backslash starts {@code \\} or {@code \xNN}, so the
 * bytes can be read back. (A name spelled {@code caf\xe9.jsonl} in ASCII prints {@code caf\\xe9.jsonl}, the byte
 * 0xE9 prints {@code caf\xe9.jsonl}.) On a file system whose separator is not {@code /} (Windows: names are UTF-16,
 * the backslash separates folders) the text is {@link Path#toString()}.
 */
public final class PathText {
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private PathText() {
    }

    /** {@code path} as text that names its bytes, or null for null. */
    public static String of(Path path) {
        if (path == null) {
            return null;
        }
        String s = path.toString();
        if (s.indexOf('\uFFFD') < 0 && s.indexOf('\\') < 0 || !"/".equals(path.getFileSystem().getSeparator())) {
            return s;
        }
        return escape(bytes(path));
    }

    /**
     * The bytes of {@code path} as the file system holds them. A Unix path's URI percent-encodes every byte of the
     * absolute path that is not printable ASCII; a relative path is read as if under {@code /} and that {@code /}
     * dropped, and the {@code /} a URI adds after an existing folder is dropped too.
     */
    static byte[] bytes(Path path) {
        boolean relative = !path.isAbsolute();
        Path absolute = relative ? path.getFileSystem().getPath("/").resolve(path) : path;
        String raw = absolute.toUri().getRawPath();
        int from = relative ? 1 : 0;
        int to = raw.length() > 1 && raw.endsWith("/") ? raw.length() - 1 : raw.length();
        byte[] out = new byte[to - from];
        int n = 0;
        for (int i = from; i < to; i++) {
            char c = raw.charAt(i);
            if (c == '%' && i + 2 < to) {
                out[n++] = (byte) Integer.parseInt(raw, i + 1, i + 3, 16);
                i += 2;
            } else {
                out[n++] = (byte) c;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** {@code b} as UTF-8, every byte outside a valid UTF-8 sequence as {@code \xNN}, every backslash as {@code \\}. */
    static String escape(byte[] b) {
        StringBuilder out = new StringBuilder(b.length + 16);
        int i = 0;
        while (i < b.length) {
            int n = validSequence(b, i);
            if (n == 0) {
                int v = b[i] & 0xFF;
                out.append('\\').append('x').append(HEX[v >> 4]).append(HEX[v & 0xF]);
                i++;
            } else if (b[i] == '\\') {
                out.append("\\\\");
                i++;
            } else {
                out.append(new String(b, i, n, StandardCharsets.UTF_8));
                i += n;
            }
        }
        return out.toString();
    }

    /**
     * The length of the well-formed UTF-8 sequence starting at {@code i} (Unicode, table 3-7: no overlong forms, no
     * surrogates, nothing above U+10FFFF), or 0 when the byte there starts none.
     */
    private static int validSequence(byte[] b, int i) {
        int b0 = b[i] & 0xFF;
        if (b0 < 0x80) {
            return 1;
        }
        int n;
        int lo = 0x80;
        int hi = 0xBF;
        if (b0 >= 0xC2 && b0 <= 0xDF) {
            n = 2;
        } else if (b0 >= 0xE0 && b0 <= 0xEF) {
            n = 3;
            if (b0 == 0xE0) {
                lo = 0xA0;
            } else if (b0 == 0xED) {
                hi = 0x9F;
            }
        } else if (b0 >= 0xF0 && b0 <= 0xF4) {
            n = 4;
            if (b0 == 0xF0) {
                lo = 0x90;
            } else if (b0 == 0xF4) {
                hi = 0x8F;
            }
        } else {
            return 0;
        }
        if (i + n > b.length) {
            return 0;
        }
        int b1 = b[i + 1] & 0xFF;
        if (b1 < lo || b1 > hi) {
            return 0;
        }
        for (int k = 2; k < n; k++) {
            int bk = b[i + k] & 0xFF;
            if (bk < 0x80 || bk > 0xBF) {
                return 0;
            }
        }
        return n;
    }
}

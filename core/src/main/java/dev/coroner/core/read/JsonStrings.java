package dev.coroner.core.read;

/**
 * Decodes JSON string bodies from their bytes: the one decoder of escapes and UTF-8 for the record skimmer (a whole
 * string, already checked) and for the start of a huge value, which never has to be decoded whole.
 */
final class JsonStrings {
    private JsonStrings() {
    }

    /**
     * The first {@code maxChars} characters of the JSON string whose opening quote is {@code json[0]}, and whether
     * the string ends within them. The bytes were checked as UTF-8 and the line as JSON before; a prefix cut inside an
     * escape or a character is simply shorter.
     */
    static JsonLine.StringPrefix prefix(byte[] json, int maxChars) {
        char[] out = new char[maxChars + 1]; // + 1: the last character may be the second half of a surrogate pair
        long r = decode(json, 1, json.length, out, maxChars);
        int end = (int) (r >>> 32);
        return new JsonLine.StringPrefix(new String(out, 0, (int) r), end < json.length && json[end] == '"');
    }

    /**
     * Decodes the checked JSON string body {@code in[from, to)} into {@code out} (UTF-16, as the general reader does: a
     * lone escaped surrogate kept as is). Stops at {@code to}, at an unescaped {@code "} (the string's end), once
     * {@code maxChars} characters are written (a pair may make it one more), or before an escape or a character cut
     * by {@code to}. {@code out} must hold {@code maxChars + 1} characters.
     *
     * @return the position reached in the high 32 bits, the characters written in the low 32
     */
    static long decode(byte[] in, int from, int to, char[] out, int maxChars) {
        int o = 0;
        int p = from;
        while (p < to && o < maxChars) {
            int c = in[p] & 0xFF;
            if (c < 0x80) {
                if (c == '"') {
                    break;
                }
                if (c != '\\') {
                    out[o++] = (char) c;
                    p++;
                    continue;
                }
                if (p + 1 >= to) {
                    break;
                }
                int e = in[p + 1];
                switch (e) {
                    case 'b' -> out[o++] = '\b';
                    case 'f' -> out[o++] = '\f';
                    case 'n' -> out[o++] = '\n';
                    case 'r' -> out[o++] = '\r';
                    case 't' -> out[o++] = '\t';
                    case 'u' -> {
                        if (p + 6 > to) {
                            return (long) p << 32 | o;
                        }
                        out[o++] = (char) (hex(in[p + 2]) << 12 | hex(in[p + 3]) << 8 | hex(in[p + 4]) << 4 | hex(in[p + 5]));
                        p += 4;
                    }
                    default -> out[o++] = (char) e; // " \ /
                }
                p += 2;
            } else if (c < 0xE0) {
                if (p + 2 > to) {
                    break;
                }
                out[o++] = (char) ((c & 0x1F) << 6 | (in[p + 1] & 0x3F));
                p += 2;
            } else if (c < 0xF0) {
                if (p + 3 > to) {
                    break;
                }
                out[o++] = (char) ((c & 0x0F) << 12 | (in[p + 1] & 0x3F) << 6 | (in[p + 2] & 0x3F));
                p += 3;
            } else {
                if (p + 4 > to) {
                    break;
                }
                int cp = (c & 0x07) << 18 | (in[p + 1] & 0x3F) << 12 | (in[p + 2] & 0x3F) << 6 | (in[p + 3] & 0x3F);
                out[o++] = Character.highSurrogate(cp);
                out[o++] = Character.lowSurrogate(cp);
                p += 4;
            }
        }
        return (long) p << 32 | o;
    }

    /** The value of one hex digit, or -1. */
    static int hex(int c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }
}

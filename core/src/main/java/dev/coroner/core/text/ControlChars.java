package dev.coroner.core.text;

/**
 * Transcript text is hostile: before it reaches a terminal, control characters (C0, DEL, C1) and the
 * invisible bidi/line-breaking format characters are written as visible escapes, so a transcript can never
 * move the cursor, recolour the screen or reorder what a reader sees.
 */
public final class ControlChars {
    private ControlChars() {
    }

    /** Whether {@code cp} must not reach a terminal raw. */
    public static boolean isUnsafe(int cp) {
        return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029
                || (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x202A && cp <= 0x202E)
                || (cp >= 0x2066 && cp <= 0x2069) || cp == 0xFEFF
                || (cp >= 0xD800 && cp <= 0xDFFF);
    }

    /** {@code s} with every unsafe character written as a visible escape (backslash-n, backslash-xNN, backslash-u{NNNN}, …). */
    public static String escape(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder out = null;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            int n = Character.charCount(cp);
            if (isUnsafe(cp)) {
                if (out == null) {
                    out = new StringBuilder(s.length() + 16).append(s, 0, i);
                }
                switch (cp) {
                    case '\n' -> out.append("\\n");
                    case '\r' -> out.append("\\r");
                    case '\t' -> out.append("\\t");
                    default -> out.append(cp <= 0xFF ? String.format("\\x%02x", cp) : String.format("\\u{%04x}", cp));
                }
            } else if (out != null) {
                out.appendCodePoint(cp);
            }
            i += n;
        }
        return out == null ? s : out.toString();
    }
}

package dev.coroner.core.redact;

/**
 * What the secret shapes are matched against (docs/VERDICTS.md, "Redaction"): the text with the characters that hide a
 * secret from a pattern but not from a reader taken out — invisible format characters (U+200B zero-width space,
 * U+200D, U+2060, U+FEFF, the soft hyphen, bidi controls: Unicode category Cf) and JSON's escapes in raw record text
 * ({@code \u0067hp_…} is {@code ghp_…}, {@code \"password\"} is {@code "password"}). Each of its characters knows
 * where it came from, so a match is replaced in the original text and nothing around it changes. One pass, linear.
 */
final class Normalised {
    private final String text;
    /** {@code text.charAt(i)} came from {@code original[from[i], to[i])}; null when text is the original. */
    private final int[] from;
    private final int[] to;

    private Normalised(String text, int[] from, int[] to) {
        this.text = text;
        this.from = from;
        this.to = to;
    }

    static Normalised of(String s) {
        if (!needed(s)) {
            return new Normalised(s, null, null);
        }
        StringBuilder b = new StringBuilder(s.length());
        int[] from = new int[s.length()];
        int[] to = new int[s.length()];
        int n = 0;
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            int next = i + 1;
            if (c == '\\' && i + 1 < s.length()) {
                char e = s.charAt(i + 1);
                if (e == '\\' || e == '"' || e == '/') {
                    c = e;
                    next = i + 2;
                } else if (e == 'u' && i + 6 <= s.length() && hex(s, i + 2, i + 6) >= 0) {
                    c = (char) hex(s, i + 2, i + 6);
                    next = i + 6;
                }
            }
            if (Character.getType(c) != Character.FORMAT) {
                b.append(c);
                from[n] = i;
                to[n] = next;
                n++;
            }
            i = next;
        }
        return new Normalised(b.toString(), from, to);
    }

    /** Whether {@code s} holds a backslash or a format character: else it is matched as it is. */
    private static boolean needed(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' || c >= '\u00ad' && Character.getType(c) == Character.FORMAT) {
                return true;
            }
        }
        return false;
    }

    /** The four hexadecimal digits {@code s[start, end)} as a number, or -1. */
    private static int hex(String s, int start, int end) {
        int v = 0;
        for (int i = start; i < end; i++) {
            int d = Character.digit(s.charAt(i), 16);
            if (d < 0 || s.charAt(i) > 'f') {
                return -1;
            }
            v = v * 16 + d;
        }
        return v;
    }

    String text() {
        return text;
    }

    /** Where the character at {@code i} of {@link #text()} starts in the original. */
    int start(int i) {
        return from == null ? i : from[i];
    }

    /** Where the character at {@code i} of {@link #text()} ends in the original. */
    int end(int i) {
        return to == null ? i + 1 : to[i];
    }
}

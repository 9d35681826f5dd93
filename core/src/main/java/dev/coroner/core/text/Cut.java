package dev.coroner.core.text;

/** Text cut to a length for a person to read, never through a surrogate pair. */
public final class Cut {
    private Cut() {
    }

    /**
     * {@code s} when it holds at most {@code max} chars; else its first {@code max} chars (one fewer when the last would
     * be half a surrogate pair) and "…".
     */
    public static String to(String s, int max) {
        if (s.length() <= max) {
            return s;
        }
        int cut = Character.isHighSurrogate(s.charAt(max - 1)) ? max - 1 : max;
        return s.substring(0, cut) + "…";
    }
}

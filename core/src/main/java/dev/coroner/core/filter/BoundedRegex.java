package dev.coroner.core.filter;

import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code matches} pattern whose match cannot run away on hostile text: the matcher reads the text through a
 * {@link CharSequence} that counts its reads and gives up past {@link #READ_BUDGET_PER_CHAR} reads per char of the
 * text (at least {@link #MIN_READ_BUDGET}). A match that gives up, or that recurses too deep for the stack, is
 * false, and counted ({@link #gaveUp()}) so a frontend can say so (docs/FILTER.md, "Regular expressions").
 */
final class BoundedRegex {
    /** Reads the matcher may make per char of the text: a linear pattern makes a few; a catastrophic one, millions. */
    static final int READ_BUDGET_PER_CHAR = 256;
    /** Reads a match may make however short the text. */
    static final int MIN_READ_BUDGET = 1_000_000;

    private final String source;
    private final Pattern pattern;
    private final AtomicLong gaveUp = new AtomicLong();

    private BoundedRegex(String source, Pattern pattern) {
        this.source = source;
        this.pattern = pattern;
    }

    /**
     * The compiled pattern; throws {@link java.util.regex.PatternSyntaxException} when it is not a regex. A leading
     * and a trailing greedy {@code .*} are dropped from what is searched: they change no answer of a search (they may
     * match nothing), and a leading one makes every failed search quadratic in the text's length.
     */
    static BoundedRegex compile(String source) {
        Pattern.compile(source); // a mistake is reported against the text as written
        return new BoundedRegex(source, Pattern.compile(searched(source)));
    }

    /** {@code source} without a leading or trailing greedy {@code .*} when it has one. */
    static String searched(String source) {
        String s = source;
        if (s.contains("\\Q")) {
            return s; // quoted to its end, a ".*" may be literal
        }
        if (s.startsWith(".*") && !(s.length() > 2 && "?+*{".indexOf(s.charAt(2)) >= 0)) {
            s = s.substring(2);
        }
        if (s.endsWith(".*")) {
            String cut = s.substring(0, s.length() - 2);
            if (!trailingBackslashes(cut)) {
                s = cut;
            }
        }
        return s;
    }

    /** Whether {@code s} ends in an odd number of backslashes (its next char would be escaped). */
    private static boolean trailingBackslashes(String s) {
        int n = 0;
        for (int i = s.length() - 1; i >= 0 && s.charAt(i) == '\\'; i--) {
            n++;
        }
        return n % 2 == 1;
    }

    String source() {
        return source;
    }

    /** Whether the pattern is found anywhere in {@code text}; false when the match gave up. */
    boolean find(String text) {
        long budget = Math.max(MIN_READ_BUDGET, (long) READ_BUDGET_PER_CHAR * text.length());
        Matcher m = pattern.matcher(new Counted(text, budget));
        try {
            return m.find();
        } catch (OverBudget | StackOverflowError e) {
            gaveUp.incrementAndGet();
            return false;
        }
    }

    /** How many matches gave up since this pattern was compiled. */
    long gaveUp() {
        return gaveUp.get();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BoundedRegex r && r.source.equals(source);
    }

    @Override
    public int hashCode() {
        return source.hashCode();
    }

    @Override
    public String toString() {
        return source;
    }

    /** Thrown from {@code charAt} to stop a match; no stack trace is filled, it is caught at once. */
    private static final class OverBudget extends RuntimeException {
        OverBudget() {
            super("regex read budget spent", null, false, false);
        }
    }

    /** The text with a countdown of reads; its sub-sequences share the countdown. */
    private static final class Counted implements CharSequence {
        private final String text;
        private final int from;
        private final int to;
        private final long[] left;

        Counted(String text, long budget) {
            this(text, 0, text.length(), new long[] {budget});
        }

        private Counted(String text, int from, int to, long[] left) {
            this.text = text;
            this.from = from;
            this.to = to;
            this.left = left;
        }

        @Override
        public char charAt(int index) {
            if (--left[0] < 0) {
                throw new OverBudget();
            }
            return text.charAt(from + index);
        }

        @Override
        public int length() {
            return to - from;
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return new Counted(text, from + start, from + end, left);
        }

        @Override
        public String toString() {
            return text.substring(from, to);
        }
    }
}

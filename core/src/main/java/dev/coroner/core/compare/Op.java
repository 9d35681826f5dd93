package dev.coroner.core.compare;

/** What one aligned row says about its two calls (docs/COMPARE.md, "Alignment"). */
public enum Op {
    /** The same call on both sides: equal keys, matched by the longest common subsequence. */
    SAME,
    /** A call of the same family on both sides with another input, paired inside a gap between two same calls. */
    CHANGED,
    /** A call only the first transcript made here. */
    ONLY_A,
    /** A call only the second transcript made here. */
    ONLY_B;

    /** The name in JSON rows: {@code same}, {@code changed}, {@code only_a}, {@code only_b}. */
    public String json() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}

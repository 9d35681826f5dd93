package dev.coroner.core.compare;

import java.util.Locale;

/** What happened to one transcript between two corpora (docs/COMPARE.md, "Folders"). */
public enum PairChange {
    /** B died, A did not. */
    NEW_DEATH,
    /** A died, B did not. */
    FIXED,
    /** Neither of those, and the state, the class or the trailing failure's class differs. */
    CHANGED,
    /** The same state, class and trailing failure's class. */
    SAME,
    /** Only in A. */
    ONLY_A,
    /** Only in B. */
    ONLY_B;

    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }
}

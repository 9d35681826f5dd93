package dev.coroner.core.precursor;

import java.util.Objects;

/**
 * Something a person may want to know about a grammar file that is not a mistake: a table of a larger TOML file
 * (a {@code dos.toml}) that the grammar loader leaves alone (docs/VERDICTS.md, "Precursor gate"). Positioned as a
 * {@link GrammarError} is: 1-based line and column in code points.
 */
public record GrammarNote(int line, int column, String message) {
    public GrammarNote {
        Objects.requireNonNull(message);
        if (line < 1 || column < 1) {
            throw new IllegalArgumentException("bad position " + line + ":" + column);
        }
    }

    /** The compiler-style form {@code G.toml:LINE:COL: message}. */
    public String describe(String source) {
        return source + ":" + line + ":" + column + ": " + message;
    }
}

package dev.coroner.core.precursor;

import java.util.Comparator;
import java.util.Objects;

/**
 * One thing wrong with a grammar file, where it is and what to change. {@code line} and {@code column} are
 * 1-based, and columns count characters (code points), as tomlj's positions do; both are 0 when the error is
 * about the file as a whole (it cannot be read, it is too big). {@code suggestion}, when not null, is the name the
 * validator believes was meant for the key or name at that position (a did-you-mean): the editor offers to put it
 * there ({@link GrammarEdits#fix}).
 */
public record GrammarError(int line, int column, Kind kind, String message, String suggestion) {

    /** What kind of mistake: the editor may mark them differently; the message says the rest. */
    public enum Kind {
        /** The file cannot be read, or is too big to be a grammar. */
        FILE,
        /** The bytes are not UTF-8. */
        ENCODING,
        /** Beyond one of the loader's named limits (arrays and tables nested too deeply). */
        LIMIT,
        /** Not valid TOML. */
        SYNTAX,
        /** A key Coroner does not know: an instruction that would be ignored. */
        UNKNOWN_KEY,
        /** A value of the wrong type. */
        WRONG_TYPE,
        /** Two keys name the same tool once canonical. */
        DUPLICATE,
        /** An empty tool name, or a gated tool with no precursor. */
        EMPTY,
        /** Aliases for a precursor that no gated tool requires: they would change nothing. */
        UNUSED_ALIAS,
        /** {@code [precursor.commands]} names a lookup no rule accepts: its commands would change no verdict. */
        UNUSED_COMMANDS,
        /** A command prefix that holds quotes or shell operators: it is plain words, matched without the quoting. */
        BAD_COMMAND,
        /** The file has no {@code [precursor]} table: it is not a grammar (or the table's name is misspelt). */
        NO_TABLE,
        /** An exemption for a tool no rule gates: it would change nothing. */
        UNUSED_EXEMPTION
    }

    /** Errors in the order they appear in the file. */
    public static final Comparator<GrammarError> IN_FILE_ORDER =
            Comparator.comparingInt(GrammarError::line).thenComparingInt(GrammarError::column);

    public GrammarError(int line, int column, Kind kind, String message) {
        this(line, column, kind, message, null);
    }

    public GrammarError {
        Objects.requireNonNull(kind);
        Objects.requireNonNull(message);
        if (line < 0 || column < 0) {
            throw new IllegalArgumentException("bad position " + line + ":" + column);
        }
    }

    /** Whether the error points into the file (rather than at the file as a whole). */
    public boolean positioned() {
        return line > 0;
    }

    /** The compiler-style form {@code G.toml:LINE:COL: message} ({@code G.toml: message} for a whole-file error). */
    public String describe(String source) {
        return positioned() ? source + ":" + line + ":" + column + ": " + message : source + ": " + message;
    }
}

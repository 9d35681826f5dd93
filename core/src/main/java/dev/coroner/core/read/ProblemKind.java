package dev.coroner.core.read;

/** Why a non-blank line is not a record. Every problem is kept as a row with its position. */
public enum ProblemKind {
    /** The bytes are not valid UTF-8. */
    INVALID_UTF8,
    /** The text is not one JSON value (syntax error, trailing data, NUL bytes, binary noise). */
    MALFORMED_JSON,
    /** The line is valid JSON but not an object (a top-level array, string, number…). */
    NOT_AN_OBJECT,
    /** The JSON nests deeper than {@link ReadLimits#MAX_NESTING_DEPTH}. */
    TOO_DEEP,
    /** A string, number or name is beyond the limits in {@link ReadLimits}. */
    TOO_LARGE,
    /** The last line has no newline and does not parse: torn, or still being written. */
    INCOMPLETE,
    /**
     * The file as a whole is not a transcript (gzip, a ZIP archive, an image: {@link FileSignature}); reported once, at
     * its first line.
     */
    NOT_A_TRANSCRIPT
}

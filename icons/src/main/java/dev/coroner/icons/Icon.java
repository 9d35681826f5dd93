package dev.coroner.icons;

/**
 * Coroner's icons. Each meaning has its own shape, so none depends on colour to be told apart: a disc with a check,
 * an octagon with a cross, a ring with a bar, a framed slash, a triangle, an arrow, brackets, a torn page, a diamond.
 */
public enum Icon {
    /** TerminalState HEALTHY. */
    HEALTHY,
    /** TerminalState SYNTHETIC: a harness-written death. */
    SYNTHETIC,
    /** TerminalState EMPTY. */
    EMPTY,
    /** TerminalState UNREADABLE. */
    UNREADABLE,
    /** A WARN on a REFUTED call. */
    WARN,
    /** A link to another line or transcript. */
    LINK,
    /** A code block no call ran. */
    UNMATCHED,
    /** A code block linked to the call that ran it. */
    BLOCK,
    /** A problem line. */
    PROBLEM,
    /** A failed tool call. */
    ERROR,
    /** A harness-written record mid-file. */
    HARNESS,
    /** The application. */
    APP;

    /** The resource name of the SVG, e.g. {@code healthy.svg}. */
    public String fileName() {
        return name().toLowerCase(java.util.Locale.ROOT) + ".svg";
    }
}

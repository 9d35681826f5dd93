package dev.coroner.core.scripts;

/**
 * An answer's text too long to read whole (docs/VERDICTS.md, "Code blocks"): only its first {@code keptChars}
 * characters were scanned for fenced blocks, so blocks after the cut are not linked, and the output says so.
 *
 * @param line         the assistant record's line
 * @param recordBytes  how long the record is, in bytes
 * @param contentIndex the text block's index in {@code message.content}, or -1 for a string content
 * @param keptChars    how many characters of the text were read
 */
public record CutText(long line, long recordBytes, int contentIndex, int keptChars) {
    /** The note the command line and the window show for it, in one wording (the line is said apart). */
    public String note() {
        return String.format(java.util.Locale.ROOT, "an answer's text in a record of %,d bytes was read only to its "
                + "first %,d characters; fenced blocks after that are not linked", recordBytes, keptChars);
    }
}

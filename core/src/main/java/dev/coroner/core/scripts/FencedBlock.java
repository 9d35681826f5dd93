package dev.coroner.core.scripts;

import java.util.Objects;

/**
 * One CommonMark fenced code block found in an assistant's text (docs/VERDICTS.md, "Code blocks").
 *
 * <p>{@code content} is the block's lines exactly as written, with only what CommonMark strips taken away: the
 * container prefixes ({@code > } of a block quote, a list item's indentation) and up to the opening fence's own
 * indentation in spaces. Line terminators stay as written ({@code \r\n} stays {@code \r\n}); the terminator of the
 * last line is not part of the content (it is the one before the closing fence, or the one that ends the text).
 * Nothing else changes: no trimming, no tab expansion, no Unicode normalisation.
 *
 * @param number       1-based position of the block among all blocks of its assistant record
 * @param contentIndex index in {@code message.content} of the text block that holds it; -1 when
 *                     {@code message.content} is itself a string
 * @param content      the program text, as defined above
 * @param info         the info string after the opening fence, as written, without surrounding white space
 *                     (backslash escapes and entities are not decoded); "" when there is none
 * @param start        offset (in UTF-16 units) within the text of the opening fence's first character
 * @param end          offset just past the block's last line, without its terminator: the closing fence line,
 *                     or for an unclosed block the last line its container gave it
 * @param lines        the number of content lines (0 for an empty block; 1 for a block holding one empty line)
 * @param closed       false when no closing fence came before the end of the text or of the block's container
 */
public record FencedBlock(int number, int contentIndex, String content, String info, int start, int end, int lines,
                          boolean closed) {
    public FencedBlock {
        Objects.requireNonNull(content);
        Objects.requireNonNull(info);
        if (number < 1 || start < 0 || end < start || lines < 0) {
            throw new IllegalArgumentException("bad block " + number + " at " + start + ".." + end);
        }
    }

    /** The same block, numbered and placed within its record. */
    FencedBlock placed(int number, int contentIndex) {
        return new FencedBlock(number, contentIndex, content, info, start, end, lines, closed);
    }
}

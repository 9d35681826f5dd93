package dev.coroner.core.read;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Locale;

/**
 * A record line too long to hold in memory (over {@link ReadLimits#MAX_IN_MEMORY_LINE}: a 300 MB tool output, a
 * base64 screenshot), read into a tree whose long strings are cut (docs/VERDICTS.md, "Reading"): each string keeps
 * its first {@link #KEPT_STRING_CHARS} characters and then says it was cut and how big the record is. The rest is
 * skipped by the parser, never decoded, so the heap holds a few hundred KB whatever the line's size. The line rules
 * (BOM, white space, UTF-8, problems) are {@link LineParser}'s, as for every line.
 *
 * <p>Enough for what a long record is read for: the terminal verdict reads the model, the content blocks' types and at
 * most 400 characters of leading text; the window shows the record cut. A string's first {@value #KEPT_STRING_CHARS}
 * characters are exact; a verdict reads a different leading text only when a text starts with more white space than
 * that.
 */
final class LongLine {
    /** How many characters of each string a long record keeps. */
    static final int KEPT_STRING_CHARS = 64 * 1024;

    private LongLine() {
    }

    /** {@link LineParser#parse}, for a line over {@link ReadLimits#MAX_IN_MEMORY_LINE}: a record comes with cut strings. */
    static TranscriptLine parse(LineBytes bytes, long lineNumber, long offset, boolean atFileStart, boolean terminated)
            throws IOException {
        long size = bytes.length();
        Object line = LineParser.scan(bytes, lineNumber, offset, atFileStart, terminated, (p, json) -> tree(p, json, size));
        if (line instanceof TranscriptScan.Scanned<?> s) {
            return new TranscriptRecord(s.span(), (ObjectNode) s.fields());
        }
        return (TranscriptLine) line; // a problem, a record read from a tree, or null for a blank line
    }

    /** The marker a cut string ends with. */
    static String cutNote(long recordBytes) {
        return String.format(Locale.ROOT, " … [cut by Coroner: only the first %,d characters of this string are shown; "
                + "the record is %,d bytes]", KEPT_STRING_CHARS, recordBytes);
    }

    /** The record as the tree reader builds it ({@link TranscriptJson}), each long string cut. */
    private static JsonNode tree(JsonParser p, JsonLine json, long recordBytes) throws IOException {
        return TranscriptJson.value(p, q -> string(q, json, recordBytes));
    }

    private static JsonNode string(JsonParser p, JsonLine json, long recordBytes) throws IOException {
        JsonNodeFactory f = JsonNodeFactory.instance;
        JsonLine.StringPrefix head = json.stringPrefix(p.currentTokenLocation().getByteOffset(), KEPT_STRING_CHARS + 1);
        if (head == null) { // no byte offsets: the parser reads from a tree, the string is in memory already
            return f.textNode(p.getText());
        }
        // the parser has not decoded the string yet; moving on skips it without decoding
        if (head.whole()) {
            return f.textNode(head.text());
        }
        int keep = Math.min(KEPT_STRING_CHARS, head.text().length());
        if (keep > 0 && Character.isHighSurrogate(head.text().charAt(keep - 1))) {
            keep--; // never half a character
        }
        return f.textNode(head.text().substring(0, keep) + cutNote(recordBytes));
    }
}

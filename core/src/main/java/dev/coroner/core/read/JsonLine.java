package dev.coroner.core.read;

import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;

/**
 * The JSON text of the record line a {@link TranscriptScan.FieldReader} is reading: lets the reader skip a large
 * value cheaply and come back to it only when it turns out to matter (a tool result's text is needed only when the
 * result failed, which its {@code is_error} key, usually written after the text, says), or keep the record's bytes.
 * Offsets are byte offsets into the JSON text, as {@link JsonParser#currentTokenLocation()} reports them.
 */
public interface JsonLine {
    /** A parser positioned on the value that starts at {@code byteOffset}, or null when the offset is unknown. */
    JsonParser valueAt(long byteOffset) throws IOException;

    /**
     * The first {@code maxChars} characters of the JSON string that starts at {@code byteOffset}, decoded, without
     * decoding the rest (a failed tool's output may be megabytes; its first line is all a verdict reads); null when
     * no string starts there.
     */
    StringPrefix stringPrefix(long byteOffset, int maxChars) throws IOException;

    /** The start of a string value: its first characters, and whether that is all of it. */
    record StringPrefix(String text, boolean whole) {
    }

    /** How many bytes of JSON the line holds (trimmed, BOM dropped), or -1 when its bytes are not at hand. */
    default long length() {
        return -1;
    }

    /** The line's JSON bytes (trimmed, BOM dropped) when there are at most {@code max} of them, else null. */
    byte[] bytes(int max) throws IOException;
}

package dev.coroner.core.read;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Set;

/**
 * The program that wrote a transcript (docs/FORMAT.md, "Harnesses"). A file's harness is decided from its first record,
 * never from its name: a Codex CLI record is an object {@code {timestamp, type, payload}} whose {@code type} is one of
 * Codex's record types and whose {@code payload} is an object; anything else is read as Claude Code. A file with no
 * record (empty, blank, only damaged lines) is read as Claude Code too: it holds no run of either.
 */
public enum Harness {
    CLAUDE_CODE,
    CODEX;

    /** The top-level {@code type}s of a Codex CLI rollout's records. */
    static final Set<String> CODEX_TYPES = Set.of("session_meta", "response_item", "event_msg", "turn_context",
            "compacted", "world_state", "inter_agent_communication_metadata");
    /** How much of a file's head {@link #ofHead} reads to find its first record. */
    public static final int HEAD_BYTES = 64 * 1024;

    /**
     * The harness a record says, or null when the bytes are no JSON object (a damaged line: the next record decides).
     * Reads only the record's top-level names; nested values are skipped.
     */
    public static Harness ofRecord(byte[] bytes, int offset, int length) {
        try (JsonParser p = TranscriptJson.parser(bytes, offset, length)) {
            p.nextToken();
            return ofRecord(p);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The same from a parser positioned on the record's first token (a {@link JsonLine#valueAt} parser, for a line too
     * long to copy); consumes the record.
     */
    public static Harness ofRecord(JsonParser p) {
        try {
            if (p.currentToken() != JsonToken.START_OBJECT) {
                return null;
            }
            String type = null;
            boolean payloadObject = false;
            JsonToken t;
            while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken v = p.nextToken();
                if (name.equals("type")) {
                    type = v == JsonToken.VALUE_STRING ? p.getText() : null;
                } else if (name.equals("payload")) {
                    payloadObject = v == JsonToken.START_OBJECT;
                }
                p.skipChildren();
            }
            if (t != JsonToken.END_OBJECT) {
                return null;
            }
            return payloadObject && type != null && CODEX_TYPES.contains(type) ? CODEX : CLAUDE_CODE;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The harness of a file, from the first record in its first {@link #HEAD_BYTES} bytes (lines that are blank or do
     * not parse are passed over); {@link #CLAUDE_CODE} when there is none or the file cannot be read (its verdict says
     * why).
     */
    public static Harness ofHead(Path path) {
        byte[] head = TranscriptFile.head(path, HEAD_BYTES);
        return head == null ? CLAUDE_CODE : ofBytes(head, head.length);
    }

    /**
     * The harness of the first record among the lines of {@code head[0, length)}; the last line may be cut. For a reader
     * that already holds a file's head (the corpus survey): the same rule as {@link #ofHead}, without a second read.
     */
    public static Harness ofBytes(byte[] head, int length) {
        int start = length >= 3 && (head[0] & 0xFF) == 0xEF && (head[1] & 0xFF) == 0xBB && (head[2] & 0xFF) == 0xBF ? 3 : 0;
        for (int i = start; i <= length; i++) {
            if (i == length || head[i] == '\n') {
                int end = i;
                int from = start;
                while (from < end && (head[from] == ' ' || head[from] == '\t' || head[from] == '\r')) {
                    from++;
                }
                if (from < end) {
                    Harness h = ofRecord(head, from, end - from);
                    if (h != null) {
                        return h;
                    }
                }
                start = i + 1;
            }
        }
        return CLAUDE_CODE;
    }
}

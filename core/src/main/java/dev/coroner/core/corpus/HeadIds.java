package dev.coroner.core.corpus;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import dev.coroner.core.read.Harness;
import dev.coroner.core.read.TranscriptFile;
import dev.coroner.core.read.TranscriptJson;
import java.io.IOException;
import java.nio.file.Path;

/**
 * What a transcript's head says about its place in a run, read once from its first {@link #HEAD_BYTES}: cheap enough
 * for thousands of files. Its harness ({@link Harness#ofBytes}, the one rule), then the harness's own ids: Claude
 * Code's {@code sessionId} and {@code agentId}, the first of each its records carry; Codex CLI's first
 * {@code session_meta}, which is the rollout's own (a later one is a copy of its parent's). A hint for grouping, not a
 * verdict: lines that do not parse are passed over (the full reader reports them as problems in the timeline).
 */
final class HeadIds {
    /** How much of the file's head is read. */
    static final int HEAD_BYTES = Harness.HEAD_BYTES;

    /**
     * The ids a head names; each null when it names none.
     *
     * @param harness   the harness its first record says
     * @param sessionId Claude Code: the first {@code sessionId}; Codex: the first {@code session_meta}'s {@code id}
     * @param agentId   Claude Code: the first {@code agentId}; Codex: null
     * @param subagent  Codex: the first {@code session_meta}'s {@code source} is an object with {@code subagent}
     * @param parent    Codex, for a sub-agent: {@code source.subagent.thread_spawn.parent_thread_id}, else the
     *                  {@code parent_thread_id} beside it (a {@code "review"} sub-agent's)
     */
    record Head(Harness harness, String sessionId, String agentId, boolean subagent, String parent) {
        static final Head NONE = new Head(Harness.CLAUDE_CODE, null, null, false, null);
    }

    private HeadIds() {
    }

    /** The head of {@code p}; {@link Head#NONE} when it cannot be read (the survey's verdict says why). */
    static Head of(Path p) {
        byte[] head = TranscriptFile.head(p, HEAD_BYTES);
        return head == null ? Head.NONE : of(head);
    }

    /** The head of a file whose first bytes are {@code head}. */
    static Head of(byte[] head) {
        return Harness.ofBytes(head, head.length) == Harness.CODEX ? codex(head) : claudeCode(head);
    }

    private static Head claudeCode(byte[] head) {
        String[] ids = {null, null};
        int start = 0;
        for (int i = 0; i < head.length && (ids[0] == null || ids[1] == null); i++) {
            if (head[i] == '\n') {
                scan(head, start, i, ids);
                start = i + 1;
            }
        }
        return new Head(Harness.CLAUDE_CODE, ids[0], ids[1], false, null);
    }

    /**
     * The first record decides: a {@code session_meta} with an object payload is the rollout's own; any other record
     * first means its own is missing (a later {@code session_meta} is a copy of its parent's): a session, unnamed.
     */
    private static Head codex(byte[] head) {
        boolean bom = head.length >= 3 && (head[0] & 0xFF) == 0xEF && (head[1] & 0xFF) == 0xBB && (head[2] & 0xFF) == 0xBF;
        int start = bom ? 3 : 0; // as Harness#ofBytes reads the first line
        for (int i = 0; i < head.length; i++) {
            if (head[i] == '\n') {
                JsonNode record = record(head, start, i);
                start = i + 1;
                if (record == null) {
                    continue; // blank or damaged: the next record decides
                }
                if ("session_meta".equals(record.path("type").asText(null)) && record.path("payload").isObject()) {
                    return codex(record.path("payload"));
                }
                break;
            }
        }
        return new Head(Harness.CODEX, null, null, false, null);
    }

    private static Head codex(JsonNode payload) {
        String id = text(payload.path("id"));
        JsonNode source = payload.path("source");
        if (!source.isObject() || !source.has("subagent")) {
            return new Head(Harness.CODEX, id, null, false, null);
        }
        String parent = text(source.path("subagent").path("thread_spawn").path("parent_thread_id"));
        if (parent == null) {
            parent = text(payload.path("parent_thread_id"));
        }
        return new Head(Harness.CODEX, id, null, true, parent);
    }

    /** The JSON object on {@code head[from, to)}, or null when the line is blank or no object. */
    private static JsonNode record(byte[] head, int from, int to) {
        try {
            JsonNode r = TranscriptJson.readTree(head, from, to - from);
            return r != null && r.isObject() ? r : null;
        } catch (IOException | RuntimeException e) {
            return null; // not a record: the timeline shows it as a problem line
        }
    }

    /** A non-blank string value, else null. */
    private static String text(JsonNode n) {
        return n.isTextual() && !n.asText().isBlank() ? n.asText() : null;
    }

    private static void scan(byte[] b, int from, int to, String[] ids) {
        try (JsonParser p = TranscriptJson.parser(b, from, to - from)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                JsonToken v = p.nextToken();
                if (v == JsonToken.VALUE_STRING && "sessionId".equals(key) && ids[0] == null) {
                    ids[0] = p.getText();
                } else if (v == JsonToken.VALUE_STRING && "agentId".equals(key) && ids[1] == null) {
                    ids[1] = p.getText();
                } else {
                    p.skipChildren();
                }
            }
        } catch (IOException e) {
            // not a record: the timeline shows it as a problem line; here it says nothing about the layout
        }
    }
}

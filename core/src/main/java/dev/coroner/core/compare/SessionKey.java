package dev.coroner.core.compare;

import com.fasterxml.jackson.databind.JsonNode;
import dev.coroner.core.read.TranscriptFile;
import dev.coroner.core.read.TranscriptJson;
import java.io.IOException;

import java.nio.file.Path;

/**
 * Who a transcript is, for pairing two corpora after a rename (docs/COMPARE.md, "Folders"), read from its first
 * 64 KB: a Claude Code file's first {@code sessionId} with its first {@code agentId} (a sub-agent carries its
 * parent's session id, so the agent id tells it apart), a Codex file's first {@code session_meta}'s {@code
 * payload.id}. Null when the head names none.
 */
final class SessionKey {
    static final int HEAD_BYTES = 64 * 1024;

    private SessionKey() {
    }

    static String of(Path path) {
        byte[] head = TranscriptFile.head(path, HEAD_BYTES);
        if (head == null) {
            return null; // the verdict says why the file cannot be read
        }
        String session = null;
        String agent = null;
        int start = 0;
        for (int i = 0; i <= head.length; i++) {
            if (i < head.length && head[i] != '\n') {
                continue;
            }
            JsonNode r = record(head, start, i);
            start = i + 1;
            if (r == null) {
                continue;
            }
            JsonNode payload = r.get("payload");
            if ("session_meta".equals(r.path("type").asText(null)) && payload != null
                    && payload.path("id").isTextual()) {
                return "codex " + payload.get("id").textValue();
            }
            if (session == null && r.path("sessionId").isTextual()) {
                session = r.get("sessionId").textValue();
            }
            if (agent == null && r.path("agentId").isTextual()) {
                agent = r.get("agentId").textValue();
            }
            if (session != null && agent != null) {
                break;
            }
        }
        return session == null ? null : "claude " + session + (agent == null ? "" : " agent " + agent);
    }

    private static JsonNode record(byte[] b, int from, int to) {
        if (to <= from) {
            return null;
        }
        try {
            JsonNode n = TranscriptJson.readTree(b, from, to - from);
            return n != null && n.isObject() ? n : null;
        } catch (IOException | RuntimeException e) {
            return null; // a torn or damaged line says nothing about who the file is
        }
    }
}

package dev.coroner.fleet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.core.read.TranscriptFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The version of the harness that wrote a transcript, as its first records state it (docs/FLEET.md, "Tables"): Claude
 * Code's top-level {@code version} string, Codex CLI's {@code session_meta} {@code payload.cli_version}; null when no
 * record in the head states one. Read from the file's head only, as {@link dev.coroner.core.read.Harness} reads it.
 */
final class HarnessVersion {
    /** How much of a file's start is read for it. */
    static final int HEAD_BYTES = 64 * 1024;
    private static final ObjectMapper JSON = new ObjectMapper();

    private HarnessVersion() {
    }

    static String ofHead(Path path) {
        byte[] head = TranscriptFile.head(path, HEAD_BYTES);
        if (head == null) {
            return null; // the row's verdict says why the file cannot be read
        }
        int n = head.length;
        int start = 0;
        for (int i = 0; i <= n; i++) {
            if (i == n || head[i] == '\n') {
                String v = i == n && n == HEAD_BYTES ? null : stated(head, start, i);
                if (v != null) {
                    return v;
                }
                start = i + 1;
            }
        }
        return null;
    }

    /** The version the record at {@code head[from, to)} states, or null. */
    private static String stated(byte[] head, int from, int to) {
        if (to <= from) {
            return null;
        }
        JsonNode r;
        try {
            r = JSON.readTree(new String(head, from, to - from, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return null; // a problem line: its own finding says so
        }
        if (r == null || !r.isObject()) {
            return null;
        }
        if ("session_meta".equals(r.path("type").asText()) && r.path("payload").path("cli_version").isTextual()) {
            return r.path("payload").path("cli_version").asText();
        }
        return r.path("version").isTextual() ? r.path("version").asText() : null;
    }
}

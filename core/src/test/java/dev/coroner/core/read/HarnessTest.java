package dev.coroner.core.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HarnessTest {

    private static Harness of(String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        return Harness.ofBytes(b, b.length);
    }

    @Test
    void codexRecordsAreTypedEnvelopesWithAPayloadObject() {
        assertEquals(Harness.CODEX, of("{\"timestamp\":\"t\",\"type\":\"session_meta\",\"payload\":{\"id\":\"x\"}}\n"));
        assertEquals(Harness.CODEX, of("{\"type\":\"event_msg\",\"payload\":{\"type\":\"task_started\"}}"));
        // a payload that is no object, or a type Codex does not write, is not Codex
        assertEquals(Harness.CLAUDE_CODE, of("{\"type\":\"session_meta\",\"payload\":\"x\"}"));
        assertEquals(Harness.CLAUDE_CODE, of("{\"type\":\"user\",\"payload\":{}}"));
        assertEquals(Harness.CLAUDE_CODE, of("{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"hi\"}}"));
    }

    @Test
    void theFirstRecordDecidesPassingOverBlankAndDamagedLines() {
        assertEquals(Harness.CODEX, of("\n  \n{not json\n\uFEFF\n{\"type\":\"response_item\",\"payload\":{}}\n"
                + "{\"type\":\"user\"}\n"));
        assertEquals(Harness.CLAUDE_CODE, of("{\"type\":\"summary\"}\n{\"type\":\"session_meta\",\"payload\":{}}\n"));
        assertEquals(Harness.CODEX, of("\uFEFF{\"type\":\"turn_context\",\"payload\":{}}"));
    }

    @Test
    void noRecordIsReadAsClaudeCode() {
        assertEquals(Harness.CLAUDE_CODE, of(""));
        assertEquals(Harness.CLAUDE_CODE, of("\n\n[1,2]\n"));
        assertNull(Harness.ofRecord(new byte[] {'[', ']'}, 0, 2));
    }

    @Test
    void ofHeadReadsTheFileAndNeverItsName(@TempDir Path dir) throws Exception {
        Path claude = dir.resolve("rollout-2026-01-01T00-00-00-abc.jsonl");
        Files.writeString(claude, "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"hi\"}}\n");
        assertEquals(Harness.CLAUDE_CODE, Harness.ofHead(claude));
        Path codex = dir.resolve("agent-a1.jsonl");
        Files.writeString(codex, "{\"timestamp\":\"t\",\"type\":\"session_meta\",\"payload\":{}}\n");
        assertEquals(Harness.CODEX, Harness.ofHead(codex));
        assertEquals(Harness.CLAUDE_CODE, Harness.ofHead(dir.resolve("missing.jsonl")));
    }
}

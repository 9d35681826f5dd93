package dev.coroner.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.core.findings.AnalysisSettings;
import dev.coroner.core.read.Harness;
import dev.coroner.core.redact.Redactor;
import dev.coroner.fixtures.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A report on a folder that mixes harnesses names each transcript's, and a Codex sub-agent's parent thread. */
class HarnessReportTest {
    private static final String SESSION = "019d7d08-46c9-7f73-affe-4e6ca9852d56";
    private static final String SPAWNED = "019d7e2f-0041-7310-951c-94020254dfc9";

    @TempDir
    Path dir;

    private static String meta(String id, String source) {
        return "{\"timestamp\":\"2026-04-11T14:53:51.481Z\",\"type\":\"session_meta\",\"payload\":{\"id\":\"" + id
                + "\",\"cwd\":\"/w\",\"cli_version\":\"0.118.0\",\"source\":" + source + "}}\n"
                + "{\"timestamp\":\"2026-04-11T14:53:51.482Z\",\"type\":\"event_msg\",\"payload\":{\"type\":\"task_started\"}}\n";
    }

    @Test
    void everyRowNamesItsHarnessAndACodexSubAgentItsParentThread() throws Exception {
        Path session = Files.writeString(dir.resolve("rollout-2026-04-11T14-53-07-" + SESSION + ".jsonl"),
                meta(SESSION, "\"cli\""));
        Path spawned = Files.writeString(dir.resolve("rollout-2026-04-11T20-15-02-" + SPAWNED + ".jsonl"),
                meta(SPAWNED, "{\"subagent\":{\"thread_spawn\":{\"parent_thread_id\":\"" + SESSION + "\",\"depth\":1}}}"));
        Path claude = Fixtures.path("terminal/healthy.jsonl");
        Report r = ReportBuilder.build(List.of(spawned, claude, session), AnalysisSettings.NONE, null, "test",
                Redactor.standard(List.of()), 2);
        Map<String, Report.TranscriptEntry> byName = new HashMap<>();
        r.transcripts().forEach(e -> byName.put(Path.of(e.path()).getFileName().toString(), e));
        assertEquals(Harness.CODEX, byName.get(session.getFileName().toString()).harness());
        assertNull(byName.get(session.getFileName().toString()).parent());
        assertEquals(Harness.CODEX, byName.get(spawned.getFileName().toString()).harness());
        assertEquals(SESSION, byName.get(spawned.getFileName().toString()).parent());
        assertEquals(Harness.CLAUDE_CODE, byName.get("healthy.jsonl").harness());

        JsonNode json = new ObjectMapper().readTree(ReportJson.bytes(r));
        Map<String, JsonNode> rows = new HashMap<>();
        json.path("transcripts").forEach(t -> rows.put(Path.of(t.path("path").asText()).getFileName().toString(), t));
        JsonNode sub = rows.get(spawned.getFileName().toString());
        assertEquals("CODEX", sub.path("harness").asText());
        assertEquals(SESSION, sub.path("parent").asText());
        List<String> keys = new java.util.ArrayList<>();
        sub.fieldNames().forEachRemaining(keys::add);
        assertEquals(List.of("path", "harness", "parent", "sha256"), keys.subList(0, 4));
        JsonNode cc = rows.get("healthy.jsonl");
        assertEquals("CLAUDE_CODE", cc.path("harness").asText());
        assertFalse(cc.has("parent"), "a Claude Code row gains the harness and nothing else");

        String html = new String(ReportHtml.bytes(r), StandardCharsets.UTF_8);
        assertTrue(html.contains(spawned.getFileName() + "<span class=\"harness\">Codex CLI</span></h3>"), html);
        assertTrue(html.contains("healthy.jsonl<span class=\"harness\">Claude Code</span></h3>"), html);
        assertTrue(html.contains("<tr><th>Parent</th><td>thread " + SESSION), html);
    }
}

package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.fixtures.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code verdict}, {@code scripts} and {@code precursor} on a folder that mixes Claude Code transcripts and Codex CLI
 * rollouts (docs/VERDICTS.md, "Codex CLI"): each file read by its own harness's rules, in one run.
 */
class MixedHarnessesCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** A Codex sub-agent whose last turn is still open: a command that failed with 3, its block quoted, a patch. */
    private static final String SUBAGENT = """
            {"timestamp":"2026-04-01T10:00:00.000Z","type":"session_meta","payload":{"id":"kid","source":{"subagent":{"thread_spawn":{"parent_thread_id":"mom","depth":1}}}}}
            {"timestamp":"2026-04-01T10:00:01.000Z","type":"event_msg","payload":{"type":"task_started"}}
            {"timestamp":"2026-04-01T10:00:01.000Z","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"fix it"}]}}
            {"timestamp":"2026-04-01T10:00:01.000Z","type":"response_item","payload":{"type":"custom_tool_call","call_id":"p0","name":"apply_patch","input":"*** Begin Patch\\n*** Update File: a.txt\\n@@\\n-a\\n+b\\n*** End Patch"}}
            {"timestamp":"2026-04-01T10:00:01.000Z","type":"response_item","payload":{"type":"function_call","name":"exec_command","arguments":"{\\"cmd\\":\\"cat a.txt\\"}","call_id":"c1"}}
            {"timestamp":"2026-04-01T10:00:01.000Z","type":"response_item","payload":{"type":"function_call_output","call_id":"c1","output":"Chunk ID: 1\\nWall time: 0 seconds\\nProcess exited with code 3\\nOutput:\\nno\\n"}}
            {"timestamp":"2026-04-01T10:00:01.000Z","type":"response_item","payload":{"type":"custom_tool_call","call_id":"p1","name":"apply_patch","input":"*** Begin Patch\\n*** Update File: a.txt\\n@@\\n-a\\n+b\\n*** End Patch"}}
            {"timestamp":"2026-04-01T10:00:01.000Z","type":"response_item","payload":{"type":"message","role":"assistant","content":[{"type":"output_text","text":"I ran:\\n```bash\\ncat a.txt\\n```"}]}}
            """;

    @BeforeEach
    void folder() throws Exception {
        Files.copy(Fixtures.path("terminal/healthy.jsonl"), dir.resolve("claude.jsonl"));
        Files.writeString(dir.resolve("rollout-2026-04-01T10-00-00-kid.jsonl"), SUBAGENT, StandardCharsets.UTF_8);
    }

    private static List<JsonNode> rows(CliRun run) throws Exception {
        List<JsonNode> rows = new ArrayList<>();
        for (String line : run.lines()) {
            rows.add(JSON.readTree(line));
        }
        return rows;
    }

    @Test
    void verdictNamesEachRowsHarnessAndACodexSubAgentsParent() throws Exception {
        CliRun run = CliRun.of("verdict", "--json", dir.toString());
        assertEquals(1, run.status(), "the Codex sub-agent died after its last answer: " + run.err());
        List<JsonNode> rows = rows(run);
        assertEquals(2, rows.size());
        JsonNode claude = rows.get(0);
        assertEquals("CLAUDE_CODE", claude.get("harness").asText());
        assertTrue(!claude.has("parent"), "a session has no parent");
        assertEquals(List.of("path", "state", "dead", "class", "api_status", "error", "reason", "kind", "trailing",
                "harness"), names(claude), "the new key after the old ones");
        JsonNode codex = rows.get(1);
        assertEquals("CODEX", codex.get("harness").asText());
        assertEquals("mom", codex.get("parent").asText());
        assertEquals("SUBAGENT", codex.get("kind").asText());
        assertEquals("HEALTHY", codex.get("state").asText());
        assertEquals("CUT_OFF", codex.get("trailing").get("class").asText());
        assertEquals(8, codex.get("trailing").get("line").asInt());

        CliRun text = CliRun.of("verdict", dir.toString());
        assertTrue(text.out().contains("HEALTHY    · died after its last answer (CUT_OFF) · Codex sub-agent of mom  "),
                text.out());
        assertTrue(text.out().contains("Codex records no cause"), text.out());
    }

    @Test
    void scriptsLinksACodexBlockToItsCommandWithTheStatedExitCode() throws Exception {
        CliRun run = CliRun.of("scripts", "--json", dir.toString());
        assertEquals(0, run.status(), run.err());
        List<JsonNode> blocks = rows(run).stream().filter(r -> r.has("block")).toList();
        assertEquals(1, blocks.size(), run.out());
        assertEquals("c1", blocks.get(0).get("tool_use_id").asText());
        assertEquals("exec_command", blocks.get(0).get("tool").asText());
        assertEquals(3, blocks.get(0).get("exitCode").asInt());
    }

    @Test
    void precursorGatesCodexCallsByTheirNames() throws Exception {
        Path grammar = dir.resolve("codex.toml.txt");
        Files.writeString(grammar, "[precursor]\n[precursor.requires]\napply_patch = [\"exec_command\"]\n");
        CliRun run = CliRun.of("precursor", "--json", "--grammar", grammar.toString(), dir.toString());
        List<String> verdicts = rows(run).stream().filter(r -> r.has("stance"))
                .map(r -> r.get("stance").asText()).toList();
        assertEquals(List.of("NO_SIGNAL", "ATTESTED"), verdicts, run.out() + run.err());
        assertEquals(0, run.status(), run.err());
    }

    private static List<String> names(JsonNode row) {
        List<String> names = new ArrayList<>();
        row.fieldNames().forEachRemaining(names::add);
        return names;
    }
}

package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.core.workspace.Annotation;
import dev.coroner.core.workspace.VerdictOverride;
import dev.coroner.core.workspace.Workspace;
import dev.coroner.core.workspace.WorkspaceFiles;
import dev.coroner.fixtures.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/ARCHITECTURE.md, "Reports": {@code coroner report --workspace} shows notes and overrides as human judgements. */
class ReportWorkspaceTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path DEAD = Fixtures.demoCorpus().toAbsolutePath().normalize()
            .resolve("7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b/subagents/agent-a7b2d4f6e8c0a1b30.jsonl");

    @TempDir
    Path dir;

    private Path workspace() throws Exception {
        String key = DEAD.toString();
        Workspace w = new Workspace(List.of(WorkspaceFiles.describe(DEAD)), null, List.of(
                new Annotation(key, null, 3, "<script>alert(1)</script> key sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", null),
                new Annotation(key, null, 6, "", new VerdictOverride(VerdictOverride.TERMINAL, "SYNTHETIC · RATE_LIMIT",
                        "HEALTHY", "the limit was lifted; the run resumed elsewhere"))),
                List.of(), null, Workspace.Layout.NONE);
        Path file = dir.resolve("w.coroner.json");
        WorkspaceFiles.atomic().save(file, w);
        return file;
    }

    @Test
    void theJsonReportCarriesNotesAndOverridesMarkedHumanBesideTheMachineVerdict() throws Exception {
        Path out = dir.resolve("r.json");
        CliRun run = CliRun.of("report", "--out", out.toString(), "--workspace", workspace().toString(), DEAD.toString());
        assertEquals(1, run.status(), run.err());
        JsonNode t = JSON.readTree(out.toFile()).get("transcripts").get(0);
        assertEquals("SYNTHETIC", t.get("verdict").get("state").asText(), "the machine verdict is kept");
        JsonNode notes = t.get("annotations");
        assertEquals(2, notes.size());
        assertEquals("human", notes.get(0).get("by").asText());
        assertEquals(3, notes.get(0).get("line").asLong());
        assertFalse(notes.get(0).get("note").asText().contains("sk-ant-api03"), "a note is redacted too");
        JsonNode o = notes.get(1).get("override");
        assertEquals("human", o.get("by").asText());
        assertEquals("SYNTHETIC · RATE_LIMIT", o.get("machine_verdict").asText());
        assertEquals("HEALTHY", o.get("human_verdict").asText());
        assertEquals("the limit was lifted; the run resumed elsewhere", o.get("reason").asText());
    }

    @Test
    void theHtmlReportShowsTheOverrideBesideTheMachineVerdictAndEscapesTheNote() throws Exception {
        Path out = dir.resolve("r.html");
        CliRun run = CliRun.of("report", "--out", out.toString(), "--workspace", workspace().toString(), DEAD.toString());
        assertEquals(1, run.status(), run.err());
        String html = Files.readString(out);
        assertTrue(html.contains("<span class=\"state\">SYNTHETIC</span>"), "the machine verdict stays");
        assertTrue(html.contains("<td>SYNTHETIC · RATE_LIMIT</td><td><span class=\"human-mark\">human:</span> "
                + "<b>HEALTHY</b> — the limit was lifted; the run resumed elsewhere</td>"), html);
        assertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        assertFalse(html.contains("<script"));
        assertFalse(html.contains("sk-ant-api03"));
    }

    @Test
    void aWorkspaceFromANewerCoronerIsRefusedWithExitTwo() throws Exception {
        Path file = dir.resolve("new.coroner.json");
        Files.writeString(file, "{\"schema\":{\"family\":\"coroner-workspace\",\"version\":9}}");
        CliRun run = CliRun.of("report", "--out", dir.resolve("r.json").toString(), "--workspace", file.toString(),
                DEAD.toString());
        assertEquals(2, run.status());
        assertTrue(run.err().contains("coroner-workspace version 9; this Coroner reads coroner-workspace version 1"),
                run.err());
        assertFalse(Files.exists(dir.resolve("r.json")));
    }
}

package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.fixtures.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code coroner compare} (docs/COMPARE.md) on the compare/ fixtures: two runs of one task, the second of which took
 * another path and died of a rate limit; two folders with one pair per change; Claude Code against Codex.
 */
class CompareCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String GOOD = Fixtures.path("compare/good-run.jsonl").toString();
    private static final String DIED = Fixtures.path("compare/rate-limited-run.jsonl").toString();

    @TempDir
    Path dir;

    private static List<JsonNode> rows(CliRun run) throws Exception {
        List<JsonNode> rows = new ArrayList<>();
        for (String line : run.lines()) {
            rows.add(JSON.readTree(line));
        }
        return rows;
    }

    private static String ops(List<JsonNode> rows) {
        StringBuilder s = new StringBuilder();
        for (JsonNode r : rows) {
            if (r.has("op")) {
                s.append(r.get("op").asText()).append(' ').append(r.get("a_line").asText("-")).append(' ')
                        .append(r.get("b_line").asText("-")).append(' ').append(r.get("tool").asText()).append('\n');
            }
        }
        return s.toString();
    }

    @Test
    void aRunThatLeftTheGoodRunsPathAndDiedIsAlignedCallByCallAndExitsOne() throws Exception {
        CliRun run = CliRun.of("compare", "--json", GOOD, DIED);
        assertEquals(1, run.status(), run.err());
        List<JsonNode> rows = rows(run);
        assertEquals("""
                same 2 2 Read
                only_b - 4 Grep
                changed 4 6 Bash
                same 6 8 Edit
                only_a 8 - Bash
                """, ops(rows));
        JsonNode changed = rows.get(2);
        assertEquals("pytest -q tests/test_export.py", changed.get("a_key").asText());
        assertEquals("pytest -x tests/test_export.py", changed.get("b_key").asText());
        JsonNode summary = rows.get(rows.size() - 1);
        assertEquals("{\"same\":2,\"changed\":1,\"only_a\":1,\"only_b\":1}", summary.get("summary").toString());
        assertTrue(summary.get("first_divergence").get("a_line").isNull());
        assertEquals(4, summary.get("first_divergence").get("b_line").asInt());
        assertEquals("HEALTHY", summary.get("a").get("state").asText());
        assertEquals("SYNTHETIC", summary.get("b").get("state").asText());
        assertEquals("RATE_LIMIT", summary.get("b").get("class").asText());
        assertEquals(4, summary.get("b").get("calls").asInt());
        assertTrue(summary.get("b").get("warnings").isNull(), "no grammar, no WARN count");
    }

    @Test
    void theTextReadsLikeAUnifiedDiffWithTheLinesOfBothSides() {
        CliRun run = CliRun.of("compare", GOOD, DIED);
        assertEquals(1, run.status());
        List<String> lines = run.lines();
        assertTrue(lines.contains("first divergence: A —, B line 4"), run.out());
        assertTrue(lines.contains("@@ A lines 2–8 · B lines 2–8 @@"), run.out());
        assertTrue(lines.contains("  2 2  Read  /home/dev/shop/export.py"), run.out());
        assertTrue(lines.contains("+   4  Grep  {\"path\":\"/home/dev/shop\",\"pattern\":\"def export\"}"), run.out());
        assertTrue(lines.contains("! 4 6  Bash  pytest -q tests/test_export.py"), run.out());
        assertTrue(lines.contains("!         →  pytest -x tests/test_export.py"), run.out());
        assertTrue(lines.contains("- 8    Bash  pytest -q"), run.out());
        assertTrue(run.out().contains("SYNTHETIC · RATE_LIMIT"), run.out());
        assertTrue(lines.contains("calls: 2 same · 1 changed · 1 only in A · 1 only in B"), run.out());
    }

    @Test
    void theOtherWayRoundBHasNoNewDeathAndExitsZero() {
        assertEquals(0, CliRun.of("compare", DIED, GOOD).status());
        CliRun same = CliRun.of("compare", GOOD, GOOD);
        assertEquals(0, same.status());
        assertTrue(same.lines().contains("no difference: the 4 calls are the same on both sides"), same.out());
    }

    @Test
    void twoFoldersArePairedByPathThenBySessionWithOneChangePerPair() throws Exception {
        String a = Fixtures.path("compare/a").toString();
        String b = Fixtures.path("compare/b").toString();
        CliRun run = CliRun.of("compare", "--json", a, b);
        assertEquals(1, run.status(), run.err());
        List<String> pairs = new ArrayList<>();
        for (JsonNode r : rows(run)) {
            if (r.has("change")) {
                pairs.add(r.get("path").asText() + " " + r.get("change").asText()
                        + (r.get("b").isNull() ? "" : " " + Path.of(r.get("b").get("path").asText()).getFileName()));
            }
        }
        assertEquals(List.of(
                "before-rename.jsonl new_death after-rename.jsonl", // renamed: paired by its session id
                "fixed.jsonl fixed fixed.jsonl",
                "new-death.jsonl new_death new-death.jsonl",
                "only-in-a.jsonl only_a",
                "only-in-b.jsonl only_b only-in-b.jsonl",
                "same.jsonl same same.jsonl"), pairs);
        JsonNode summary = rows(run).get(pairs.size());
        assertEquals("{\"new_death\":2,\"fixed\":1,\"changed\":0,\"same\":1,\"only_a\":1,\"only_b\":1}",
                summary.get("summary").toString());
        CliRun text = CliRun.of("compare", a, b);
        assertEquals("2 new deaths: RATE_LIMIT 1, AUTH 1 · 1 fixed · 1 same · 1 only in A · 1 only in B",
                text.lines().get(text.lines().size() - 1));
        assertTrue(text.lines().contains("new_death  before-rename.jsonl → after-rename.jsonl (same session)  "
                + "HEALTHY → SYNTHETIC · AUTH"), text.out());
    }

    @Test
    void aRunOnlyOneSideHasIsOnlyThatSideAndADeadOneOnlyInBIsANewDeath() throws Exception {
        Path a = Files.createDirectories(dir.resolve("a"));
        Path b = Files.createDirectories(dir.resolve("b"));
        Files.copy(Path.of(GOOD), a.resolve("gone.jsonl"));
        CliRun onlyA = CliRun.of("compare", a.toString(), b.toString());
        assertEquals(0, onlyA.status(), onlyA.out());
        assertTrue(onlyA.lines().contains("only_a     gone.jsonl  HEALTHY"), onlyA.out());
        Files.copy(Path.of(DIED), b.resolve("new.jsonl"));
        CliRun onlyB = CliRun.of("compare", a.toString(), b.toString());
        assertEquals(1, onlyB.status(), onlyB.out());
        assertTrue(onlyB.out().contains("only_b     new.jsonl  SYNTHETIC · RATE_LIMIT"), onlyB.out());
        assertTrue(onlyB.out().contains("· 1 only in B (1 dead)"), onlyB.out());
    }

    @Test
    void aClaudeCodeBashAndACodexCommandCompareByTheirCommands() throws Exception {
        Path claude = dir.resolve("claude.jsonl");
        Files.writeString(claude, claude("ls config", "python3 -m tomllib config/app.toml"), StandardCharsets.UTF_8);
        // legacy shell calls: ["bash","-lc","ls config"] runs "ls config"; the second runs its words joined
        CliRun run = CliRun.of("compare", "--json", claude.toString(), Fixtures.path("codex/legacy-shell.jsonl").toString());
        List<JsonNode> rows = rows(run);
        assertEquals("same", rows.get(0).get("op").asText(), run.out());
        assertEquals("Bash|shell", rows.get(0).get("tool").asText());
        assertEquals("ls config", rows.get(0).get("b_key").asText());
        assertEquals("same", rows.get(1).get("op").asText(), run.out());
        assertEquals("python3 -m tomllib config/app.toml", rows.get(1).get("b_key").asText());

        CliRun exec = CliRun.of("compare", "--json", claude(dir, "cat src/messages.py"),
                Fixtures.path("codex/patch-after-read.jsonl").toString());
        List<JsonNode> e = rows(exec);
        assertEquals("same", e.get(0).get("op").asText(), exec.out());
        assertEquals("Bash|exec_command", e.get(0).get("tool").asText());
        assertEquals("only_b", e.get(1).get("op").asText());
        assertEquals("apply_patch", e.get(1).get("tool").asText());
        assertTrue(e.get(1).get("b_key").asText().startsWith("*** Begin Patch\n*** Update File: src/messages.py"));
    }

    @Test
    void transcriptTextInAKeyIsEscapedInTheText() throws Exception {
        Path a = dir.resolve("a.jsonl");
        Files.writeString(a, claude("echo \u001b[31mred\u0007"), StandardCharsets.UTF_8);
        CliRun run = CliRun.of("compare", a.toString(), GOOD);
        assertFalse(run.out().contains("\u001b") || run.out().contains("\u0007"), run.out());
        assertTrue(run.out().contains("Bash  echo "), run.out());
    }

    @Test
    void aFileAndAFolderOrAMissingPathIsBadInput() {
        CliRun mixed = CliRun.of("compare", GOOD, Fixtures.path("compare/b").toString());
        assertEquals(2, mixed.status());
        assertTrue(mixed.err().contains("two transcripts or two folders"), mixed.err());
        CliRun missing = CliRun.of("compare", GOOD, dir.resolve("nope.jsonl").toString());
        assertEquals(2, missing.status());
        assertTrue(missing.err().contains("nope.jsonl: no such file or folder"), missing.err());
    }

    @Test
    void aTranscriptThatCannotBeReadIsBadInputNamingIt() throws Exception {
        Path fifo = dir.resolve("pipe.jsonl");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        CliRun run = CliRun.of("compare", GOOD, fifo.toString());
        assertEquals(2, run.status());
        assertTrue(run.err().contains("pipe.jsonl: not a regular file"), run.err());
        assertEquals("", run.out());
    }

    private static String claude(Path dir, String... commands) throws Exception {
        Path p = dir.resolve("claude-" + commands.length + ".jsonl");
        Files.writeString(p, claude(commands), StandardCharsets.UTF_8);
        return p.toString();
    }

    /** A Claude Code session that runs {@code commands} with Bash, one per record, then answers. */
    private static String claude(String... commands) throws Exception {
        StringBuilder s = new StringBuilder("{\"type\":\"user\",\"sessionId\":\"s\",\"message\":{\"role\":\"user\",\"content\":\"go\"}}\n");
        for (int i = 0; i < commands.length; i++) {
            String input = JSON.writeValueAsString(java.util.Map.of("command", commands[i]));
            s.append("{\"type\":\"assistant\",\"sessionId\":\"s\",\"message\":{\"id\":\"m").append(i)
                    .append("\",\"role\":\"assistant\",\"model\":\"claude-sonnet-4-6\",\"content\":[{\"type\":\"tool_use\",\"id\":\"t")
                    .append(i).append("\",\"name\":\"Bash\",\"input\":").append(input).append("}]}}\n");
            s.append("{\"type\":\"user\",\"sessionId\":\"s\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"t")
                    .append(i).append("\",\"content\":\"ok\"}]}}\n");
        }
        s.append("{\"type\":\"assistant\",\"sessionId\":\"s\",\"message\":{\"id\":\"end\",\"role\":\"assistant\",\"model\":\"claude-sonnet-4-6\",\"content\":[{\"type\":\"text\",\"text\":\"done\"}]}}\n");
        return s.toString();
    }
}

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

/** docs/VERDICTS.md, "Command line": {@code coroner verdict} rows, order, exit status and terminal safety. */
class VerdictCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void jsonRowHasTheContractKeysInOrder() throws Exception {
        CliRun run = CliRun.of("verdict", "--json", Fixtures.path("terminal/synthetic-spend-limit-429.jsonl").toString());
        assertEquals(1, run.status(), "a dead transcript exits 1");
        JsonNode row = JSON.readTree(run.lines().get(0));
        List<String> keys = new ArrayList<>();
        row.fieldNames().forEachRemaining(keys::add);
        assertEquals(List.of("path", "state", "dead", "class", "api_status", "error", "reason", "kind", "trailing",
                "harness"), keys, "a session: no parent");
        assertEquals("CLAUDE_CODE", row.get("harness").asText());
        assertEquals("SYNTHETIC", row.get("state").asText());
        assertTrue(row.get("dead").asBoolean());
        assertEquals("RATE_LIMIT", row.get("class").asText());
        assertEquals(429, row.get("api_status").asInt());
        assertEquals("rate_limit", row.get("error").asText());
        assertEquals("SESSION", row.get("kind").asText());
        assertTrue(row.get("trailing").isNull());
    }

    @Test
    void aRunThatDiedAfterItsLastAnswerStaysHealthyButExitsOne() throws Exception {
        CliRun run = CliRun.of("verdict", "--json", Fixtures.path("terminal/healthy-then-api-failure-429.jsonl").toString());
        assertEquals(1, run.status(), "died after its last answer counts as a death");
        JsonNode row = JSON.readTree(run.lines().get(0));
        assertEquals("HEALTHY", row.get("state").asText(), "state and dead stay the reference's");
        assertFalse(row.get("dead").asBoolean());
        assertEquals("{\"line\":13,\"attempt\":10,\"max\":10,\"status\":429,\"cause\":null,\"class\":\"RATE_LIMIT\"}",
                row.get("trailing").toString());
        CliRun text = CliRun.of("verdict", Fixtures.path("terminal/healthy-then-api-failure-429.jsonl").toString());
        assertTrue(text.out().startsWith("HEALTHY    · died after its last answer (RATE_LIMIT)"), text.out());
        assertEquals(1, text.status());
    }

    @Test
    void aGzipFileIsEmptyAndSaysToDecompressIt() {
        CliRun run = CliRun.of("verdict", Fixtures.path("terminal/gzip.jsonl").toString());
        assertEquals(1, run.status(), "EMPTY, as the reference says: dead");
        assertTrue(run.out().startsWith("EMPTY"), run.out());
        assertTrue(run.out().contains("gzip-compressed file, not a transcript: decompress it (gunzip)"), run.out());
    }

    @Test
    void aFolderWithNoTranscriptIsSaidNotReadAsACorpusWhereNothingDied() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("wrong-folder"));
        CliRun run = CliRun.of("verdict", empty.toString());
        assertEquals(0, run.status(), "nothing was judged, so nothing died");
        assertEquals("", run.out());
        assertEquals("coroner: no *.jsonl transcripts in " + empty + "\n", run.err().replace("\r\n", "\n"));
    }

    @Test
    void anUnreadableFolderNamedGetsItsRowSayingPermissionDeniedAndExitsTwo() throws Exception {
        Path locked = Files.createDirectories(dir.resolve("locked"));
        Files.copy(Fixtures.path("terminal/synthetic-context-limit.jsonl"), locked.resolve("dead.jsonl"));
        Files.setPosixFilePermissions(locked, java.nio.file.attribute.PosixFilePermissions.fromString("---------"));
        try {
            // its own process: root reads a mode-000 folder, so the child runs without that power
            ChildJvm.Result run = ChildJvm.java().withoutReadingPower(locked).run("verdict", "--json", locked.toString());
            assertEquals(2, run.status(), "a folder named that cannot be read is bad input: " + run.errText());
            List<String> rows = run.outText().lines().toList();
            assertEquals(1, rows.size(), run.outText());
            JsonNode row = JSON.readTree(rows.get(0));
            assertEquals(locked.toString(), row.get("path").asText());
            assertEquals("UNREADABLE", row.get("state").asText());
            assertTrue(row.get("reason").asText().contains("permission denied"), row.toString());
            assertFalse(run.errText().contains("no *.jsonl"), "not a corpus with nothing in it: " + run.errText());
        } finally {
            Files.setPosixFilePermissions(locked, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        }
    }

    @Test
    void severalTranscriptsEndWithATotalAsTheWindowsChartCountsThem() throws Exception {
        // kinds/: 5 workers (one died of a rate limit) and 5 harness agents (two dead), counted apart
        CliRun run = CliRun.of("verdict", Fixtures.path("kinds").toString());
        List<String> lines = run.lines();
        assertEquals("total: 1 of 5 workers dead · 20% · + 5 harness agents, 2 dead · deaths: RATE_LIMIT 1",
                lines.get(lines.size() - 1));
        // every death class the terminal fixtures hold, in a fixed order, the EMPTY ones last
        CliRun terminal = CliRun.of("verdict", Fixtures.path("terminal").toString());
        String last = terminal.lines().get(terminal.lines().size() - 1);
        long dead = 0;
        for (String line : CliRun.of("verdict", "--json", Fixtures.path("terminal").toString()).lines()) {
            JsonNode row = JSON.readTree(line);
            if (!row.has("state")) {
                continue; // a row of problem lines, not a verdict
            }
            boolean died = row.get("dead").asBoolean() || !row.get("trailing").isNull();
            // a 0-byte file and one of only metadata hold no run: dead by the reference, never counted
            String reason = row.get("reason").asText();
            boolean noRun = reason.startsWith("the file is empty (0 bytes)") || reason.startsWith("only metadata records");
            dead += died && !noRun && !"HARNESS".equals(row.get("kind").asText()) ? 1 : 0;
        }
        assertTrue(last.startsWith("total: " + dead + " of "), last);
        assertTrue(last.contains(" · + 2 files with no run (0 bytes: 1, metadata only: 1) · "), last);
        assertTrue(last.contains(" · deaths: RATE_LIMIT ") && last.endsWith(", EMPTY 7"), last);
        // one transcript, or JSON: no total
        CliRun one = CliRun.of("verdict", Fixtures.path("terminal/empty-file.jsonl").toString());
        assertFalse(one.out().contains("total:"), one.out());
        CliRun json = CliRun.of("verdict", "--json", Fixtures.path("kinds").toString());
        assertFalse(json.out().contains("total:"), json.out());
    }

    @Test
    void filesThatHoldNoRunAreCountedApartNeverAsDeaths() throws Exception {
        // norun/: a 0-byte file, a file of only a summary and snapshots, one death of a rate limit and a healthy run
        CliRun run = CliRun.of("verdict", Fixtures.path("norun").toString());
        List<String> lines = run.lines();
        assertEquals("total: 1 of 2 workers dead · 50% · + 2 files with no run (0 bytes: 1, metadata only: 1)"
                + " · deaths: RATE_LIMIT 1", lines.get(lines.size() - 1));
        // each row says which file holds no run; its state stays the reference's EMPTY
        assertTrue(run.out().contains("EMPTY      · no run: 0 bytes  " + Fixtures.path("norun/empty.jsonl")), run.out());
        assertTrue(run.out().contains("EMPTY      · no run: metadata only  " + Fixtures.path("norun/summary-only.jsonl")),
                run.out());
        assertEquals(1, run.status(), "the rate-limited run died");
        // --json keeps the reference's state and dead for both
        for (String line : CliRun.of("verdict", "--json", Fixtures.path("norun").toString()).lines()) {
            JsonNode row = JSON.readTree(line);
            String name = Path.of(row.get("path").asText()).getFileName().toString();
            if (name.equals("empty.jsonl") || name.equals("summary-only.jsonl")) {
                assertEquals("EMPTY", row.get("state").asText(), name);
                assertTrue(row.get("dead").asBoolean(), name);
            }
        }
    }

    @Test
    void aPromptWithNoAnswerIsARunAndADeath() {
        CliRun run = CliRun.of("verdict", Fixtures.path("terminal/empty-prompt-only.jsonl").toString(),
                Fixtures.path("terminal/healthy.jsonl").toString());
        List<String> lines = run.lines();
        assertEquals("total: 1 of 2 dead · 50% · deaths: EMPTY 1", lines.get(lines.size() - 1));
        assertFalse(run.out().contains("no run"), run.out());
    }

    @Test
    void kindsFolderNamesEachAgentsKind() throws Exception {
        CliRun run = CliRun.of("verdict", "--json", Fixtures.path("kinds").toString());
        List<String> kinds = new ArrayList<>();
        for (String line : run.lines()) {
            JsonNode row = JSON.readTree(line);
            kinds.add(Path.of(row.get("path").asText()).getFileName() + " " + row.get("kind").asText());
        }
        assertEquals(List.of("3c9a1e57-8d2b-4f60-a1c4-5e6f7a8b9c0d.jsonl SESSION",
                "agent-a2c4e6f8a0b1c3d5.jsonl SUBAGENT", "agent-acompact-4b5c6d.jsonl HARNESS",
                "agent-aprompt_suggestion-7e8f9a.jsonl HARNESS", "agent-aside_question-0a1b2c.jsonl HARNESS",
                "6f5e4d3c-2b1a-4c9d-8e7f-6a5b4c3d2e1f.jsonl SESSION", "8b7a6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d.jsonl SESSION",
                "agent-4c3b2a19.jsonl SUBAGENT", "agent-5d6e7f80.jsonl HARNESS",
                "agent-9a8b7c6d.jsonl HARNESS"), kinds);
    }

    @Test
    void aClaudeCodeSubAgentsRowNamesItsSessionAsParent() throws Exception {
        CliRun run = CliRun.of("verdict", "--json", Fixtures.path("kinds").toString());
        List<String> parents = new ArrayList<>();
        for (String line : run.lines()) {
            JsonNode row = JSON.readTree(line);
            parents.add(Path.of(row.get("path").asText()).getFileName() + " "
                    + (row.has("parent") ? row.get("parent").asText() : "-"));
        }
        assertEquals(List.of("3c9a1e57-8d2b-4f60-a1c4-5e6f7a8b9c0d.jsonl -",
                "agent-a2c4e6f8a0b1c3d5.jsonl 3c9a1e57-8d2b-4f60-a1c4-5e6f7a8b9c0d",
                "agent-acompact-4b5c6d.jsonl 3c9a1e57-8d2b-4f60-a1c4-5e6f7a8b9c0d",
                "agent-aprompt_suggestion-7e8f9a.jsonl 3c9a1e57-8d2b-4f60-a1c4-5e6f7a8b9c0d",
                "agent-aside_question-0a1b2c.jsonl 3c9a1e57-8d2b-4f60-a1c4-5e6f7a8b9c0d",
                "6f5e4d3c-2b1a-4c9d-8e7f-6a5b4c3d2e1f.jsonl -", "8b7a6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d.jsonl -",
                "agent-4c3b2a19.jsonl 8b7a6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d",
                "agent-5d6e7f80.jsonl 8b7a6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d",
                "agent-9a8b7c6d.jsonl 8b7a6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d"), parents);
    }

    @Test
    void healthyOnlyExitsZero() {
        CliRun run = CliRun.of("verdict", Fixtures.path("terminal/healthy.jsonl").toString());
        assertEquals(0, run.status());
        assertTrue(run.out().startsWith("HEALTHY"), run.out());
    }

    @Test
    void folderMeansEveryJsonlUnderItInBytewiseOrder() throws Exception {
        Files.createDirectories(dir.resolve("b"));
        for (String name : List.of("Z.jsonl", "a.jsonl", "b/c.jsonl", "é.jsonl", "notes.txt")) {
            Files.copy(Fixtures.path("terminal/healthy.jsonl"), dir.resolve(name));
        }
        CliRun run = CliRun.of("verdict", "--json", dir.toString());
        List<String> paths = run.lines().stream().map(l -> {
            try {
                return Path.of(JSON.readTree(l).get("path").asText()).getFileName().toString();
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }).toList();
        assertEquals(List.of("Z.jsonl", "a.jsonl", "c.jsonl", "é.jsonl"), paths);
        assertEquals(0, run.status());
    }

    @Test
    void unreadableExplicitInputGetsItsRowAndExitsTwo() throws Exception {
        Path missing = dir.resolve("missing.jsonl");
        CliRun run = CliRun.of("verdict", "--json", Fixtures.path("terminal/healthy.jsonl").toString(), missing.toString());
        assertEquals(2, run.status());
        JsonNode row = JSON.readTree(run.lines().get(1));
        assertEquals("UNREADABLE", row.get("state").asText());
        assertFalse(row.get("dead").asBoolean());
        assertTrue(row.get("reason").asText().contains("no such file"));
    }

    @Test
    void badUsageExitsTwo() {
        assertEquals(2, CliRun.of("verdict").status());
        assertEquals(2, CliRun.of("verdict", "--frobnicate", "x").status());
    }

    @Test
    void demoCorpusShowsTwoDeadSubAgents() throws Exception {
        CliRun run = CliRun.of("verdict", "--json", Fixtures.demoCorpus().toString());
        assertEquals(1, run.status());
        long dead = run.lines().stream().filter(l -> l.contains("\"dead\":true")).count();
        assertEquals(2, dead, run.out());
        assertEquals(6, run.lines().size());
    }

    @Test
    void controlCharactersFromATranscriptNeverReachTheTerminalRaw() throws Exception {
        Path p = dir.resolve("esc\u001b[31m.jsonl");
        Files.writeString(p, "{\"type\":\"assistant\",\"isApiErrorMessage\":true,\"message\":{\"role\":\"assistant\","
                + "\"model\":\"<synthetic>\",\"content\":\"\\u001b[2J\\u001b]0;pwned\\u0007 Rate limited\\u009b\\u202e\"}}\n",
                StandardCharsets.UTF_8);
        CliRun text = CliRun.of("verdict", p.toString());
        CliRun json = CliRun.of("verdict", "--json", p.toString());
        for (CliRun run : List.of(text, json)) {
            assertTrue(run.out().chars().noneMatch(c -> c == 0x1b || c == 0x07 || c == 0x9b || c == 0x202e), run.out());
        }
        assertTrue(text.out().contains("\\x1b[2J\\x1b]0;pwned\\x07 Rate limited\\x9b\\u{202e}"), text.out());
        assertEquals(p.toString(), JSON.readTree(json.lines().get(0)).get("path").asText(),
                "JSON escapes are still valid JSON for the same path");
    }
}

package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.fixtures.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/VERDICTS.md, "Coverage and proposals" and "Command line": {@code coroner propose}. */
class ProposeCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static String propose() {
        return Fixtures.path("propose").toString();
    }

    private static List<String> keys(JsonNode row) {
        List<String> keys = new ArrayList<>();
        row.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    private static List<JsonNode> rows(CliRun run) throws IOException {
        List<JsonNode> rows = new ArrayList<>();
        for (String line : run.lines()) {
            rows.add(JSON.readTree(line));
        }
        return rows;
    }

    @Test
    void jsonRowsAreTheUngatedToolsThenTheProposalsWithKeysInAFixedOrder() throws IOException {
        CliRun run = CliRun.of("propose", "--json", propose());
        assertEquals(0, run.status(), run.err());
        List<JsonNode> rows = rows(run);
        assertEquals(List.of("ungated", "ungated", "ungated", "ungated", "proposal"),
                rows.stream().map(r -> r.get("kind").asText()).toList(), "the tools called once get no proposal");
        assertEquals(List.of("kind", "tool", "canonical", "spellings", "calls", "transcripts", "examples"),
                keys(rows.get(0)));
        JsonNode edit = rows.get(4);
        assertEquals(List.of("kind", "id", "tool", "precursor", "rule", "held", "calls", "support", "lift",
                "base_held", "base_calls", "warns_added", "warns_removed", "misses_total", "misses", "toml"), keys(edit));
        assertEquals("Edit", edit.get("tool").asText());
        assertEquals("Read", edit.get("precursor").asText());
        assertEquals("new", edit.get("rule").asText());
        assertEquals("0.667", edit.get("support").toString(), "an exact decimal, never a binary float");
        assertEquals("2.444", edit.get("lift").toString(), "(2/3) / (3/11): Read came before 3 of 11 other calls");
        assertEquals(3, edit.get("base_held").asInt());
        assertEquals(11, edit.get("base_calls").asInt());
        assertEquals(2, edit.get("warns_added").asInt());
        assertEquals(64, edit.get("id").asText().length());
        assertEquals("Edit = [\"Read\"]", edit.get("toml").asText());
        JsonNode miss = edit.get("misses").get(0);
        assertEquals(List.of("path", "line", "tool_use_id"), keys(miss));
        assertTrue(miss.get("path").asText().endsWith("edit-unread.jsonl"));
        assertEquals(4, miss.get("line").asInt());
    }

    @Test
    void theTextNamesEachProposalByItsShortIdAndSaysWhatItWouldChange() {
        CliRun run = CliRun.of("propose", "--min-support", "0.3", "--grammar",
                Fixtures.path("precursor/claude-code.toml").toString(), propose());
        assertEquals(0, run.status(), run.err());
        assertTrue(run.out().contains("Edit = [..., \"Grep\"]   (widens the rule)"), run.out());
        assertTrue(run.out().contains("support 0.333 (1 of 3 calls)   lift 3.667 (before 1 of 11 other calls)   WARN +0 -1"),
                run.out());
        assertFalse(run.out().contains("\"Bash\""), "a shell is never proposed");
        assertFalse(run.out().contains("mcp__acp__Edit = [\"mcp__acp__Read\"]"), "mcp__acp__Edit is called once");
        assertFalse(run.out().contains("Edit = [\"Read\"]"), "the grammar gates Edit with Read already");
        assertTrue(run.out().contains("from 4 transcripts (3 HEALTHY), minimum support 0.3, minimum calls 3"), run.out());
        CliRun once = CliRun.of("propose", "--min-support", "0.3", "--min-calls", "1", "--grammar",
                Fixtures.path("precursor/claude-code.toml").toString(), propose());
        assertTrue(once.out().contains("mcp__acp__Edit = [\"mcp__acp__Read\"]   (new rule)"), once.out());
        assertTrue(once.out().contains("minimum calls 1"), once.out());
    }

    @Test
    void badInputExitsTwo() {
        assertEquals(2, CliRun.of("propose", "--min-support", "1.5", propose()).status());
        assertEquals(2, CliRun.of("propose", "--min-support", "half", propose()).status());
        assertEquals(2, CliRun.of("propose", "--threads", "0", propose()).status());
        CliRun noCalls = CliRun.of("propose", "--min-calls", "0", propose());
        assertEquals(2, noCalls.status());
        assertTrue(noCalls.err().contains("--min-calls is at least 1, not 0"), noCalls.err());
        CliRun badGrammar = CliRun.of("propose", "--grammar", Fixtures.path("precursor/bad/unknown-key.toml").toString(),
                propose());
        assertEquals(2, badGrammar.status());
        assertTrue(badGrammar.err().contains("unknown-key.toml:"), badGrammar.err());
        CliRun missing = CliRun.of("propose", propose(), Fixtures.path("propose/no-such.jsonl").toString());
        assertEquals(2, missing.status());
        assertTrue(missing.err().contains("no-such.jsonl: unreadable"), missing.err());
        assertTrue(missing.out().contains("Edit = [\"Read\"]"), "the readable ones are still judged");
    }

    @Test
    void aToolNameFromATranscriptNeverReachesTheTerminalRaw(@TempDir Path dir) throws IOException {
        String hostile = "mcp__x\u001b]0;owned\u0007__create_issue";
        String text = Files.readString(Fixtures.path("propose/mcp.jsonl"))
                .replace("mcp__linear__create_issue", hostile.replace("\u001b", "\\u001b").replace("\u0007", "\\u0007"));
        Path t = dir.resolve("hostile.jsonl");
        Files.writeString(t, text);
        for (String mode : List.of("--json", "--min-support=0.5")) {
            CliRun run = CliRun.of("propose", mode, t.toString());
            assertEquals(0, run.status(), run.err());
            assertTrue(run.out().contains("create_issue"), run.out());
            assertFalse(run.out().contains("\u001b") || run.out().contains("\u0007"), mode);
        }
    }

    /** Every transcript fixture file under a few folders, named one by one. */
    private static List<String> manyTranscripts() throws IOException {
        List<String> files = new ArrayList<>();
        for (String folder : List.of("propose", "precursor/claude-code", "precursor/exemptions", "demo", "report")) {
            try (Stream<Path> s = Files.walk(Fixtures.path(folder))) {
                s.filter(p -> p.toString().endsWith(".jsonl")).forEach(p -> files.add(p.toString()));
            }
        }
        return files;
    }

    @Test
    void theOutputIsTheSameBytesWhateverTheInputOrderAndTheThreads() throws IOException {
        List<String> files = manyTranscripts();
        assertTrue(files.size() > 20, "enough transcripts to shuffle");
        String grammar = Fixtures.path("precursor/claude-code.toml").toString();
        for (String mode : List.of("--json", "--min-support=0.2")) {
            // a minimum of 1 call, so the tools called once in these small fixtures give proposals to compare
            List<String> first = new ArrayList<>(List.of("propose", mode, "--min-calls", "1", "--threads", "1",
                    "--grammar", grammar));
            first.addAll(files);
            CliRun expected = CliRun.of(first.toArray(String[]::new));
            assertEquals(0, expected.status(), expected.err());
            assertTrue(expected.out().contains("Glob") && expected.out().contains("mcp__acp__Read"), "there is something to compare");
            Random random = new Random(20261130);
            List<String> shuffled = new ArrayList<>(files);
            for (int run = 0; run < 20; run++) {
                Collections.shuffle(shuffled, random);
                List<String> args = new ArrayList<>(List.of("propose", mode, "--min-calls", "1", "--threads",
                        Integer.toString(1 + run % 4), "--grammar", grammar));
                args.addAll(shuffled);
                if (run % 5 == 0) {
                    args.add(shuffled.get(0)); // a file named twice is judged once
                }
                CliRun r = CliRun.of(args.toArray(String[]::new));
                assertEquals(expected.out(), r.out(), "run " + run + " (" + mode + ")");
            }
        }
    }

    @Test
    void aFolderAndItsFilesNamedOneByOneGiveTheSameBytes() throws IOException {
        List<String> args = new ArrayList<>(List.of("propose", "--json"));
        try (Stream<Path> s = Files.list(Fixtures.path("propose"))) {
            Iterator<Path> it = s.sorted(Collections.reverseOrder()).iterator();
            it.forEachRemaining(p -> args.add(p.toString()));
        }
        assertEquals(CliRun.of("propose", "--json", propose()).out(), CliRun.of(args.toArray(String[]::new)).out());
    }
}

package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.fixtures.Fixtures;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/** {@code coroner scripts}: the docs/VERDICTS.md, "Command line" contract as a user sees it on the terminal and in --json. */
class ScriptsCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    record Run(int status, String out, String err) {
        List<JsonNode> rows() throws Exception {
            List<JsonNode> rows = new ArrayList<>();
            for (String line : out.split("\n")) {
                if (!line.isEmpty()) {
                    rows.add(JSON.readTree(line));
                }
            }
            return rows;
        }
    }

    static Run run(String... args) {
        CommandLine cl = CoronerCommand.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int status = cl.execute(args);
        return new Run(status, out.toString().replace("\r\n", "\n"), err.toString());
    }

    static String fixture(String name) {
        return Fixtures.path("scripts/" + name).toString();
    }

    static List<String> keys(JsonNode row) {
        List<String> keys = new ArrayList<>();
        for (Iterator<String> it = row.fieldNames(); it.hasNext(); ) {
            keys.add(it.next());
        }
        return keys;
    }

    @Test
    void severalTranscriptsEndWithATotalOfTheirBlocksByLabel() throws Exception {
        String folder = Fixtures.path("scripts").toString();
        java.util.Map<String, Integer> labels = new java.util.TreeMap<>();
        java.util.Set<String> withBlocks = new java.util.HashSet<>();
        for (JsonNode row : run("scripts", "--json", folder).rows()) {
            if (row.has("label") && row.has("block") && !row.get("block").isNull()) {
                labels.merge(row.get("label").asText(), 1, Integer::sum);
                withBlocks.add(row.get("path").asText());
            }
        }
        int blocks = labels.values().stream().mapToInt(Integer::intValue).sum();
        long files;
        try (Stream<Path> all = Files.walk(Path.of(folder))) {
            files = all.filter(f -> f.toString().endsWith(".jsonl")).count();
        }
        String[] text = run("scripts", folder).out().split("\n");
        String total = text[text.length - 1];
        assertTrue(total.startsWith("total: " + blocks + " blocks in " + withBlocks.size() + " of " + files
                + " transcripts read: "), total);
        for (var e : labels.entrySet()) {
            assertTrue(total.contains(e.getValue() + " " + e.getKey()), e + " in " + total);
        }
        assertFalse(run("scripts", fixture("bash-ok.jsonl")).out().contains("total:"), "one transcript: no total");
    }

    @Test
    void aMatchedBlockIsOneJsonLineWithTheCallInTheContractsKeyOrder() {
        Run r = run("scripts", "--json", fixture("bash-ok.jsonl"));
        assertEquals(0, r.status());
        String path = JSON.getNodeFactory().textNode(fixture("bash-ok.jsonl")).toString();
        assertEquals("{\"path\":" + path + ",\"line\":4,\"block\":1,\"label\":\"ok\",\"tool_use_id\":\"toolu_01Swc\","
                + "\"tool\":\"Bash\",\"dispatch\":1}\n", r.out());
    }

    static Stream<Arguments> rows() {
        return Stream.of(
                Arguments.of("bash-error.jsonl", List.of(
                        "line,block,label,tool_use_id,tool,dispatch,exitCode|6,1,error,toolu_01Spytest,Bash,1,127",
                        "line,block,label,tool_use_id,tool,dispatch|6,2,error,toolu_01Srm,Bash,2")),
                Arguments.of("submitted-twice.jsonl", List.of(
                        "line,block,label,tool_use_id,tool,dispatch,alsoMatches|8,1,ok,toolu_01Smake2,Bash,3,1")),
                Arguments.of("earlier-turn.jsonl", List.of(
                        "line,block,label,reason,earlierTurnLine,closest|6,1,unmatched,no-submission-this-turn,2,earlier-turn")),
                Arguments.of("trailing-space.jsonl", List.of(
                        "line,block,label,reason,closest|4,1,unmatched,no-submission-this-turn,no-shared-line")),
                Arguments.of("crlf-vs-lf.jsonl", List.of(
                        "line,block,label,reason,closest|6,1,unmatched,no-submission-this-turn,line-endings",
                        "line,block,label,tool_use_id,tool,dispatch|6,2,ok,toolu_01Scrlf,Bash,2")),
                Arguments.of("nfc-vs-nfd.jsonl", List.of(
                        "line,block,label,reason,closest|4,1,unmatched,no-submission-this-turn,no-shared-line",
                        "line,block,label,tool_use_id,tool,dispatch|4,2,ok,toolu_01Snfc,Bash,1")),
                Arguments.of("over-size.jsonl", List.of(
                        "line,block,label,tool_use_id,tool,dispatch|6,1,ok,toolu_01Slimit,Bash,1",
                        "line,block,label,reason|6,2,unmatched,over-size")),
                Arguments.of("no-result.jsonl", List.of(
                        "line,block,label,tool_use_id,tool,dispatch|2,1,no-result,toolu_01Ssleep,Bash,1")),
                Arguments.of("tilde-fence.jsonl", List.of(
                        "line,block,label,tool_use_id,tool,dispatch|4,1,ok,toolu_01Stilde,Bash,1")),
                Arguments.of("unclosed-fence.jsonl", List.of(
                        "line,block,label,tool_use_id,tool,dispatch|4,1,ok,toolu_01Sbuild,Bash,1")),
                Arguments.of("list-item.jsonl", List.of(
                        "line,block,label,tool_use_id,tool,dispatch|6,1,ok,toolu_01Spip,Bash,1",
                        "line,block,label,tool_use_id,tool,dispatch|6,2,ok,toolu_01Spytest2,Bash,2")));
    }

    /** Each expected row is "keys after path|values", so key order and presence are both checked. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void eachFixturesRowsCarryTheRightKeysAndValues(String fixture, List<String> expected) throws Exception {
        Run r = run("scripts", "--json", fixture(fixture));
        assertEquals(0, r.status(), "unmatched blocks are findings, not a failure");
        List<JsonNode> rows = r.rows();
        assertEquals(expected.size(), rows.size());
        for (int i = 0; i < rows.size(); i++) {
            String[] parts = expected.get(i).split("\\|");
            JsonNode row = rows.get(i);
            assertEquals(fixture(fixture), row.get("path").asText());
            List<String> keys = keys(row);
            assertEquals("path", keys.remove(0));
            assertEquals(List.of(parts[0].split(",")), keys, fixture + " row " + (i + 1) + " keys");
            // the closest object by its kind here; its own keys are checked in theClosestObjectComesLastAndStaysSmall
            List<String> values = keys.stream().map(k -> row.get(k).isObject() ? row.get(k).get("kind").asText()
                    : row.get(k).asText()).toList();
            assertEquals(List.of(parts[1].split(",")), values, fixture + " row " + (i + 1) + " values");
        }
    }

    static Stream<Arguments> closest() {
        return Stream.of(
                Arguments.of("earlier-turn.jsonl", "{\"kind\":\"earlier-turn\",\"tool_use_id\":\"toolu_01Sgit\",\"line\":2}"),
                Arguments.of("closest-line-endings.jsonl",
                        "{\"kind\":\"line-endings\",\"tool_use_id\":\"toolu_01SWlint\",\"line\":2}"),
                Arguments.of("closest-part-of.jsonl",
                        "{\"kind\":\"part-of\",\"tool_use_id\":\"toolu_01SWscript\",\"line\":2,\"at\":3}"),
                Arguments.of("closest-shares-lines.jsonl",
                        "{\"kind\":\"shares-lines\",\"tool_use_id\":\"toolu_01SWtests\",\"line\":2,\"shared\":2,\"of\":3}"),
                Arguments.of("trailing-space.jsonl", "{\"kind\":\"no-shared-line\",\"compared\":1}"),
                Arguments.of("closest-no-program-call.jsonl", "{\"kind\":\"no-program-call\"}"));
    }

    /** A missed block's row ends with what came closest: a small object, never the diff, never a match. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("closest")
    void theClosestObjectComesLastAndStaysSmall(String fixture, String expected) throws Exception {
        JsonNode row = run("scripts", "--json", fixture(fixture)).rows().get(0);
        List<String> keys = keys(row);
        assertEquals("closest", keys.get(keys.size() - 1));
        assertEquals("unmatched", row.get("label").asText());
        assertEquals(expected, row.get("closest").toString());
    }

    @Test
    void textModeAddsOneLineSayingWhatCameClosest() {
        String out = run("scripts", fixture("closest-shares-lines.jsonl"), fixture("closest-no-program-call.jsonl"),
                fixture("closest-part-of.jsonl")).out();
        assertTrue(out.contains("  line 6  block 1  unmatched  no-submission-this-turn\n"
                + "      closest: Bash toolu_01SWtests at line 2 shares 2 of the block's 3 non-blank lines\n"), out);
        assertTrue(out.contains("no-submission-this-turn\n      no call of this turn held a program"), out);
        assertTrue(out.contains("no-submission-this-turn\n      whole lines of the program Bash toolu_01SWscript"
                + " submitted at line 2, from its line 3"), out);
    }

    @Test
    void seventyBlocksGiveSeventyRowsSixKeptOut() throws Exception {
        List<JsonNode> rows = run("scripts", "--json", fixture("seventy-blocks.jsonl")).rows();
        assertEquals(70, rows.size());
        assertEquals(6, rows.stream().filter(n -> "kept-out".equals(n.path("reason").asText())).count());
        assertEquals(65, rows.get(64).get("block").asInt());
        assertEquals("kept-out", rows.get(64).get("reason").asText());
    }

    @Test
    void aFolderMeansEveryTranscriptInByteWiseOrder() throws Exception {
        Run r = run("scripts", "--json", Fixtures.path("scripts").toString());
        assertEquals(0, r.status());
        List<String> paths = r.rows().stream().map(n -> Path.of(n.get("path").asText()).getFileName().toString())
                .distinct().toList();
        assertEquals(List.of("bash-error.jsonl", "bash-ok.jsonl", "block-quote.jsonl",
                "closest-line-endings.jsonl", "closest-no-program-call.jsonl", "closest-part-of.jsonl",
                "closest-shares-lines.jsonl", "crlf-vs-lf.jsonl",
                "earlier-turn.jsonl", "list-item.jsonl", "nfc-vs-nfd.jsonl", "no-result.jsonl", "over-size.jsonl",
                "seventy-blocks.jsonl", "sidechain-interleaved.jsonl", "submitted-twice.jsonl", "tilde-fence.jsonl",
                "trailing-space.jsonl", "turn-boundaries.jsonl", "unclosed-fence.jsonl"), paths);
    }

    @Test
    void anUnreadableFileNamedExplicitlyGetsItsRowAndExitTwo(@TempDir Path dir) throws Exception {
        String missing = dir.resolve("gone.jsonl").toString();
        Run r = run("scripts", "--json", fixture("bash-ok.jsonl"), missing);
        assertEquals(2, r.status());
        List<JsonNode> rows = r.rows();
        assertEquals(2, rows.size(), "the readable file's rows are still printed");
        assertEquals(List.of("path", "line", "block", "label", "reason"), keys(rows.get(1)));
        assertEquals("UNREADABLE", rows.get(1).get("label").asText());
        assertEquals("no such file", rows.get(1).get("reason").asText());
    }

    @Test
    void textModeIsOneAlignedLinePerBlockUnderAFileSummary() {
        Run r = run("scripts", fixture("submitted-twice.jsonl"), fixture("earlier-turn.jsonl"), fixture("bash-error.jsonl"));
        assertEquals(0, r.status());
        String out = r.out();
        assertTrue(out.contains(fixture("submitted-twice.jsonl") + "  1 block: 1 ok\n"), out);
        assertTrue(out.contains("  line 8  block 1  ok         Bash toolu_01Smake2, call 3 of turn 1 (line 6),"
                + " also submitted by 1 earlier call\n"), out);
        assertTrue(out.contains("  line 6  block 1  unmatched  no-submission-this-turn"
                + " (an earlier turn ran the same program: Bash at line 2)\n"), out);
        assertTrue(out.contains("  line 6  block 1  error      Bash toolu_01Spytest, call 1 of turn 1 (line 2),"
                + " exit code 127\n"), out);
    }

    @Test
    void textModeNamesTheBoundsAndAFileWithoutBlocks() {
        String out = run("scripts", fixture("seventy-blocks.jsonl"), fixture("over-size.jsonl"),
                Fixtures.path("terminal/healthy.jsonl").toString()).out();
        assertTrue(out.contains("70 blocks: 1 ok, 69 unmatched (6 kept out, beyond 64 in one record)"), out);
        assertTrue(out.contains("block 70  unmatched  kept-out (beyond block 64, never compared)"), out);
        assertTrue(out.contains("over-size (over 65,536 UTF-8 bytes, never compared)"), out);
        assertTrue(out.contains("healthy.jsonl  no fenced blocks"), out);
    }

    @Test
    void transcriptTextNeverReachesTheTerminalRaw(@TempDir Path dir) throws Exception {
        String evilTool = "Ba\u001b[31msh\u202e";
        String record = "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"go\"}}\n"
                + "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\","
                + "\"id\":\"t\\u0007\",\"name\":\"" + evilTool.replace("\u001b", "\\u001b") + "\",\"input\":{\"command\":\"ls\"}}]}}\n"
                + "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\","
                + "\"text\":\"```\\nls\\n```\"}]}}\n";
        Path file = dir.resolve("evil\u001b.jsonl");
        Files.writeString(file, record, StandardCharsets.UTF_8);
        for (String mode : new String[] {"json", "text"}) {
            Run r = mode.equals("json") ? run("scripts", "--json", file.toString()) : run("scripts", file.toString());
            assertEquals(0, r.status(), r.err());
            assertFalse(r.out().chars().anyMatch(c -> c == 0x1b || c == 0x07 || c == 0x202e), mode + ": " + r.out());
            assertTrue(r.out().contains("no-result"), r.out());
        }
    }

    @Test
    void helpExplainsTheLabels() {
        Run r = run("scripts", "--help");
        assertEquals(0, r.status());
        assertTrue(r.out().contains("no-submission-this-turn"), r.out());
        assertTrue(r.out().contains("kept-out"), r.out());
    }

    @Test
    void noPathIsBadUsage() {
        assertEquals(2, run("scripts").status());
    }
}

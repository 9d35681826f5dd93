package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.core.precursor.GrammarLoader;
import dev.coroner.core.precursor.PrecursorGrammar;
import dev.coroner.fixtures.Fixtures;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

class PrecursorCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private record Run(int status, String out, String err) {
        List<String> lines() {
            return out.isEmpty() ? List.of() : List.of(out.split("\n"));
        }
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = CoronerCommand.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int status = cl.execute(args);
        return new Run(status, out.toString().replace("\r\n", "\n"), err.toString().replace("\r\n", "\n"));
    }

    private static String fixture(String rel) {
        return Fixtures.path("precursor/" + rel).toString();
    }

    @Test
    void aJsonRowHasTheContractsKeysInOrder() {
        Run r = run("precursor", "--grammar", fixture("claude-code.toml"), "--json", fixture("claude-code/refuted.jsonl"));
        assertEquals(1, r.status());
        assertEquals(List.of("{\"path\":" + quoted(fixture("claude-code/refuted.jsonl")) + ",\"line\":6,"
                + "\"tool_use_id\":\"toolu_01PRedit\",\"tool\":\"Edit\",\"stance\":\"REFUTED\","
                + "\"required\":[\"notebookread\",\"read\"],\"present\":[],"
                + "\"reason\":\"results had come in, but none from Read or NotebookRead: the mandated lookup had not"
                + " fired before this call\"}"), r.lines());
        assertEquals("", r.err());
    }

    /** "The CLI's verdicts on the fixtures are the reference's verdicts": every gated row of the expected table. */
    @ParameterizedTest(name = "{0} over {1}/")
    @CsvSource({"claude-code.toml, claude-code", "claude-code-case-sensitive.toml, claude-code",
            "customer-service.toml, customer-service"})
    void cliVerdictsOnTheFixturesAreTheExpectedOnes(String grammarName, String folder) throws IOException {
        Run r = run("precursor", "--grammar", fixture(grammarName), "--json", fixture(folder));
        List<String> got = new ArrayList<>();
        for (String line : r.lines()) {
            JsonNode row = JSON.readTree(line);
            String file = Path.of(row.get("path").asText()).getFileName().toString();
            List<String> present = new ArrayList<>();
            row.get("present").forEach(p -> present.add(p.asText()));
            got.add(folder + "/" + file + " " + row.get("line").asLong() + " " + row.get("tool_use_id").asText() + " "
                    + row.get("stance").asText() + " " + (present.isEmpty() ? "-" : String.join(",", present)));
        }
        PrecursorGrammar grammar = GrammarLoader.load(Fixtures.path("precursor/" + grammarName)).grammar();
        List<String> expected = new ArrayList<>();
        boolean warned = false;
        try (Stream<String> table = Files.lines(Fixtures.path("precursor/expected-verdicts.tsv"), StandardCharsets.UTF_8)) {
            for (String line : (Iterable<String>) table::iterator) {
                String[] c = line.split("\t", -1);
                if (line.startsWith("#") || !c[0].equals(grammarName) || grammar.rule(c[4]) == null) {
                    continue; // the CLI prints only calls of gated tools
                }
                expected.add(c[1] + " " + c[2] + " " + c[3] + " " + c[5] + " " + c[6]);
                warned |= c[5].equals("REFUTED");
            }
        }
        assertEquals(expected, got); // folders expand in byte-wise order, as the table is sorted
        assertEquals(warned ? 1 : 0, r.status());
    }

    @ParameterizedTest(name = "{0} → exit {2}")
    @CsvSource(delimiter = '|', value = {
            "attested only                | claude-code/attested.jsonl                              | 0",
            "first call and undeclared    | claude-code/first-call.jsonl claude-code/undeclared.jsonl | 0",
            "a WARN                       | claude-code/refuted.jsonl                               | 1",
            "a WARN and a clean one       | claude-code/attested.jsonl claude-code/no-result.jsonl  | 1",
            "a WARN and a missing file    | claude-code/refuted.jsonl claude-code/missing.jsonl     | 2"
    })
    void exitStatusFollowsTheContract(String what, String files, int status) {
        List<String> args = new ArrayList<>(List.of("precursor", "--grammar", fixture("claude-code.toml")));
        for (String f : files.split(" ")) {
            args.add(fixture(f));
        }
        assertEquals(status, run(args.toArray(String[]::new)).status(), what);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "bad/unknown-key.toml      | :2:1: unknown key `require` in [precursor]; did you mean `requires`?",
            "bad/element-integer.toml  | :2:17: item 2 of `Edit` must be a string (a tool name), not an integer",
            "bad/syntax-unclosed-header.toml | :1:20: TOML syntax: Unexpected end of line, expected ]",
            "bad/duplicate-case.toml   | :3:1: `edit` is the same tool as `Edit` at line 2, column 1"
    })
    void aGrammarErrorPrintsFileLineColumnAndExits2(String grammar, String message) {
        Run r = run("precursor", "--grammar", fixture(grammar), fixture("claude-code"));
        assertEquals(2, r.status());
        assertEquals("", r.out(), "no transcript is judged against a broken grammar");
        assertTrue(r.err().startsWith(fixture(grammar) + message), r.err());
        assertEquals(1, r.err().split("\n").length);
    }

    @Test
    void everyGrammarErrorGetsItsOwnLine() {
        Run r = run("precursor", "--grammar", fixture("bad/many-errors.toml"), fixture("claude-code"));
        assertEquals(2, r.status());
        String g = fixture("bad/many-errors.toml");
        List<String> lines = List.of(r.err().split("\n"));
        // its top-level `title` belongs to whoever else reads the file: a note, not an error
        assertEquals("coroner: note: " + g + ":1:1: `title` is not part of a precursor grammar: left alone", lines.get(0));
        List<String> positions = lines.subList(1, lines.size()).stream()
                .map(l -> l.substring(g.length(), l.indexOf(": ", g.length()))).toList();
        assertEquals(List.of(":3:1", ":4:1", ":6:1", ":7:18"), positions);
    }

    @Test
    void aDosTomlIsReadForItsPrecursorTableAndItsOtherTablesAreNamedInNotes() {
        String dos = fixture("dos.toml");
        Run r = run("precursor", "--grammar", dos, fixture("claude-code/refuted.jsonl"));
        assertEquals(1, r.status());
        assertEquals(List.of(fixture("claude-code/refuted.jsonl"),
                "  line 6  Edit  REFUTED    WARN  results had come in, but none from Read or NotebookRead: the mandated"
                        + " lookup had not fired before this call",
                "  1 WARN (Edit ×1) · 1 gated call: 0 ATTESTED, 1 REFUTED, 0 NO_SIGNAL"), r.lines());
        assertEquals(List.of(
                "coroner: note: " + dos + ":2:1: `title` is not part of a precursor grammar: left alone",
                "coroner: note: " + dos + ":4:1: `kernel` is not part of a precursor grammar: left alone",
                "coroner: note: " + dos + ":8:1: `tool_stream` is not part of a precursor grammar: left alone",
                "coroner: note: " + dos + ":31:1: `intervention` is not part of a precursor grammar: left alone"),
                List.of(r.err().split("\n")));
    }

    @Test
    void aFileWithoutAPrecursorTableIsAGrammarError() {
        String g = fixture("bad/no-precursor-table.toml");
        Run r = run("precursor", "--grammar", g, fixture("claude-code"));
        assertEquals(2, r.status());
        assertEquals("", r.out());
        assertTrue(r.err().contains(g + ":1:1: no [precursor] table, so this file holds no grammar"), r.err());
    }

    @Test
    void anExemptCallIsPrintedWithItsReasonAndIsNoWarn() throws IOException {
        String t = fixture("exemptions/created-file.jsonl");
        Run r = run("precursor", "--grammar", fixture("claude-code.toml"), t);
        assertEquals(1, r.status(), "the overwrite without a Read still warns");
        assertEquals(List.of(t,
                "  line 4  Write  EXEMPT           EXEMPT by created_file: its result says it created the file, so there was"
                        + " nothing to look up before it",
                "  line 6  Write  REFUTED    WARN  results had come in, but none from Read or NotebookRead: the mandated"
                        + " lookup had not fired before this call",
                "  1 WARN (Write ×1) · 2 gated calls: 0 ATTESTED, 1 REFUTED, 0 NO_SIGNAL, 1 EXEMPT"), r.lines());
        JsonNode row = JSON.readTree(run("precursor", "--grammar", fixture("claude-code.toml"), "--json", t).lines().get(0));
        assertEquals("EXEMPT", row.get("stance").asText());
        assertEquals("toolu_01XCnew", row.get("tool_use_id").asText());
    }

    @Test
    void onlyExemptCallsExitZeroAndTheSameGrammarWithoutItsExemptionsWarns(@TempDir Path dir) throws IOException {
        Path with = dir.resolve("with.toml");
        Files.writeString(with, "[precursor.requires]\nMultiEdit = \"Read\"\n[coroner.precursor]\nown_write = [\"Write\", \"Edit\"]\n");
        Path without = dir.resolve("without.toml");
        Files.writeString(without, "[precursor.requires]\nMultiEdit = \"Read\"\n");
        String t = fixture("exemptions/own-write.jsonl");
        assertEquals(0, run("precursor", "--grammar", with.toString(), t).status());
        assertEquals(1, run("precursor", "--grammar", without.toString(), t).status());
    }

    @Test
    void aMissingGrammarFileIsAnErrorNotAnEmptyGrammar() {
        Run r = run("precursor", "--grammar", fixture("no-such.toml"), fixture("claude-code/refuted.jsonl"));
        assertEquals(2, r.status());
        assertEquals(fixture("no-such.toml") + ": no such file\n", r.err());
    }

    @Test
    void withoutAGrammarItIsBadUsage() {
        Run r = run("precursor", fixture("claude-code/refuted.jsonl"));
        assertEquals(2, r.status());
        assertTrue(r.err().contains("Missing required option: '--grammar=G.toml'"), r.err());
    }

    @Test
    void theEmptyGrammarJudgesNothingAndExits0() {
        Run r = run("precursor", "--grammar", fixture("empty.toml"), "--json", fixture("claude-code"));
        assertEquals(0, r.status());
        assertEquals("", r.out());
    }

    @Test
    void anUnreadableFileNamedExplicitlyGetsARowAndExit2() {
        String missing = fixture("claude-code/missing.jsonl");
        Run r = run("precursor", "--grammar", fixture("claude-code.toml"), "--json", missing);
        assertEquals(2, r.status());
        assertEquals(List.of("{\"path\":" + quoted(missing) + ",\"line\":null,\"tool_use_id\":null,\"tool\":null,"
                + "\"stance\":\"UNREADABLE\",\"required\":[],\"present\":[],\"reason\":\"unreadable: no such file\"}"), r.lines());

        Run text = run("precursor", "--grammar", fixture("claude-code.toml"), missing);
        assertEquals(List.of(missing, "  UNREADABLE  no such file"), text.lines());
    }

    @Test
    void textMarksWarnsAlignsColumnsAndSummarises() {
        Run r = run("precursor", "--grammar", fixture("claude-code.toml"), fixture("claude-code/parallel-one-record.jsonl"));
        assertEquals(1, r.status());
        List<String> lines = r.lines();
        assertEquals(List.of(
                fixture("claude-code/parallel-one-record.jsonl"),
                "  line 4  Edit   REFUTED    WARN  results had come in, but none from Read or NotebookRead: the mandated"
                        + " lookup had not fired before this call",
                "  line 7  Write  ATTESTED         a mandated lookup fired first: Read returned a result before this call",
                "  1 WARN (Edit ×1) · 2 gated calls: 1 ATTESTED, 1 REFUTED, 0 NO_SIGNAL"), lines);
    }

    @Test
    void severalTranscriptsEndWithATotal() {
        Run r = run("precursor", "--grammar", fixture("customer-service.toml"), fixture("customer-service"));
        assertEquals(1, r.status());
        List<String> lines = r.lines();
        assertEquals("total: 3 WARN in 3 of 8 transcripts", lines.get(lines.size() - 1));
    }

    @Test
    void transcriptTextNeverReachesTheTerminalRaw(@TempDir Path dir) throws IOException {
        Path grammar = dir.resolve("g.toml");
        Files.writeString(grammar, "[precursor.requires]\n\"Ed\\u001b[2Jit\" = \"Read\"\n", StandardCharsets.UTF_8);
        Path t = dir.resolve("t.jsonl");
        Files.writeString(t, String.join("\n",
                "{\"type\":\"assistant\",\"message\":{\"id\":\"m1\",\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"a\",\"name\":\"Bash\",\"input\":{}}]}}",
                "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"a\",\"content\":\"ok\"}]}}",
                "{\"type\":\"assistant\",\"message\":{\"id\":\"m2\",\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"b\",\"name\":\"Ed\\u001b[2Jit\",\"input\":{}}]}}",
                ""), StandardCharsets.UTF_8);
        Run text = run("precursor", "--grammar", grammar.toString(), t.toString());
        assertEquals(1, text.status());
        assertFalse(text.out().contains("\u001b"), text.out());
        assertTrue(text.out().contains("Ed\\x1b[2Jit"), text.out());
        Run json = run("precursor", "--grammar", grammar.toString(), "--json", t.toString());
        assertFalse(json.out().contains("\u001b"));
        assertTrue(json.out().contains("\"tool\":\"Ed\\u001B[2Jit\""), json.out());
    }

    @Test
    void problemLinesAreNotedOnStderr(@TempDir Path dir) throws IOException {
        Path t = dir.resolve("torn.jsonl");
        Files.writeString(t, Files.readString(Fixtures.path("precursor/claude-code/refuted.jsonl")) + "{\"type\":\"us",
                StandardCharsets.UTF_8);
        Run r = run("precursor", "--grammar", fixture("claude-code.toml"), "--json", t.toString());
        assertEquals(1, r.status());
        assertEquals(2, r.lines().size(), "the call's row, then the file's problem row");
        assertTrue(r.lines().get(1).contains("\"problems\":[{\"line\":"), r.lines().get(1));
        assertTrue(r.err().contains("1 line is not a record"), r.err());
    }

    @Test
    void theTopLevelHelpListsTheCommand() {
        Run r = run("--help");
        assertTrue(r.out().contains("precursor"), r.out());
        Run help = run("precursor", "--help");
        assertEquals(0, help.status());
        assertTrue(help.out().contains("--grammar=G.toml"));
    }

    @Test
    void theCommandRunsWithoutLoadingJavaFx() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-verbose:class", "-cp", System.getProperty("java.class.path"),
                "dev.coroner.app.Main", "precursor", "--grammar", fixture("claude-code.toml"), fixture("claude-code"))
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(1, p.waitFor(), out.lines().filter(l -> !l.startsWith("[")).toList()::toString);
        assertTrue(out.contains("total: 4 WARN in 4 of 10 transcripts"));
        assertTrue(out.contains("dev.coroner.core.precursor.PrecursorGate"), "the class log is there to read");
        assertFalse(out.lines().anyMatch(l -> l.contains(" javafx.") || l.contains(" com.sun.javafx.")),
                "the command line must not load JavaFX");
    }

    private static String quoted(String s) {
        try {
            return JSON.writeValueAsString(s);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}

package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.core.index.ProblemList;
import dev.coroner.fixtures.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/VERDICTS.md, "Command line": problem lines are listed with their line, byte offset and kind, never only counted. */
class ProblemLinesCommandTest {
    private static final String RECORD = "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"hi\"}}\n";

    @TempDir
    Path dir;

    private Path transcript(String body) throws Exception {
        Path p = dir.resolve("t.jsonl");
        Files.write(p, body.getBytes(StandardCharsets.ISO_8859_1));
        return p;
    }

    private static String grammar() {
        return Fixtures.path("precursor/claude-code.toml").toString();
    }

    @Test
    void scriptsListsEachProblemLineUnderTheFileWithLineByteAndKind() throws Exception {
        // line 2 is garbage with an ESC in it, line 3 invalid UTF-8 (a lone 0xFF byte)
        Path p = transcript(RECORD + "{not json \u001b[31m\n" + "{\"a\":\"\u00ff\"}\n" + RECORD);
        CliRun r = CliRun.of("scripts", p.toString());
        assertEquals(0, r.status(), r.err());
        List<String> lines = r.lines();
        int second = RECORD.length();
        assertTrue(lines.contains("  problem line 2, byte " + second + ": MALFORMED_JSON: " + lines.get(1).split("MALFORMED_JSON: ", 2)[1]),
                r.out());
        assertTrue(lines.get(1).startsWith("  problem line 2, byte " + second + ": MALFORMED_JSON: not JSON"), r.out());
        assertTrue(lines.get(2).startsWith("  problem line 3, byte " + (second + "{not json \u001b[31m\n".length()) + ": INVALID_UTF8"), r.out());
        assertFalse(r.out().contains("\u001b"), "nothing from the file reaches the terminal raw");
    }

    @Test
    void jsonGivesOneProblemsRowPerFileAfterItsRows() throws Exception {
        Path p = transcript(RECORD + "[1,2]\n" + RECORD + "{\"torn\":");
        for (String[] args : List.of(new String[]{"scripts", "--json", p.toString()},
                new String[]{"precursor", "--grammar", grammar(), "--json", p.toString()})) {
            CliRun r = CliRun.of(args);
            List<String> lines = r.lines();
            JsonNode row = new ObjectMapper().readTree(lines.get(lines.size() - 1));
            assertEquals(List.of("path", "problems", "problemCount"), fieldNames(row), args[0]);
            assertEquals(2, row.get("problemCount").asLong());
            JsonNode first = row.get("problems").get(0);
            assertEquals(List.of("line", "offset", "length", "kind", "message"), fieldNames(first));
            assertEquals(2, first.get("line").asLong());
            assertEquals(RECORD.length(), first.get("offset").asLong());
            assertEquals(5, first.get("length").asLong());
            assertEquals("NOT_AN_OBJECT", first.get("kind").asText());
            assertEquals("INCOMPLETE", row.get("problems").get(1).get("kind").asText());
            assertEquals(4, row.get("problems").get(1).get("line").asLong());
        }
    }

    @Test
    void manyProblemLinesAreListedUpToTheCapAndCounted() throws Exception {
        int n = ProblemList.LISTED + 23;
        Path p = transcript(RECORD + "garbage\n".repeat(n));
        CliRun json = CliRun.of("scripts", "--json", p.toString());
        JsonNode row = new ObjectMapper().readTree(json.lines().get(json.lines().size() - 1));
        assertEquals(ProblemList.LISTED, row.get("problems").size());
        assertEquals(n, row.get("problemCount").asLong());
        CliRun text = CliRun.of("precursor", "--grammar", grammar(), p.toString());
        assertTrue(text.out().contains("  … and 23 more problem lines"), text.out());
        assertEquals(ProblemList.LISTED, text.lines().stream().filter(l -> l.startsWith("  problem line ")).count());
    }

    @Test
    void aFileWithoutProblemLinesGetsNoProblemsRow() throws Exception {
        Path p = transcript(RECORD);
        assertFalse(CliRun.of("scripts", "--json", p.toString()).out().contains("problems"));
        assertFalse(CliRun.of("precursor", "--grammar", grammar(), "--json", p.toString()).out().contains("problems"));
    }

    private static final String ANSWER = "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"model\":\"m\","
            + "\"content\":[{\"type\":\"text\",\"text\":\"done\"}]}}\n";

    @Test
    void verdictListsTheProblemLinesItReadFromTheEndAndSaysSo() throws Exception {
        // line 2 is before the last answer (never read by verdict); lines 4 and 6 after it, the last one torn
        String before = RECORD + "garbage before\n" + ANSWER;
        String body = before + "[1,2]\n" + RECORD + "{\"torn\":";
        Path p = transcript(body);
        CliRun json = CliRun.of("verdict", "--json", p.toString());
        assertEquals(0, json.status(), json.err());
        assertEquals(2, json.lines().size(), json.out());
        JsonNode row = new ObjectMapper().readTree(json.lines().get(1));
        assertEquals(List.of("path", "problems", "problemCount", "readFrom"), fieldNames(row));
        assertEquals("end", row.get("readFrom").asText());
        assertEquals(2, row.get("problemCount").asLong());
        JsonNode first = row.get("problems").get(0);
        assertTrue(first.get("line").isNull(), "a line found from the end has no number");
        assertEquals(before.length(), first.get("offset").asLong());
        assertEquals("NOT_AN_OBJECT", first.get("kind").asText());
        assertEquals("INCOMPLETE", row.get("problems").get(1).get("kind").asText());
        assertEquals(body.length() - "{\"torn\":".length(), row.get("problems").get(1).get("offset").asLong());

        CliRun text = CliRun.of("verdict", p.toString());
        List<String> lines = text.lines();
        assertTrue(lines.contains("  problem at byte " + before.length() + ": NOT_AN_OBJECT: a JSON array, not a record object"),
                text.out());
        assertTrue(lines.get(lines.size() - 1).startsWith("  (read from the end"), text.out());
        assertFalse(text.out().contains("byte " + RECORD.length() + ":"), "the line before the answer is not read");
    }

    @Test
    void verdictOnAFileWithoutProblemLinesAfterItsAnswerPrintsOnlyItsRow() throws Exception {
        Path p = transcript(RECORD + "garbage before\n" + ANSWER);
        CliRun json = CliRun.of("verdict", "--json", p.toString());
        assertEquals(1, json.lines().size(), json.out());
    }

    private static List<String> fieldNames(JsonNode n) {
        List<String> names = new java.util.ArrayList<>();
        n.fieldNames().forEachRemaining(names::add);
        return names;
    }
}

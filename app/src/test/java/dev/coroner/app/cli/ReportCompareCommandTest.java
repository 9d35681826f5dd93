package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.fixtures.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code coroner report --compare A B} (docs/COMPARE.md, "Reports"): the comparison of {@code coroner compare} as a
 * report, with compare's rows and exit status, the grammar's WARNs beside each verdict, and bad usage refused.
 */
class ReportCompareCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String GOOD = Fixtures.path("compare/good-run.jsonl").toString();
    private static final String DIED = Fixtures.path("compare/rate-limited-run.jsonl").toString();
    private static final String GRAMMAR = Fixtures.path("precursor/claude-code.toml").toString();

    @TempDir
    Path dir;

    @Test
    void twoTranscriptsAreWrittenWithCompareJsonsRowsAndItsExitStatus() throws Exception {
        Path out = dir.resolve("c.json");
        CliRun run = CliRun.of("report", "--compare", GOOD, DIED, "--out", out.toString(), "--grammar", GRAMMAR);
        assertEquals(1, run.status(), "B has a death A did not: " + run.err());
        assertTrue(run.err().contains("wrote " + out + ": the comparison of two transcripts, B has a death A did not"),
                run.err());
        JsonNode doc = JSON.readTree(out.toFile());
        CliRun compare = CliRun.of("compare", "--json", "--grammar", GRAMMAR, GOOD, DIED);
        var rows = compare.lines();
        assertEquals(rows.size() - 1, doc.get("rows").size());
        for (int i = 0; i < doc.get("rows").size(); i++) {
            assertEquals(JSON.readTree(rows.get(i)), doc.get("rows").get(i), "row " + i);
        }
        JsonNode summary = JSON.readTree(rows.get(rows.size() - 1));
        assertEquals(summary.get("summary"), doc.get("summary"));
        assertEquals(summary.get("first_divergence"), doc.get("first_divergence"));
        assertEquals(summary.at("/b/warnings"), doc.at("/b/warnings"));
        assertTrue(doc.at("/a/warnings").isNumber(), "judged under the grammar given");
        assertEquals("bundled", doc.at("/grammar/origin").asText());
        Path again = dir.resolve("again.json");
        CliRun.of("report", "--compare", GOOD, DIED, "--out", again.toString(), "--grammar", GRAMMAR);
        assertArrayEquals(Files.readAllBytes(out), Files.readAllBytes(again), "the same bytes for the same inputs");
    }

    @Test
    void twoFoldersAreWrittenAsAPageAndTheSameRunsAgainExitZero() throws Exception {
        Path out = dir.resolve("c.html");
        CliRun run = CliRun.of("report", "--compare", Fixtures.path("compare/a").toString(),
                Fixtures.path("compare/b").toString(), "--out", out.toString());
        assertEquals(1, run.status(), run.err());
        String page = Files.readString(out, StandardCharsets.UTF_8);
        assertTrue(page.contains("2 new deaths: RATE_LIMIT 1, AUTH 1"), page);
        assertFalse(page.contains("<script"), page);
        CliRun same = CliRun.of("report", "--compare", GOOD, GOOD, "--out", out.toString());
        assertEquals(0, same.status(), "no new death; the comparison replaced the comparison: " + same.err());
        assertTrue(Files.readString(out).contains("No difference: the same calls on both sides"));
    }

    @Test
    void badUsageIsRefusedAndNothingIsWritten() throws Exception {
        Path out = dir.resolve("c.json");
        assertEquals(2, CliRun.of("report", "--compare", GOOD, Fixtures.path("compare/a").toString(),
                "--out", out.toString()).status(), "a file and a folder");
        assertEquals(2, CliRun.of("report", "--compare", GOOD, dir.resolve("missing.jsonl").toString(),
                "--out", out.toString()).status(), "a missing side");
        assertEquals(2, CliRun.of("report", "--compare", GOOD, DIED, "--out", out.toString(), GOOD).status(),
                "a PATH besides the two sides");
        assertFalse(Files.exists(out));
        Path mine = dir.resolve("mine.json");
        Files.writeString(mine, "{\"my\": \"data\"}");
        CliRun refused = CliRun.of("report", "--compare", GOOD, DIED, "--out", mine.toString());
        assertEquals(2, refused.status(), refused.err());
        assertEquals("{\"my\": \"data\"}", Files.readString(mine), "someone's file is kept");
    }
}

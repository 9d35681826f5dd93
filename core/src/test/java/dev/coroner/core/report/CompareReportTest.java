package dev.coroner.core.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.core.compare.CompareRows;
import dev.coroner.core.compare.CorpusComparison;
import dev.coroner.core.compare.TranscriptComparison;
import dev.coroner.core.redact.Redactor;
import dev.coroner.fixtures.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/COMPARE.md, "Reports": a comparison written as JSON and HTML gives the same bytes for the same inputs wherever
 * they lie, its rows are compare --json's, a secret in a call's command appears nowhere, hostile text is inert on the
 * page, and two folders give their pairs and summary.
 */
class CompareReportTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path GOOD = Fixtures.path("compare/good-run.jsonl");
    private static final Path DIED = Fixtures.path("compare/rate-limited-run.jsonl");
    /** The command the good run runs that the rate-limited one changed: a planted text goes in its place. */
    private static final String COMMAND = "pytest -q tests/test_export.py";

    @TempDir
    Path dir;

    private static CompareReport.Options options(Redactor redactor) {
        return CompareReport.Options.of(redactor, "9.9.9-test");
    }

    private static byte[] json(TranscriptComparison c, Redactor r) {
        return CompareReport.of(c, options(r)).bytes(ReportFiles.Format.JSON);
    }

    private static byte[] html(TranscriptComparison c, Redactor r) {
        return CompareReport.of(c, options(r)).bytes(ReportFiles.Format.HTML);
    }

    /** The two fixture runs copied under {@code folder}, the good one's changed command replaced by {@code jsonText}. */
    private static Path[] copies(Path folder, String jsonText) throws Exception {
        Files.createDirectories(folder);
        Path a = folder.resolve("good-run.jsonl");
        Path b = folder.resolve("rate-limited-run.jsonl");
        String good = Files.readString(GOOD, StandardCharsets.UTF_8);
        assertTrue(good.contains(COMMAND), "the fixture runs " + COMMAND);
        Files.writeString(a, good.replace(COMMAND, jsonText), StandardCharsets.UTF_8);
        Files.copy(DIED, b);
        return new Path[] {a, b};
    }

    @Test
    void theSameComparisonGivesTheSameBytesWhereverItsFilesLie() throws Exception {
        Path[] one = copies(dir.resolve("first/runs"), COMMAND);
        Path[] two = copies(dir.resolve("elsewhere/deeper/runs"), COMMAND);
        TranscriptComparison c1 = TranscriptComparison.of(one[0], one[1], null);
        TranscriptComparison again = TranscriptComparison.of(one[0], one[1], null);
        TranscriptComparison c2 = TranscriptComparison.of(two[0], two[1], null);
        Redactor r = Redactor.standard(List.of());
        assertArrayEquals(json(c1, r), json(again, r));
        assertArrayEquals(html(c1, r), html(again, r));
        // named relative to the folder holding both, by its own name: no absolute (temporary) path in the bytes
        assertArrayEquals(json(c1, r), json(c2, r));
        assertArrayEquals(html(c1, r), html(c2, r));
        String page = new String(html(c1, r), StandardCharsets.UTF_8);
        assertFalse(page.contains(dir.toString()), "no temporary path on the page");
        assertFalse(new String(json(c1, r), StandardCharsets.UTF_8).contains(dir.toString()));
    }

    @Test
    void theJsonRowsAreCompareJsonsRowsAndTheSummaryRowFollows() throws Exception {
        TranscriptComparison c = TranscriptComparison.of(GOOD, DIED, null);
        JsonNode doc = JSON.readTree(json(c, Redactor.OFF));
        assertEquals("coroner-comparison", doc.at("/schema/family").asText());
        assertEquals(1, doc.at("/schema/version").asInt());
        assertEquals("compare", doc.get("root").asText());
        assertEquals("transcripts", doc.get("compare").asText());
        assertTrue(doc.get("new_death").asBoolean());
        assertEquals(List.of("schema", "coroner", "root", "grammar", "redaction", "compare", "new_death", "rows",
                "summary", "first_divergence", "a", "b"), names(doc));
        JsonNode rows = doc.get("rows");
        assertEquals(c.alignment().size(), rows.size());
        for (int r = 0; r < rows.size(); r++) {
            // the same keys in the same order, the same values: one row builder for both
            assertEquals(tree(CompareRows.row(c, r)), rows.get(r));
            assertEquals(List.of("op", "a_line", "b_line", "tool", "a_key", "b_key"), names(rows.get(r)));
        }
        assertEquals("changed", rows.get(2).get("op").asText());
        assertEquals("pytest -x tests/test_export.py", rows.get(2).get("b_key").asText());
        assertEquals(4, doc.at("/first_divergence/b_line").asInt());
        assertTrue(doc.at("/first_divergence/a_line").isNull());
        assertEquals("good-run.jsonl", doc.at("/a/path").asText());
        assertEquals("SYNTHETIC", doc.at("/b/state").asText());
        assertEquals("RATE_LIMIT", doc.at("/b/class").asText());
        assertEquals(4, doc.at("/b/calls").asInt());
        assertTrue(doc.at("/a/warnings").isNull(), "no grammar: WARNs not judged");
        assertFalse(doc.at("/redaction/on").asBoolean());
    }

    @Test
    void aSecretInACallsCommandAppearsNowhereInTheReport() throws Exception {
        String secret = "FAKEghpTokenabcdefghijklmnopqrstuvwx0123";
        Path[] runs = copies(dir.resolve("runs"), "git push https://ghp_" + secret + "@github.com/o/r && "
                + "curl -H \\\"Authorization: Bearer FAKEbearerTok9\\\" https://api.example.com");
        TranscriptComparison c = TranscriptComparison.of(runs[0], runs[1], null);
        String unredacted = new String(json(c, Redactor.OFF), StandardCharsets.UTF_8);
        assertTrue(unredacted.contains(secret), "planted where the report would show it");
        for (byte[] bytes : List.of(json(c, Redactor.standard(List.of())), html(c, Redactor.standard(List.of())))) {
            String text = new String(bytes, StandardCharsets.UTF_8);
            assertFalse(text.contains(secret), text);
            assertFalse(text.contains("FAKEbearerTok9"), text);
            assertTrue(text.contains("[REDACTED:"), text);
        }
        CompareReport.Document d = CompareReport.of(c, options(Redactor.standard(List.of())));
        assertTrue(d.redaction().on());
        assertTrue(d.redaction().total() >= 2, "counted: " + d.redaction());
        JsonNode doc = JSON.readTree(d.bytes(ReportFiles.Format.JSON));
        assertEquals(d.redaction().total(), doc.at("/redaction/total").asLong());
        // Coroner's own names are not redaction's to touch, even by a pattern that matches them
        CompareReport.Document own = CompareReport.of(c, options(Redactor.standard(List.of("SYNTHETIC|changed"))));
        JsonNode o = JSON.readTree(own.bytes(ReportFiles.Format.JSON));
        assertEquals("SYNTHETIC", o.at("/b/state").asText());
        assertEquals("changed", o.at("/rows/2/op").asText());
    }

    @Test
    void hostileTextInACallIsInertOnThePage() throws Exception {
        String hostile = "echo </code><script>alert(1)</script> \\\"><img src=x onerror=alert(2)> "
                + "\\u202egnp.exe \\u001b[31mred";
        Path[] runs = copies(dir.resolve("runs"), hostile);
        TranscriptComparison c = TranscriptComparison.of(runs[0], runs[1], null);
        String page = new String(html(c, Redactor.OFF), StandardCharsets.UTF_8);
        assertFalse(page.contains("<script"), page);
        assertFalse(page.contains("<img"), page);
        assertFalse(page.contains("\u202e"), "no bidi override reaches the page");
        assertFalse(page.contains("\u001b"), "no control character reaches the page");
        assertTrue(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), page);
        assertTrue(page.contains("Content-Security-Policy"));
        assertFalse(page.contains("src=\"http"), "nothing fetched");
        String json = new String(json(c, Redactor.OFF), StandardCharsets.UTF_8);
        assertFalse(json.contains("\u202e") || json.contains("\u001b"), "the JSON is inert on a terminal too");
        assertEquals(hostile.replace("\\\"", "\"").replace("\\u202e", "\u202e").replace("\\u001b", "\u001b"),
                JSON.readTree(json).at("/rows/2/a_key").asText(), "escaped, not changed");
    }

    @Test
    void aChangedCallMarksThePartThatDiffers() throws Exception {
        String page = new String(html(TranscriptComparison.of(GOOD, DIED, null), Redactor.OFF), StandardCharsets.UTF_8);
        assertTrue(page.contains("pytest -<mark>q</mark> tests/test_export.py"), page);
        assertTrue(page.contains("pytest -<mark>x</mark> tests/test_export.py"), page);
        assertTrue(page.contains("id=\"first-divergence\""), page);
        String[] emoji = CompareReportHtml.difference("ab😀cd", "ab😁cd");
        assertEquals("ab<mark>😀</mark>cd", emoji[0], "never cut inside a code point");
        assertEquals("ab<mark>😁</mark>cd", emoji[1]);
        String[] other = CompareReportHtml.difference("git status", "grep -n x");
        assertEquals("<mark>git status</mark>", other[0], "one shared letter is no shared part");
        assertEquals("<mark>grep -n x</mark>", other[1]);
    }

    @Test
    void twoFoldersGiveTheirPairsAndSummary() throws Exception {
        CorpusComparison c = CorpusComparison.of(Fixtures.path("compare/a"), Fixtures.path("compare/b"));
        CompareReport.Document d = CompareReport.of(c, options(Redactor.standard(List.of())));
        JsonNode doc = JSON.readTree(d.bytes(ReportFiles.Format.JSON));
        assertEquals("folders", doc.get("compare").asText());
        assertEquals("a", doc.at("/folders/a").asText());
        assertEquals("b", doc.at("/folders/b").asText());
        assertTrue(doc.get("new_death").asBoolean());
        List<String> changes = new ArrayList<>();
        for (JsonNode p : doc.get("pairs")) {
            assertEquals(List.of("path", "change", "a", "b"), names(p));
            changes.add(p.get("path").asText() + " " + p.get("change").asText());
        }
        assertEquals(List.of("before-rename.jsonl new_death", "fixed.jsonl fixed", "new-death.jsonl new_death",
                "only-in-a.jsonl only_a", "only-in-b.jsonl only_b", "same.jsonl same"), changes);
        for (int i = 0; i < c.pairs().size(); i++) {
            Map<String, Object> row = CompareRows.pair(c.pairs().get(i), p -> ReportPaths.relative(
                    List.of(c.a(), c.b())).name(p));
            assertEquals(tree(row), doc.get("pairs").get(i));
        }
        assertEquals("b/after-rename.jsonl", doc.at("/pairs/0/b/path").asText());
        assertTrue(doc.at("/pairs/4/a").isNull());
        assertEquals(2, doc.at("/summary/new_death").asInt());
        assertEquals(1, doc.at("/new_deaths/AUTH").asInt());
        assertEquals(c.summary(), doc.get("summary_line").asText());
        String page = new String(d.bytes(ReportFiles.Format.HTML), StandardCharsets.UTF_8);
        assertTrue(page.contains(c.summary()), page);
        assertTrue(page.contains("in B: <code>after-rename.jsonl</code> (the same session, renamed)"), page);
        // new deaths first on the page, whatever their paths
        assertTrue(page.indexOf("<code>new-death.jsonl</code>") < page.indexOf("<code>fixed.jsonl</code>"), page);
        assertTrue(page.indexOf("<code>fixed.jsonl</code>") < page.indexOf("<code>same.jsonl</code>"), page);
        assertArrayEquals(d.bytes(ReportFiles.Format.HTML),
                CompareReport.of(CorpusComparison.of(Fixtures.path("compare/a"), Fixtures.path("compare/b")),
                        options(Redactor.standard(List.of()))).bytes(ReportFiles.Format.HTML));
    }

    @Test
    void aComparisonReplacesAReportOfOursAndNothingElse() throws Exception {
        TranscriptComparison c = TranscriptComparison.of(GOOD, DIED, null);
        Path out = dir.resolve("x.json");
        CompareReport.write(c, ReportFiles.Format.JSON, out, options(Redactor.OFF));
        assertNull(CompareReport.refusalToReplace(out, ReportFiles.Format.JSON), "its own kind");
        assertNull(ReportFiles.refusalToReplace(out, ReportFiles.Format.JSON), "a report may replace it");
        Path page = dir.resolve("x.html");
        CompareReport.write(c, ReportFiles.Format.HTML, page, options(Redactor.OFF));
        assertNull(CompareReport.refusalToReplace(page, ReportFiles.Format.HTML));
        Path report = dir.resolve("r.html");
        Files.write(report, ReportFiles.bytes(ReportBuilder.build(List.of(GOOD),
                dev.coroner.core.findings.AnalysisSettings.NONE, null, "1", Redactor.OFF, 1), ReportFiles.Format.HTML));
        assertNull(CompareReport.refusalToReplace(report, ReportFiles.Format.HTML), "a report of ours");
        Path newer = dir.resolve("newer.json");
        Files.writeString(newer, "{\"schema\":{\"family\":\"coroner-comparison\",\"version\":9}}");
        assertNotNull(CompareReport.refusalToReplace(newer, ReportFiles.Format.JSON), "a newer comparison is kept");
        Path workspace = dir.resolve("w.json");
        Files.writeString(workspace, "{\"schema\":{\"family\":\"coroner-workspace\",\"version\":1},\"transcripts\":[]}");
        assertNotNull(CompareReport.refusalToReplace(workspace, ReportFiles.Format.JSON));
        Path someones = dir.resolve("mine.html");
        Files.writeString(someones, "<html>my page</html>");
        assertNotNull(CompareReport.refusalToReplace(someones, ReportFiles.Format.HTML));
    }

    /** A row as its JSON text reads back: numbers compared as numbers, whatever type built them. */
    private static JsonNode tree(Object row) throws Exception {
        return JSON.readTree(JSON.writeValueAsString(row));
    }

    private static List<String> names(JsonNode o) {
        List<String> out = new ArrayList<>();
        for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
            out.add(it.next());
        }
        return out;
    }
}

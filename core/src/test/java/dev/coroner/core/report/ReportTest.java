package dev.coroner.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.corpus.StateTally;
import dev.coroner.core.corpus.TranscriptPaths;
import dev.coroner.core.durable.Readability;
import dev.coroner.core.durable.Sha256;
import dev.coroner.core.findings.AnalysisSettings;
import dev.coroner.core.read.FileStamp;
import dev.coroner.core.redact.Redactor;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.fixtures.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/ARCHITECTURE.md, "Reports": what the builder keeps, how the page escapes, which files a report may replace. */
class ReportTest {
    private static final Path HOSTILE = Fixtures.path("report/hostile-text.jsonl");

    @TempDir
    Path dir;

    @Test
    void aTranscriptGivenTwiceIsReportedOnceAndAMissingOneIsUnreadableWithNoHash() {
        Path missing = dir.resolve("gone.jsonl");
        Report r = ReportBuilder.build(List.of(missing, HOSTILE, HOSTILE.getParent().resolve(".").resolve("hostile-text.jsonl")),
                AnalysisSettings.NONE, null, "test", Redactor.standard(List.of()), 2);
        assertEquals(2, r.transcripts().size());
        Report.TranscriptEntry gone = r.transcripts().stream().filter(t -> t.path().endsWith("gone.jsonl")).findFirst()
                .orElseThrow();
        assertEquals(TerminalState.UNREADABLE, gone.verdict().state());
        assertNull(gone.sha256());
        assertNull(gone.size());
        assertTrue(gone.verdict().reason().contains("no such file"), gone.verdict().reason());
        assertEquals(1, r.summary().tally().unreadable());
    }

    @Test
    void aWarnNamesTheRequiredLookupsAsTheGrammarSpellsThem() {
        // claude-code.toml: Edit = ["Read"], and Read = ["NotebookRead"] under [precursor.aliases]
        Report r = ReportBuilder.build(List.of(Fixtures.path("precursor/claude-code/refuted.jsonl")),
                new AnalysisSettings(Fixtures.path("precursor/claude-code.toml")), null, "test",
                Redactor.standard(List.of()), 1);
        Report.Warn w = r.transcripts().get(0).warns().get(0);
        assertEquals(List.of("Read", "NotebookRead"), w.required());
        assertTrue(w.reason().contains("none from Read or NotebookRead:"), w.reason());
        String html = new String(ReportHtml.bytes(r), StandardCharsets.UTF_8);
        assertTrue(html.contains("</code></td><td>Read or NotebookRead</td><td>results had come in, but none from Read or"
                + " NotebookRead:"), html);
        String json = new String(ReportJson.bytes(r), StandardCharsets.UTF_8).replaceAll("\\s", "");
        assertTrue(json.contains("\"required\":[\"Read\",\"NotebookRead\"]"), json);
    }

    @Test
    void aFileThatChangesWhileItIsReadIsReportedWithTheNoteAndAFileLeftAloneWithout() throws Exception {
        Path grows = dir.resolve("grows.jsonl");
        Path still = dir.resolve("still.jsonl");
        Files.copy(HOSTILE, grows);
        Files.copy(HOSTILE, still);
        String record = "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"more\"}}\n";
        FileStamp.afterRead = p -> { // a line appended just as the pass ends its read of one of them
            if (p.getFileName().toString().equals("grows.jsonl")) {
                try {
                    Files.writeString(p, record, StandardOpenOption.APPEND);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        };
        Report r;
        try {
            r = ReportBuilder.build(List.of(grows, still), AnalysisSettings.NONE, null, "test", Redactor.standard(List.of()), 1);
        } finally {
            FileStamp.afterRead = p -> { };
        }
        Report.TranscriptEntry grew = r.transcripts().stream().filter(t -> t.path().endsWith("grows.jsonl")).findFirst()
                .orElseThrow();
        Report.TranscriptEntry left = r.transcripts().stream().filter(t -> t.path().endsWith("still.jsonl")).findFirst()
                .orElseThrow();
        long before = Files.size(still);
        assertEquals(FileStamp.changed(new FileStamp(before, 0), new FileStamp(before + record.length(), 0), before),
                grew.readNote());
        assertNull(left.readNote());
        String json = new String(ReportJson.bytes(r), StandardCharsets.UTF_8);
        assertEquals(1, json.split("\"read_note\"", -1).length - 1, "only the changed file carries the key: " + json);
        String html = new String(ReportHtml.bytes(r), StandardCharsets.UTF_8);
        assertTrue(html.contains("<tr class=\"read-note\"><th>Read</th><td>" + ReportHtml.esc(grew.readNote())), html);
    }

    @Test
    void theNoteSaysWhenTheHashReadOtherBytesThanThePass() {
        Sha256.Digest same = new Sha256.Digest("ab", 100);
        Sha256.Digest longer = new Sha256.Digest("cd", 140);
        assertNull(ReportBuilder.readNote(null, 100, same), "the same length: nothing to say");
        assertNull(ReportBuilder.readNote(null, 100, null), "no hash: the entry says it has none");
        assertEquals("the file changed after it was read: 100 bytes were judged, 140 were hashed; the hash is not of the"
                + " bytes the verdict was made from", ReportBuilder.readNote(null, 100, longer));
        assertEquals("while", ReportBuilder.readNote("while", 100, longer), "a change while it was read says so first");
    }

    @Test
    void theCorpusIsCountedAsTheWindowCountsItWorkersFirstAndHarnessAgentsApart() throws Exception {
        List<Path> files;
        try (var s = Files.list(Fixtures.path("kinds"))) {
            files = s.filter(p -> p.toString().endsWith(".jsonl")).toList();
        }
        List<Path> all = TranscriptPaths.expand(List.of(Fixtures.path("kinds"))).inputs().stream()
                .map(TranscriptPaths.Input::path).toList();
        Report r = ReportBuilder.build(all, AnalysisSettings.NONE, null, "test", Redactor.standard(List.of()), 2);
        assertTrue(files.size() < r.transcripts().size(), "sub-agents in sub-folders are reported too");
        assertEquals("1 of 5 workers dead · 20% · + 5 harness agents, 2 dead", r.summary().headline());
        int workers = 0;
        int harness = 0;
        for (StateTally.ClassDeaths d : r.summary().deathsByClass().values()) {
            workers += d.workers();
            harness += d.harness();
        }
        assertEquals(1, workers, "every dead worker has a class");
        assertEquals(2, harness, "every dead harness agent has a class");
        assertEquals(r.transcripts().size(), r.summary().states().values().stream().mapToInt(Integer::intValue).sum());
    }

    @Test
    void everyStringOnThePageIsInert() {
        assertEquals("&lt;b&gt; &amp; &quot;q&quot; &#39;s&#39;", ReportHtml.esc("<b> & \"q\" 's'"));
        assertEquals("a\\nb \\x1b[31m \\u{202e}", ReportHtml.esc("a\nb \u001b[31m \u202e"));
        assertEquals("a\nb\t\\x1b &lt;", ReportHtml.escKeepingLines("a\nb\t\u001b <"));
    }

    @Test
    void aPageOfOursIsReplacedOneOfANewerVersionOrNoneOfOursIsNot() throws Exception {
        Report r = ReportBuilder.build(List.of(HOSTILE), AnalysisSettings.NONE, null, "test", Redactor.OFF, 1);
        Path page = dir.resolve("r.html");
        ReportFiles.write(r, ReportFiles.Format.HTML, page);
        assertNull(ReportFiles.refusalToReplace(page, ReportFiles.Format.HTML));
        String html = Files.readString(page, StandardCharsets.UTF_8);
        Files.writeString(page, html.replace("&quot;version&quot;:1", "&quot;version&quot;:2"), StandardCharsets.UTF_8);
        assertEquals(Readability.UNREADABLE_NEWER, ReportFiles.refusalToReplace(page, ReportFiles.Format.HTML).readability());
        Files.writeString(page, "<p>a page</p>");
        assertEquals(Readability.UNTAGGED, ReportFiles.refusalToReplace(page, ReportFiles.Format.HTML).readability());
        Files.writeString(page, "");
        assertNull(ReportFiles.refusalToReplace(page, ReportFiles.Format.HTML), "an empty file holds nothing to lose");
        assertNull(ReportFiles.refusalToReplace(dir.resolve("new.json"), ReportFiles.Format.JSON));
    }

    @Test
    void theJsonEndsInOneLineEndAndHoldsNoCarriageReturn() {
        Report r = ReportBuilder.build(List.of(HOSTILE), AnalysisSettings.NONE, null, "test", Redactor.standard(List.of()), 1);
        String json = new String(ReportJson.bytes(r), StandardCharsets.UTF_8);
        assertTrue(json.startsWith("{\n  \"schema\": {\n    \"family\": \"coroner-report\",\n    \"version\": 1\n  },\n"), json);
        assertTrue(json.endsWith("}\n") && !json.endsWith("\n\n"));
        assertFalse(json.contains("\r"));
        assertFalse(json.contains("sk-ant-"));
    }

    @Test
    void filesThatHoldNoRunAreCountedApartInTheSummaryAndMarkedGrey() {
        Path folder = Fixtures.path("norun");
        Report r = ReportBuilder.build(List.of(folder.resolve("empty.jsonl"), folder.resolve("summary-only.jsonl"),
                folder.resolve("rate-limited.jsonl"), folder.resolve("healthy.jsonl")), AnalysisSettings.NONE, null,
                "test", Redactor.standard(List.of()), 2);
        assertEquals("1 of 2 workers dead · 50% · + 2 files with no run (0 bytes: 1, metadata only: 1)",
                r.summary().headline());
        assertEquals(java.util.Set.of("RATE_LIMIT"), r.summary().deathsByClass().keySet());
        String json = new String(ReportJson.bytes(r), StandardCharsets.UTF_8);
        assertTrue(json.contains("\"no_run\": {\n      \"files\": 2,\n      \"zero_bytes\": 1,\n      \"metadata_only\": 1\n"),
                json);
        assertTrue(json.contains("\"state\": \"EMPTY\",\n        \"dead\": true"), "the reference's state and dead stay");
        String html = new String(ReportHtml.bytes(r), StandardCharsets.UTF_8);
        assertTrue(html.contains("<article class=\"norun\">"), html);
        assertTrue(html.contains("EMPTY</span> · no run: 0 bytes"), html);
        assertTrue(html.contains("<tr><th>Files with no run</th><td>2 files with no run (0 bytes: 1, metadata only: 1)"),
                html);
    }

    @Test
    void aHealthySessionThatFoldsDeadSubagentsIsMarkedAsTheWindowMarksItNotPlainGreen() throws Exception {
        List<Path> demo;
        try (var files = Files.walk(Fixtures.demoCorpus())) {
            demo = files.filter(p -> p.toString().endsWith(".jsonl")).toList();
        }
        Report r = ReportBuilder.build(demo, AnalysisSettings.NONE, null, "test", Redactor.standard(List.of()), 2);
        Report.TranscriptEntry session = r.transcripts().stream()
                .filter(t -> t.path().endsWith("7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b.jsonl")).findFirst().orElseThrow();
        assertEquals(TerminalState.HEALTHY, session.verdict().state());
        assertEquals(2, session.verdict().foldsDead(), "its two rate-limited sub-agents' results");
        String html = new String(ReportHtml.bytes(r), StandardCharsets.UTF_8);
        int at = html.indexOf("7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b.jsonl</h3>");
        String article = html.substring(html.lastIndexOf("<article", at), html.indexOf("</article>", at));
        assertTrue(article.startsWith("<article class=\"folds\">"), article);
        assertTrue(article.contains("HEALTHY</span> · <span class=\"state-note\">folds 2 dead</span> · session"), article);
        String json = new String(ReportJson.bytes(r), StandardCharsets.UTF_8);
        assertTrue(json.contains("\"folds_dead\": 2,"), json);
    }
}

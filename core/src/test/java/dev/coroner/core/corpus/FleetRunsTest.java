package dev.coroner.core.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.core.findings.AnalysisSettings;
import dev.coroner.core.findings.FindingKind;
import dev.coroner.core.findings.FindingSources;
import dev.coroner.core.findings.TranscriptAnalyser;
import dev.coroner.core.findings.TranscriptAnalysis;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.read.UnreadableTranscriptException;
import dev.coroner.core.redact.Redactor;
import dev.coroner.core.report.FleetReport;
import dev.coroner.core.report.Report;
import dev.coroner.core.report.ReportBuilder;
import dev.coroner.core.report.ReportFiles;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.fixtures.Fixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fleet's runs table in JSON lines read back as a corpus of verdicts (docs/FLEET.md, "Opening the runs table"): rows
 * made here the way the job makes them (the one pass, the standard sources, {@code TerminalVerdict.toMap} and the
 * fleet's columns) give back the same verdicts; a line that is no row is a problem row at its place.
 */
class FleetRunsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final TranscriptAnalyser analyser = new TranscriptAnalyser(FindingSources.standard());

    @TempDir
    Path tmp;

    private static List<Path> fixtures() throws IOException {
        List<Path> all = new ArrayList<>();
        for (String folder : List.of("terminal", "codex", "kinds", "norun")) {
            try (Stream<Path> s = Files.walk(Fixtures.path(folder))) {
                s.filter(p -> p.toString().endsWith(".jsonl") && Files.isRegularFile(p)).sorted().forEach(all::add);
            }
        }
        return all;
    }

    private TranscriptAnalysis analyse(Path p) {
        try {
            return analyser.analyse(TranscriptPass.run(p), AnalysisSettings.NONE);
        } catch (UnreadableTranscriptException e) {
            return TranscriptAnalyser.unreadable(p, e.reason());
        }
    }

    /** The job's row for {@code path} named {@code uri}: RunRow's keys, from the same analysis. */
    private String row(String uri, TranscriptAnalysis a) throws IOException {
        TerminalVerdict v = a.verdict();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("path", uri);
        m.putAll(v.toMap());
        m.putIfAbsent("parent", null);
        m.put("size", a.summary().bytes());
        m.put("sha256", "00".repeat(32));
        m.put("harness_version", null);
        m.put("session_id", a.summary().sessionId());
        m.put("died_after_answer", v.diedAfterAnswer());
        m.put("no_run", v.noRun() == null ? null : v.noRun().label());
        m.put("warns", a.count(FindingKind.WARN));
        m.put("unmatched_blocks", a.count(FindingKind.UNMATCHED_BLOCK));
        m.put("problem_lines", a.summary().problems());
        m.put("records", a.summary().records());
        m.put("changed", a.summary().changed());
        return JSON.writeValueAsString(m);
    }

    /** OUT/runs with one part file per half of the fixtures, Spark's checksum and _SUCCESS beside them. */
    private Path table(List<Path> files, List<String> extraLines) throws IOException {
        Path runs = Files.createDirectories(tmp.resolve("out/runs"));
        StringBuilder a = new StringBuilder();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < files.size(); i++) {
            Path f = files.get(i);
            (i % 2 == 0 ? a : b).append(row("file:" + f.toAbsolutePath(), analyse(f))).append('\n');
        }
        for (String l : extraLines) {
            b.append(l).append('\n');
        }
        Files.writeString(runs.resolve("part-00000-1b2c-c000.txt"), a, StandardCharsets.UTF_8);
        Files.writeString(runs.resolve("part-00001-1b2c-c000.txt"), b, StandardCharsets.UTF_8);
        Files.writeString(runs.resolve(".part-00000-1b2c-c000.txt.crc"), "crc");
        Files.writeString(runs.resolve("_SUCCESS"), "");
        Files.writeString(tmp.resolve("out/summary.json"), "{}\n");
        return runs;
    }

    @Test
    void everyRowGivesBackTheVerdictTheJobWrote() throws IOException {
        List<Path> files = fixtures();
        Path runs = table(files, List.of());
        assertEquals(FleetRuns.Kind.JSON, FleetRuns.kind(runs));
        assertEquals(FleetRuns.Kind.JSON, FleetRuns.kind(runs.getParent()), "OUT itself, with runs/ and summary.json");
        FleetRuns.Table t = FleetRuns.read(runs);
        assertEquals(files.size(), t.rows().size());
        assertTrue(t.notes().isEmpty(), t.notes().toString());
        Map<Path, FleetRuns.Row> byFile = new LinkedHashMap<>();
        t.rows().forEach(r -> byFile.put(r.local(), r));
        for (Path f : files) {
            FleetRuns.Row r = byFile.get(f.toAbsolutePath().normalize());
            TranscriptAnalysis a = analyse(f);
            assertEquals(a.verdict().toMap(), r.verdict().toMap(), f.toString());
            assertEquals(a.verdict().noRun(), r.verdict().noRun(), f.toString());
            assertEquals(a.summary().records(), r.records(), f.toString());
            assertEquals(a.summary().problems(), r.problemLines(), f.toString());
            assertEquals(a.summary().bytes(), r.size(), f.toString());
            assertTrue(r.reachable(), f.toString());
            assertNull(r.problem());
        }
        // part files in name order, each row at its line
        assertEquals("part-00000-1b2c-c000.txt", t.rows().get(0).source());
        assertEquals(1, t.rows().get(0).line());
        assertEquals(files.get(0).toAbsolutePath().normalize(), t.rows().get(0).local());
    }

    @Test
    void aLineThatIsNoRowIsAProblemRowAtItsPlace() throws IOException {
        List<Path> files = fixtures().subList(0, 3);
        TranscriptAnalysis healthy = analyse(Fixtures.path("terminal/healthy.jsonl"));
        String good = row("hdfs://nn:8020/runs/a b.jsonl", healthy);
        Path runs = table(files, List.of(
                "{\"path\": \"torn", // line 2 of part-00001 (one fixture row before it)
                "",
                "[1, 2]",
                good.replace("\"harness\"", "\"harnes\""),
                good.replace("\"state\":\"HEALTHY\"", "\"state\":\"ALIVE\""),
                good.replace("\"dead\":false", "\"dead\":true"),
                good));
        FleetRuns.Table t = FleetRuns.read(runs);
        List<FleetRuns.Row> problems = t.rows().stream().filter(r -> r.problem() != null).toList();
        assertEquals(List.of(2L, 4L, 5L, 6L, 7L), problems.stream().map(FleetRuns.Row::line).toList());
        for (FleetRuns.Row p : problems) {
            assertEquals("part-00001-1b2c-c000.txt", p.source());
            assertEquals(TerminalState.UNREADABLE, p.verdict().state());
            assertTrue(p.verdict().reason().contains("part-00001-1b2c-c000.txt line " + p.line()), p.verdict().reason());
            assertFalse(p.reachable());
        }
        assertTrue(problems.get(0).problem().startsWith("not JSON"), problems.get(0).problem());
        assertTrue(problems.get(1).problem().contains("not an object"), problems.get(1).problem());
        assertTrue(problems.get(2).problem().contains("\"harness\""), problems.get(2).problem());
        assertTrue(problems.get(3).problem().contains("ALIVE"), problems.get(3).problem());
        assertTrue(problems.get(4).problem().contains("\"dead\" is true"), problems.get(4).problem());
        FleetRuns.Row far = t.rows().get(t.rows().size() - 1);
        assertEquals("hdfs://nn:8020/runs/a b.jsonl", far.uri());
        assertNull(far.local(), "another file system: never read here");
        assertFalse(far.reachable());
        assertEquals(3 + 1 + 5, t.rows().size(), "every row and every line that is no row; the blank one is neither");
    }

    @Test
    void whatIsNotAJsonRunsTableIsToldApart() throws IOException {
        assertEquals(FleetRuns.Kind.NONE, FleetRuns.kind(Fixtures.path("terminal")), "a folder of transcripts");
        assertEquals(FleetRuns.Kind.NONE, FleetRuns.kind(Fixtures.path("terminal/healthy.jsonl")), "a transcript");
        Path parquet = Files.createDirectories(tmp.resolve("p/runs"));
        Files.write(parquet.resolve("part-00000-9f-c000.snappy.parquet"), new byte[] {'P', 'A', 'R', '1'});
        assertEquals(FleetRuns.Kind.PARQUET, FleetRuns.kind(parquet));
        Path other = Files.createDirectories(tmp.resolve("o"));
        Files.writeString(other.resolve("part-00000.txt"), "{\"path\": \"x\", \"state\": \"HEALTHY\"}\n");
        assertEquals(FleetRuns.Kind.NONE, FleetRuns.kind(other), "JSON lines, but not verdict rows");
    }

    @Test
    void local() {
        Path cwd = Path.of("/work/here");
        assertEquals(Path.of("/a/b c.jsonl"), FleetRuns.local("file:/a/b c.jsonl", cwd));
        assertEquals(Path.of("/a/b.jsonl"), FleetRuns.local("file:///a/b.jsonl", cwd));
        assertEquals(Path.of("/a/b.jsonl"), FleetRuns.local("file://localhost/a/b.jsonl", cwd));
        assertNull(FleetRuns.local("file://elsewhere/a/b.jsonl", cwd));
        assertNull(FleetRuns.local("s3a://bucket/a.jsonl", cwd));
        assertEquals(Path.of("/work/here/x/a.jsonl"), FleetRuns.local("x/a.jsonl", cwd), "as coroner verdict --json prints");
    }

    @Test
    void theReportOnTheTableCountsWhatTheReportOnTheFilesCounts() throws IOException {
        List<Path> files = fixtures();
        FleetRuns.Table t = FleetRuns.read(table(files, List.of("not json")));
        Report fromRows = FleetReport.build(t, "test", Redactor.OFF);
        Report fromFiles = ReportBuilder.build(files, AnalysisSettings.NONE, null, "test", Redactor.OFF, 2);
        assertEquals(files.size() + 1, fromRows.transcripts().size());
        Report.CorpusSummary a = fromRows.summary();
        Report.CorpusSummary b = fromFiles.summary();
        assertEquals(b.deathsByClass(), a.deathsByClass());
        assertEquals(b.problemLines(), a.problemLines());
        assertEquals(b.warns(), a.warns());
        assertEquals(b.unmatchedBlocks(), a.unmatchedBlocks());
        Map<TerminalState, Integer> states = new LinkedHashMap<>(b.states());
        states.merge(TerminalState.UNREADABLE, 1, Integer::sum); // the line that is no row
        assertEquals(states, a.states());
        Report.TranscriptEntry problem = fromRows.transcripts().stream()
                .filter(e -> e.path().equals("part-00001-1b2c-c000.txt line " + (files.size() / 2 + 1))).findFirst()
                .orElseThrow();
        assertEquals(TerminalState.UNREADABLE, problem.verdict().state());
        // both formats write it; the HTML names no grammar's bytes and says where each verdict came from
        Path html = tmp.resolve("r.html");
        ReportFiles.write(fromRows, ReportFiles.Format.HTML, html);
        String page = Files.readString(html);
        assertTrue(page.contains("read from the fleet&#39;s runs table") || page.contains("read from the fleet's runs table"),
                "each entry says it is the table's");
        ReportFiles.write(fromRows, ReportFiles.Format.JSON, tmp.resolve("r.json"));
        assertTrue(Files.readString(tmp.resolve("r.json")).contains("\"origin\" : \"fleet\"")
                || Files.readString(tmp.resolve("r.json")).contains("\"origin\": \"fleet\""));
    }
}

package dev.coroner.app.ui.model;

import dev.coroner.core.corpus.IndexCache;
import dev.coroner.core.corpus.StateTally;
import dev.coroner.core.findings.FindingSources;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.findings.FindingKind;
import dev.coroner.core.findings.MarkerKind;
import dev.coroner.core.findings.Severity;
import dev.coroner.core.terminal.TerminalClass;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.fixtures.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The view models without a toolkit: a same-thread executor and a direct bridge, so every command has done its work
 * when it returns (STYLE.md: view models tested without a toolkit).
 */
class WorkbenchModelTest {
    @TempDir
    Path dir;

    private Analyses analyses;
    private CorpusViewModel corpus;
    private TimelineViewModel timeline;
    private DetailViewModel detail;
    private FindingsViewModel findings;
    private Navigator navigator;

    @BeforeEach
    void wire() {
        Tasks tasks = Tasks.sameThread();
        analyses = new Analyses(FindingSources.standard());
        analyses.grammarProperty().set(dev.coroner.app.ui.Workbench.bundledGrammar());
        IndexCache cache = new IndexCache();
        navigator = new Navigator();
        corpus = new CorpusViewModel(tasks, analyses, cache);
        timeline = new TimelineViewModel(tasks, cache, analyses);
        detail = new DetailViewModel(tasks);
        findings = new FindingsViewModel(analyses, navigator, tasks);
        navigator.wire(corpus, timeline);
        timeline.selectedRowProperty().addListener((o, was, row) -> {
            if (row != null) {
                detail.show(timeline.indexProperty().get(), row, timeline.analysisProperty().get());
            }
        });
    }

    @Test
    void theFindingsListIsWorstFirstThenByKindPathAndLine() {
        corpus.open(List.of(dev.coroner.fixtures.Fixtures.root()));
        List<FindingItem> items = findings.items();
        assertTrue(items.size() > 100, items.size() + " findings");
        java.util.Comparator<FindingItem> order = java.util.Comparator
                .comparing((FindingItem i) -> i.finding().severity())
                .thenComparing(i -> i.finding().kind())
                .thenComparing(FindingItem::path, dev.coroner.core.corpus.TranscriptPaths.BYTEWISE)
                .thenComparingLong(i -> i.finding().line());
        java.util.Set<Path> paths = new java.util.HashSet<>();
        for (int i = 1; i < items.size(); i++) {
            FindingItem a = items.get(i - 1);
            FindingItem b = items.get(i);
            assertTrue(order.compare(a, b) <= 0, "out of order at " + i + ": " + a + " before " + b);
            paths.add(b.path());
        }
        assertTrue(paths.size() > 10, "findings from " + paths.size() + " transcripts");
    }

    @Test
    void theDemoCorpusIsTwoSessionsAndTwoOfSixAreDead() {
        corpus.open(List.of(DemoCorpus.DEMO));
        assertEquals(2, corpus.roots().size());
        assertEquals(4, corpus.roots().get(0).children().size());
        assertEquals("2 of 6 dead · 33%", corpus.tallyProperty().get().headline());
        CorpusNode dead = corpus.node(DemoCorpus.DEAD_EXPORT);
        assertEquals(TerminalState.SYNTHETIC, dead.stateProperty().get());
        assertEquals(TerminalClass.RATE_LIMIT, dead.terminalClassProperty().get());
        assertEquals("Audit the export module for path traversal.", dead.headlineProperty().get());
        assertEquals(new CorpusNode.Link(DemoCorpus.SESSION, 3,
                "spawned at line 3 of 7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b.jsonl"), dead.spawnedByProperty().get());
        assertEquals(DemoCorpus.DEAD_EXPORT.getParent().resolve("agent-a3c5e7a9b1d3f5e70.jsonl"),
                corpus.firstDead().orElseThrow());
    }

    @Test
    void countsAreShownOnlyForWhatSomeSourceJudges() {
        corpus.open(List.of(DemoCorpus.DEMO));
        CorpusNode session = corpus.node(DemoCorpus.SESSION);
        assertEquals(1, session.warnsProperty().get());
        assertEquals(1, session.blocksMatchedProperty().get());
        assertEquals(1, session.blocksUnmatchedProperty().get());

        Analyses bare = new Analyses(List.of());
        CorpusViewModel plain = new CorpusViewModel(Tasks.sameThread(), bare, new IndexCache());
        plain.open(List.of(DemoCorpus.DEMO));
        assertEquals(-1, plain.node(DemoCorpus.SESSION).warnsProperty().get(), "not judged is not zero");
    }

    @Test
    void findingsAreRankedWorstFirstAndTheWorstIsADeath() {
        corpus.open(List.of(DemoCorpus.DEMO));
        List<FindingKind> kinds = findings.groups().stream().map(FindingGroup::kind).toList();
        assertEquals(List.of(FindingKind.DEATH, FindingKind.DEAD_SUBAGENT_RESULT, FindingKind.WARN,
                FindingKind.UNMATCHED_BLOCK, FindingKind.TOOL_ERROR), kinds);
        assertEquals(Severity.DEATH, findings.worstProperty().get());
        assertEquals("2 deaths · 2 results from dead sub-agents · 1 WARN · 1 unmatched block · 1 failed tool call",
                findings.summaryProperty().get());
    }

    @Test
    void nextFindingOpensItsTranscriptAtItsLine() {
        corpus.open(List.of(DemoCorpus.DEMO));
        findings.next();
        assertEquals(FindingKind.DEATH, findings.selectedProperty().get().finding().kind());
        assertEquals(6, timeline.selectedRowProperty().get().line());
        findings.next();
        findings.next();
        assertEquals(FindingKind.DEAD_SUBAGENT_RESULT, findings.selectedProperty().get().finding().kind());
        assertEquals(DemoCorpus.SESSION, timeline.pathProperty().get());
        assertEquals(7, timeline.selectedRowProperty().get().line());
        assertEquals(DemoCorpus.SESSION, corpus.currentProperty().get().path(), "the corpus tree follows");
        findings.previous();
        findings.previous();
        findings.previous();
        assertEquals(FindingKind.TOOL_ERROR, findings.selectedProperty().get().finding().kind(), "wraps around");
    }

    @Test
    void openingATranscriptSelectsItsTerminalRecordWithItsState() {
        corpus.open(List.of(DemoCorpus.DEMO));
        navigator.goTo(DemoCorpus.DEAD_EXPORT, 0);
        TimelineRow row = timeline.selectedRowProperty().get();
        assertEquals(6, row.line());
        assertEquals(TerminalState.SYNTHETIC, row.terminal());
        assertEquals("You've hit your limit · resets 12am (America/New_York)", row.summaryProperty().get());
        assertEquals("6 records · 0 problems · 3.51 KB", timeline.statusProperty().get());
        assertTrue(detail.verdicts().stream().anyMatch(m -> m.kind() == MarkerKind.STATE
                && m.label().equals("SYNTHETIC · RATE_LIMIT")));
        assertTrue(detail.detailProperty().get().raw().text().contains("\"model\" : \"<synthetic>\""));
        assertEquals(List.of(new RulerMark(1.0, 5, MarkerKind.STATE, TerminalState.SYNTHETIC,
                "line 6: SYNTHETIC · RATE_LIMIT", 1, 0)), timeline.ruler(), "the death is marked at the foot of the ruler");
    }

    @Test
    void findingsOnlyShowsTheRowsThatCarryAFinding() {
        corpus.open(List.of(DemoCorpus.DEMO));
        navigator.goTo(DemoCorpus.SESSION, 0);
        timeline.filters().findingsOnlyProperty().set(true);
        assertEquals(List.of(7L, 8L, 10L, 13L, 14L), lines());
        assertEquals(14, timeline.selectedRowProperty().get().line(), "the selection survives the filter");
        timeline.filters().findingsOnlyProperty().set(false);
        assertEquals(15, lines().size());
    }

    @Test
    void goingToAHiddenLineShowsEveryRowAgain() {
        corpus.open(List.of(DemoCorpus.DEMO));
        navigator.goTo(DemoCorpus.SESSION, 0);
        timeline.filters().kindProperty().set("system");
        assertEquals(List.of(15L), lines());
        timeline.selectLine(2);
        assertNull(timeline.filters().kindProperty().get());
        assertEquals(2, timeline.selectedRowProperty().get().line());
    }

    @Test
    void searchFindsRowsByTheirRawTextAndOnlyMatchesHidesTheRest() {
        corpus.open(List.of(DemoCorpus.DEMO));
        navigator.goTo(DemoCorpus.SESSION, 0);
        timeline.filters().searchProperty().set("SECURITY.md");
        timeline.find();
        assertEquals(15, lines().size(), "a search highlights; it hides nothing unless asked");
        assertEquals("2 matches", timeline.filters().matchInfoProperty().get());
        timeline.filters().matchesOnlyProperty().set(true);
        assertEquals(List.of(10L, 11L), lines());
        assertEquals("2 of 15 rows · 2 matches", timeline.filters().matchInfoProperty().get());
        timeline.filters().searchProperty().set("");
        assertEquals(15, lines().size());
    }

    @Test
    void theDetailLinksACallToItsResultAndAResultToItsCallAndABlockToTheCallItQuotes() {
        corpus.open(List.of(DemoCorpus.DEMO));
        navigator.goTo(DemoCorpus.SESSION, 12);
        assertEquals(List.of(new DetailLink("result at line 13 · is_error", null, 13),
                new DetailLink("quoted by block 1 · error at line 14", null, 14)), detail.links());
        timeline.selectLine(13);
        assertEquals(new DetailLink("call at line 12 (Bash)", null, 12), detail.links().get(0));
        timeline.selectLine(14);
        assertTrue(detail.links().contains(new DetailLink("block 1 · error", null, 12)));
        assertTrue(detail.detailProperty().get().message().runs().stream().anyMatch(r -> r.styleClass().equals("fence")),
                "the answer's fenced blocks are marked");
    }

    @Test
    void aResultFromADeadSubAgentIsMarkedAndLinksToItsCorpse() {
        corpus.open(List.of(DemoCorpus.DEMO));
        navigator.goTo(DemoCorpus.SESSION, 7);
        var marker = detail.verdicts().stream().filter(m -> m.kind() == MarkerKind.DEAD_SUBAGENT).findFirst()
                .orElseThrow();
        assertTrue(marker.reason().startsWith("this result is a dead sub-agent's error string"));
        navigator.follow(marker);
        assertEquals(DemoCorpus.DEAD_EXPORT, timeline.pathProperty().get());
        assertEquals(6, timeline.selectedRowProperty().get().line(), "its terminal record");
    }

    @Test
    void aTornTranscriptShowsItsProblemRow() {
        Path torn = Fixtures.path("terminal/torn-last-line.jsonl").toAbsolutePath().normalize();
        corpus.open(List.of(torn));
        navigator.goTo(torn, 0);
        TimelineRow last = timeline.rowsProperty().get().get(timeline.rowsProperty().get().size() - 1);
        assertTrue(last.problem());
        assertEquals("INCOMPLETE", last.kind());
        assertTrue(last.summaryProperty().get().startsWith("INCOMPLETE: last line has no newline"));
        assertEquals(Severity.PROBLEM, findings.groups().stream().map(g -> g.kind().severity())
                .filter(s -> s == Severity.PROBLEM).findFirst().orElseThrow());
    }

    @Test
    void aMissingFileIsListedAsUnreadableNotDeadAndAnEmptyFolderIsNoted() throws Exception {
        Path missing = dir.resolve("gone.jsonl").toAbsolutePath();
        Path empty = Files.createDirectories(dir.resolve("empty"));
        corpus.open(List.of(missing, empty, DemoCorpus.SESSION));
        assertEquals(TerminalState.UNREADABLE, corpus.node(missing).stateProperty().get());
        assertTrue(corpus.node(missing).noteProperty().get().contains("no such file"));
        assertEquals(new StateTally(1, 0, 0, 1, 0, 0, 0, 0), corpus.tallyProperty().get());
        assertEquals(List.of("no *.jsonl transcripts in " + empty), corpus.notes());
    }

    private List<Long> lines() {
        return timeline.rowsProperty().get().stream().map(TimelineRow::line).toList();
    }
}

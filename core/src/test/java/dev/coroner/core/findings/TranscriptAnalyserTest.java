package dev.coroner.core.findings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.index.TranscriptJudgement;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.core.index.TerminalVerdicts;
import dev.coroner.fixtures.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** What the analysis of one transcript concludes, and that sources extend it without changing it. */
class TranscriptAnalyserTest {
    private static final Path DEAD = Fixtures.path(
            "demo/7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b/subagents/agent-a7b2d4f6e8c0a1b30.jsonl");
    private static final Path SESSION = Fixtures.path("demo/7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b.jsonl");

    static Stream<Path> terminalFixtures() throws IOException {
        try (Stream<Path> s = Files.list(Fixtures.path("terminal"))) {
            return s.sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("terminalFixtures")
    void theIndexedVerdictIsTheVerdictReadFromTheEnd(Path fixture) throws Exception {
        TranscriptAnalysis a = new TranscriptAnalyser(List.of()).analyse(TranscriptPass.run(fixture),
                AnalysisSettings.NONE);
        assertEquals(TerminalVerdicts.judge(fixture), a.verdict());
    }

    @Test
    void aDeadSubAgentHasADeathFindingOnItsTerminalLineAndAStateMarker() throws Exception {
        TranscriptAnalysis a = new TranscriptAnalyser(List.of()).analyse(TranscriptPass.run(DEAD),
                AnalysisSettings.NONE);
        assertEquals(TerminalState.SYNTHETIC, a.verdict().state());
        Finding death = a.findings().get(0);
        assertEquals(FindingKind.DEATH, death.kind());
        assertEquals(6, death.line());
        assertEquals("SYNTHETIC · RATE_LIMIT: You've hit your limit · resets 12am (America/New_York)", death.title());
        assertEquals(Severity.DEATH, a.worst());
        Marker state = a.markers().stream().filter(m -> m.kind() == MarkerKind.STATE).findFirst().orElseThrow();
        assertEquals(6, state.line());
        assertEquals("SYNTHETIC · RATE_LIMIT", state.label());
    }

    @Test
    void toolErrorsPointAtTheirCallAndSpawnsAreListed() throws Exception {
        TranscriptAnalysis a = new TranscriptAnalyser(List.of()).analyse(TranscriptPass.run(SESSION),
                AnalysisSettings.NONE);
        assertEquals(TerminalState.HEALTHY, a.verdict().state());
        Marker error = a.markers().stream().filter(m -> m.kind() == MarkerKind.TOOL_ERROR).findFirst().orElseThrow();
        assertEquals(13, error.line());
        assertEquals(12, error.targetLine());
        assertEquals(Severity.INFO, a.worst());
        assertEquals(List.of("6 2 a1f4c2e9b7d3a5c60", "7 3 a7b2d4f6e8c0a1b30", "8 4 a3c5e7a9b1d3f5e70",
                "9 5 a9d8c7b6a5f4e3d20"), a.spawns().stream()
                .map(s -> s.resultLine() + " " + s.callLine() + " " + s.agentId()).toList());
        for (Spawn s : a.spawns()) { // the result record is the evidence: its bytes are where the span says
            assertTrue(s.result().offset() > 0 && s.result().length() > 0, s.toString());
        }
    }

    @Test
    void aTornLineIsAProblemFinding() throws Exception {
        Path torn = Fixtures.path("terminal/torn-last-line.jsonl");
        TranscriptAnalysis a = new TranscriptAnalyser(List.of()).analyse(TranscriptPass.run(torn),
                AnalysisSettings.NONE);
        Finding problem = a.findings().stream().filter(f -> f.kind() == FindingKind.PROBLEM).findFirst().orElseThrow();
        assertEquals("problem line: INCOMPLETE", problem.title());
        assertTrue(problem.reason().startsWith("last line has no newline"), problem.reason());
    }

    @Test
    void sourcesAddWarnsAndBadgesAndAFailingSourceIsReportedNotThrown() throws Exception {
        FindingSource warns = (TranscriptJudgement j, AnalysisSettings s) -> new Contribution("gate",
                List.of(Finding.atLine(FindingKind.WARN, 10, "Edit without Read", "no Read result before")),
                List.of(Marker.at(10, MarkerKind.WARN, "WARN", "no Read result before", 0)));
        FindingSource broken = (index, s) -> {
            throw new IllegalStateException("grammar.toml:3:1: unknown key 'requirez'");
        };
        TranscriptAnalysis a = new TranscriptAnalyser(List.of(warns, broken)).analyse(TranscriptPass.run(SESSION),
                new AnalysisSettings(Path.of("grammar.toml")));
        assertEquals(Severity.WARN, a.worst());
        assertEquals(1, a.count(MarkerKind.WARN));
        Finding failed = a.findings().stream().filter(f -> f.kind() == FindingKind.SOURCE_FAILED).findFirst()
                .orElseThrow();
        assertEquals("grammar.toml:3:1: unknown key 'requirez'", failed.reason());
    }
}

package dev.coroner.core.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.findings.AnalysisSettings;
import dev.coroner.core.findings.Contribution;
import dev.coroner.core.findings.FindingKind;
import dev.coroner.core.findings.Marker;
import dev.coroner.core.findings.MarkerKind;
import dev.coroner.core.findings.TranscriptAnalyser;
import dev.coroner.core.findings.TranscriptAnalysis;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.index.TerminalVerdicts;
import dev.coroner.fixtures.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sessions and their sub-agents in the three layouts (docs/ARCHITECTURE.md, "The corpus engine"), and the links between them. */
class CorpusLayoutTest {
    @TempDir
    Path dir;

    private static List<Path> demo() {
        return TranscriptPaths.expand(List.of(Fixtures.demoCorpus())).inputs().stream()
                .map(TranscriptPaths.Input::path).toList();
    }

    @Test
    void theDemoCorpusIsTwoSessionsOneWithFourNestedSubAgents() {
        List<SessionGroup> groups = CorpusLayout.of(demo());
        assertEquals(2, groups.size());
        SessionGroup audit = groups.get(0);
        assertEquals("7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b", audit.sessionId());
        assertEquals("7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b.jsonl", audit.session().name());
        assertEquals(4, audit.subagents().size());
        assertEquals(TranscriptRole.SUBAGENT_NESTED, audit.subagents().get(0).role());
        assertEquals("a1f4c2e9b7d3a5c60", audit.subagents().get(0).agentId());
        assertEquals(List.of(), groups.get(1).subagents());
    }

    @Test
    void aFlatSubAgentJoinsTheSessionItsRecordsName() throws Exception {
        Path session = Files.writeString(dir.resolve("s1.jsonl"), "{\"type\":\"user\",\"sessionId\":\"s1\"}\n");
        Path flat = Files.writeString(dir.resolve("agent-668b5ac2.jsonl"),
                "{\"type\":\"summary\"}\n{\"type\":\"user\",\"sessionId\":\"s1\",\"agentId\":\"668b5ac2\"}\n");
        List<SessionGroup> groups = CorpusLayout.of(List.of(flat, session));
        assertEquals(1, groups.size());
        assertEquals(session, groups.get(0).session().path());
        assertEquals(TranscriptRole.SUBAGENT_FLAT, groups.get(0).subagents().get(0).role());
    }

    @Test
    void aRenamedSubAgentIsKnownByTheAgentIdItsRecordsCarry() throws Exception {
        Path session = Files.writeString(dir.resolve("project__s2.jsonl"),
                "{\"type\":\"summary\"}\n{\"type\":\"user\",\"sessionId\":\"s2\"}\n");
        Path renamed = Files.writeString(dir.resolve("project__agent-77.jsonl"),
                "{\"type\":\"user\",\"sessionId\":\"s2\",\"agentId\":\"77\",\"isSidechain\":true}\n");
        List<SessionGroup> groups = CorpusLayout.of(List.of(renamed, session));
        assertEquals(1, groups.size());
        assertEquals("s2", groups.get(0).sessionId());
        assertEquals(session, groups.get(0).session().path());
        assertEquals("77", groups.get(0).subagents().get(0).agentId());
    }

    @Test
    void aSubAgentWithoutItsSessionFileIsKeptInAGroupWithNoSession() throws Exception {
        Path nested = dir.resolve("abc/subagents/agent-a1.jsonl");
        Files.createDirectories(nested.getParent());
        Files.writeString(nested, "{}\n");
        List<SessionGroup> groups = CorpusLayout.of(List.of(nested));
        assertEquals("abc", groups.get(0).sessionId());
        assertNull(groups.get(0).session());
        assertEquals(1, groups.get(0).subagents().size());
    }

    @Test
    void theParentsResultsFromDeadSubAgentsAreMarkedAndADanglingLinkIsShown() throws Exception {
        Path session = Fixtures.path("demo/7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b.jsonl");
        TranscriptAnalysis parent = new TranscriptAnalyser(List.of()).analyse(TranscriptPass.run(session),
                AnalysisSettings.NONE);
        Map<String, SubagentLinks.Subagent> agents = new HashMap<>();
        for (CorpusTranscript t : CorpusLayout.of(demo()).get(0).subagents()) {
            if (!t.agentId().equals("a9d8c7b6a5f4e3d20")) { // leave one out: its link dangles
                agents.put(t.agentId(), new SubagentLinks.Subagent(t.path(), TerminalVerdicts.judge(t.path())));
            }
        }
        Contribution c = SubagentLinks.of(parent, agents);
        assertEquals(List.of(7L, 8L), c.findings().stream().map(f -> f.line()).toList());
        assertTrue(c.findings().stream().allMatch(f -> f.kind() == FindingKind.DEAD_SUBAGENT_RESULT));
        Marker dead = c.markers().stream().filter(m -> m.kind() == MarkerKind.DEAD_SUBAGENT).findFirst().orElseThrow();
        assertEquals(7, dead.line());
        assertTrue(dead.reason().startsWith("this result is a dead sub-agent's error string"));
        assertTrue(dead.targetFile().toString().endsWith("agent-a7b2d4f6e8c0a1b30.jsonl"));
        Marker spawn = c.markers().stream().filter(m -> m.line() == 3).findFirst().orElseThrow();
        assertEquals("spawned agent-a7b2d4f6e8c0a1b30 · SYNTHETIC · RATE_LIMIT", spawn.label());
        Marker dangling = c.markers().stream().filter(m -> m.line() == 9).findFirst().orElseThrow();
        assertEquals("agent-a9d8c7b6a5f4e3d20 (no file)", dangling.label());
    }

    @Test
    void theSurveyListsFirstAndReadsTheEndsAfterOnAnyNumberOfThreadsToTheSameVerdicts() {
        CorpusSurvey listed = CorpusSurvey.listed(List.of(), List.of(Fixtures.demoCorpus()));
        assertEquals(6, listed.transcripts().size());
        assertEquals(Map.of(), listed.verdicts(), "listing reads no verdict");
        List<Path> told = new java.util.ArrayList<>();
        CorpusSurvey judged = listed.judged(3, (path, verdict) -> told.add(path), new CancelToken());
        assertEquals(Set.copyOf(listed.transcripts()), Set.copyOf(told), "each verdict told once");
        assertEquals(told.size(), Set.copyOf(told).size());
        assertEquals(CorpusSurvey.of(List.of(), List.of(Fixtures.demoCorpus())).verdicts(), judged.verdicts());
        for (Path p : listed.transcripts()) {
            assertEquals(TerminalVerdicts.judge(p), judged.verdicts().get(p), p.toString());
        }
        CancelToken cancelled = new CancelToken();
        cancelled.cancel();
        assertTrue(listed.judged(2, (path, verdict) -> { }, cancelled).verdicts().size() < 6, "a cancelled survey stops");
    }
}

package dev.coroner.core.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.coroner.core.findings.AnalysisSettings;
import dev.coroner.core.findings.FindingKind;
import dev.coroner.core.findings.Marker;
import dev.coroner.core.findings.MarkerKind;
import dev.coroner.core.findings.Spawn;
import dev.coroner.core.findings.TranscriptAnalyser;
import dev.coroner.core.findings.TranscriptAnalysis;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.read.Harness;
import dev.coroner.core.redact.Redactor;
import dev.coroner.core.report.Report;
import dev.coroner.core.report.ReportBuilder;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.fixtures.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Codex parent's {@code spawn_agent} call linked to its sub-agent's rollout by the thread id the call's output names
 * (docs/VERDICTS.md, "Pairing"), over the codex/ fixtures: a dead sub-agent folds into its parent ("folds 1 dead") as a
 * Claude Code one does, a live one is linked, one not opened dangles.
 */
class CodexSpawnLinksTest {
    private static final String PARENT = "019a4e18-2a46-7d59-87fb-5c2d6e7f9a09";
    private static final String SPAWNED = "019a4e18-8b57-7e6a-98ac-6d3e7f8a0b10";

    @TempDir
    Path dir;

    /** codex/open-no-answer.jsonl (EMPTY, cut off) made the sub-agent the parent fixture spawned: dead. */
    private Path deadSubagent() throws Exception {
        List<String> lines = new ArrayList<>(Files.readAllLines(Fixtures.path("codex/open-no-answer.jsonl"),
                StandardCharsets.UTF_8));
        ObjectMapper json = new ObjectMapper();
        ObjectNode meta = (ObjectNode) json.readTree(lines.get(0));
        ObjectNode payload = (ObjectNode) meta.get("payload");
        payload.put("id", SPAWNED);
        payload.set("source", json.readTree("{\"subagent\":{\"thread_spawn\":{\"parent_thread_id\":\"" + PARENT
                + "\",\"depth\":1,\"agent_nickname\":\"Noether\",\"agent_role\":\"explorer\"}}}"));
        lines.set(0, json.writeValueAsString(meta));
        return Files.write(dir.resolve("rollout-2026-10-05T11-00-09-" + SPAWNED + ".jsonl"), lines, StandardCharsets.UTF_8);
    }

    @Test
    void theSpawnAgentOutputNamesTheSubAgentsThreadAndItsCallLine() throws Exception {
        TranscriptAnalysis parent = new TranscriptAnalyser(List.of())
                .base(TranscriptPass.run(Fixtures.path("codex/subagent-parent.jsonl")));
        assertEquals(Harness.CODEX, parent.verdict().harness());
        assertEquals(List.of(SPAWNED), parent.spawns().stream().map(Spawn::agentId).toList());
        assertEquals(13, parent.spawns().get(0).callLine(), "the spawn_agent call");
        assertEquals(14, parent.spawns().get(0).resultLine(), "its output, which names the thread");
        // a Codex file without spawn_agent calls spawns nothing
        assertEquals(List.of(), new TranscriptAnalyser(List.of())
                .base(TranscriptPass.run(Fixtures.path("codex/completed.jsonl"))).spawns());
    }

    @Test
    void aReportFoldsTheDeadCodexSubAgentIntoItsParentAsItDoesClaudeCodes() throws Exception {
        Path parent = Files.copy(Fixtures.path("codex/subagent-parent.jsonl"), dir.resolve("rollout-parent.jsonl"));
        Path dead = deadSubagent();
        Report r = ReportBuilder.build(List.of(parent, dead), AnalysisSettings.NONE, null, "test",
                Redactor.standard(List.of()), 2);
        Report.TranscriptEntry p = r.transcripts().stream().filter(e -> e.path().endsWith("rollout-parent.jsonl"))
                .findFirst().orElseThrow();
        Report.TranscriptEntry s = r.transcripts().stream().filter(e -> e.path().endsWith(SPAWNED + ".jsonl"))
                .findFirst().orElseThrow();
        assertEquals(TerminalState.EMPTY, s.verdict().state());
        assertEquals(PARENT, s.parent());
        assertEquals(TerminalState.HEALTHY, p.verdict().state());
        assertEquals(1, p.verdict().foldsDead(), "folds 1 dead");
        assertEquals(1L, p.findings().get("DEAD_SUBAGENT_RESULT"));
        // without the sub-agent's rollout, the spawn dangles and nothing is folded
        Report alone = ReportBuilder.build(List.of(parent), AnalysisSettings.NONE, null, "test",
                Redactor.standard(List.of()), 1);
        assertEquals(0, alone.transcripts().get(0).verdict().foldsDead());
    }

    @Test
    void aLiveCodexSubAgentIsLinkedFromTheCallThatSpawnedItInTheCorpusEngine() throws Exception {
        Path parent = Files.copy(Fixtures.path("codex/subagent-parent.jsonl"), dir.resolve("rollout-parent.jsonl"));
        Path live = Files.copy(Fixtures.path("codex/subagent-thread-spawn.jsonl"), dir.resolve("rollout-live.jsonl"));
        CorpusSurvey survey = CorpusSurvey.of(List.of(), List.of(dir));
        List<TranscriptAnalysis> told = new ArrayList<>();
        Map<Path, String> descriptions = new java.util.HashMap<>();
        new CorpusEngine(new TranscriptAnalyser(List.of()), new IndexCache(), 1).run(survey, AnalysisSettings.NONE,
                new CorpusEngine.Listener() {
                    @Override
                    public void indexing(Path path, long done, long total) {
                    }

                    @Override
                    public void named(Path path, String title, Map<String, String> d) {
                        d.forEach((id, text) -> descriptions.put(path, id + ": " + text));
                    }

                    @Override
                    public void analysed(Path path, TranscriptAnalysis analysis, String firstPrompt) {
                        told.add(analysis);
                    }
                }, new CancelToken());
        TranscriptAnalysis p = told.stream().filter(a -> a.path().endsWith("rollout-parent.jsonl")).findFirst()
                .orElseThrow();
        Marker spawn = p.markers().stream().filter(m -> m.line() == 13).findFirst().orElseThrow();
        assertEquals(MarkerKind.LINK, spawn.kind());
        assertEquals("spawned sub-agent " + SPAWNED + " · HEALTHY", spawn.label());
        assertEquals(live.toAbsolutePath().normalize(), spawn.targetFile().toAbsolutePath().normalize());
        assertEquals(0, p.count(MarkerKind.DEAD_SUBAGENT));
        assertEquals(0, p.count(FindingKind.DEAD_SUBAGENT_RESULT));
        assertEquals(SPAWNED + ": List the tests that divide by a value that can be zero.",
                descriptions.get(p.path()), "the spawn described by what the call asked");
        assertTrue(survey.groups().stream().anyMatch(g -> g.session() != null && g.session().path().endsWith(
                "rollout-parent.jsonl") && g.subagents().size() == 1));
    }
}

package dev.coroner.core.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.findings.Contribution;
import dev.coroner.core.findings.FindingKind;
import dev.coroner.core.findings.Marker;
import dev.coroner.core.findings.MarkerKind;
import dev.coroner.core.findings.Spawn;
import dev.coroner.core.findings.TranscriptAnalyser;
import dev.coroner.core.findings.TranscriptAnalysis;
import dev.coroner.core.index.TerminalVerdicts;
import dev.coroner.core.read.Harness;
import dev.coroner.core.read.SourceSpan;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.fixtures.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Codex CLI rollouts in a corpus (docs/ARCHITECTURE.md, "The corpus engine"): each file's harness and place from its
 * head, never its name or folder; a sub-agent grouped under the thread its first {@code session_meta} names, wherever
 * that rollout sits; Claude Code files in the same folder grouped exactly as they are alone.
 */
class CodexLayoutTest {
    private static final String SESSION = "019d7d08-46c9-7f73-affe-4e6ca9852d56";
    private static final String SPAWNED_1 = "019d7e2f-0041-7310-951c-94020254dfc9";
    private static final String SPAWNED_2 = "019d7e30-2f7a-7f60-a942-c59ab0be98d9";
    private static final String DEPTH_2 = "019d7e31-1111-7000-8000-000000000002";
    private static final String REVIEW = "019ed457-d07e-7392-9526-55a36bea110c";
    private static final String ORPHAN = "019ed470-d472-7f21-8692-d4d90887a5ae";
    private static final String ORPHANS_PARENT = "019ed470-d40f-7602-a858-248abecba695";

    @TempDir
    Path dir;

    /** A rollout's first line: its own session_meta, whose source is {@code source} (a JSON value). */
    private static String meta(String id, String source, String extra) {
        return "{\"timestamp\":\"2026-04-11T14:53:51.481Z\",\"type\":\"session_meta\",\"payload\":{\"id\":\"" + id + "\""
                + extra + ",\"cwd\":\"/w\",\"originator\":\"codex-tui\",\"cli_version\":\"0.118.0\",\"source\":" + source
                + "}}\n";
    }

    private static String spawnedBy(String parent, String nickname) {
        return "{\"subagent\":{\"thread_spawn\":{\"parent_thread_id\":\"" + parent
                + "\",\"depth\":1,\"agent_path\":null,\"agent_nickname\":\"" + nickname + "\",\"agent_role\":\"explorer\"}}}";
    }

    private static final String TASK_STARTED = "{\"timestamp\":\"2026-04-11T14:53:51.482Z\",\"type\":\"event_msg\","
            + "\"payload\":{\"type\":\"task_started\",\"turn_id\":\"t1\"}}\n";

    private Path write(String relative, String text) throws Exception {
        Path p = dir.resolve(relative);
        Files.createDirectories(p.getParent());
        return Files.writeString(p, text);
    }

    /** A session, two sub-agents it spawned (one a day later, in another folder), one they spawned, a review, an orphan. */
    private List<Path> codexRun() throws Exception {
        Path session = write("sessions/2026/04/11/rollout-2026-04-11T14-53-07-" + SESSION + ".jsonl",
                meta(SESSION, "\"cli\"", "") + TASK_STARTED);
        // a sub-agent's second session_meta is a copy of its parent's: never its own
        Path one = write("sessions/2026/04/11/rollout-2026-04-11T20-15-02-" + SPAWNED_1 + ".jsonl",
                meta(SPAWNED_1, spawnedBy(SESSION, "Banach"), ",\"forked_from_id\":\"" + SESSION + "\"")
                        + meta(SESSION, "\"cli\"", "") + TASK_STARTED);
        Path two = write("sessions/2026/04/12/rollout-2026-04-12T00-01-00-" + SPAWNED_2 + ".jsonl",
                meta(SPAWNED_2, spawnedBy(SESSION, "Carson"), "") + TASK_STARTED);
        Path deeper = write("sessions/2026/04/12/rollout-2026-04-12T00-02-00-" + DEPTH_2 + ".jsonl",
                meta(DEPTH_2, spawnedBy(SPAWNED_2, "Euler"), "") + TASK_STARTED);
        Path review = write("sessions/2026/04/12/rollout-2026-04-12T00-03-00-" + REVIEW + ".jsonl",
                meta(REVIEW, "{\"subagent\":\"review\"}", ",\"parent_thread_id\":\"" + SESSION + "\"") + TASK_STARTED);
        Path orphan = write("sessions/2026/06/17/rollout-2026-06-17T06-49-45-" + ORPHAN + ".jsonl",
                meta(ORPHAN, "{\"subagent\":\"review\"}", ",\"parent_thread_id\":\"" + ORPHANS_PARENT + "\"")
                        + TASK_STARTED);
        return List.of(one, orphan, two, session, deeper, review);
    }

    /** Claude Code files beside them: a session with a nested and a flat sub-agent, and a session named like a rollout. */
    private List<Path> claudeCodeRun() throws Exception {
        Path session = write("cc/s1.jsonl", "{\"type\":\"user\",\"sessionId\":\"s1\"}\n");
        Path nested = write("cc/s1/subagents/agent-a1.jsonl", "{\"type\":\"user\",\"sessionId\":\"s1\",\"agentId\":\"a1\"}\n");
        Path flat = write("cc/agent-668b5ac2.jsonl", "{\"type\":\"user\",\"sessionId\":\"s1\",\"agentId\":\"668b5ac2\"}\n");
        Path named = write("cc/rollout-2026-04-11T14-53-07-" + SESSION + ".jsonl",
                "{\"type\":\"user\",\"sessionId\":\"s9\",\"message\":{\"role\":\"user\",\"content\":\"hi\"}}\n");
        return List.of(flat, session, nested, named);
    }

    private static SessionGroup groupOf(List<SessionGroup> groups, String sessionId) {
        return groups.stream().filter(g -> sessionId.equals(g.sessionId())).findFirst().orElseThrow();
    }

    private static List<String> names(List<CorpusTranscript> ts) {
        return ts.stream().map(t -> t.agentId()).toList();
    }

    @Test
    void aCodexSubAgentIsKnownByItsFirstSessionMetaAndGroupedUnderItsParentWhereverThatRolloutIs() throws Exception {
        List<SessionGroup> groups = CorpusLayout.of(codexRun());
        assertEquals(2, groups.size(), groups.toString());
        SessionGroup run = groupOf(groups, SESSION);
        assertEquals(SESSION, run.session().sessionId());
        assertEquals(TranscriptRole.SESSION, run.session().role());
        assertEquals(Harness.CODEX, run.session().harness());
        // in the order the files were given; the depth-2 sub-agent joins its parent's session
        assertEquals(List.of(SPAWNED_1, SPAWNED_2, DEPTH_2, REVIEW), names(run.subagents()));
        for (CorpusTranscript t : run.subagents()) {
            assertEquals(TranscriptRole.SUBAGENT_THREAD, t.role(), t.name());
            assertEquals(Harness.CODEX, t.harness(), t.name());
        }
        assertEquals(SESSION, run.subagents().get(0).sessionId(), "its own session_meta, not the parent's copy");
        assertEquals(SPAWNED_2, run.subagents().get(2).sessionId(), "its parent is the sub-agent that spawned it");
        assertEquals(SESSION, run.subagents().get(3).sessionId(), "a review sub-agent's parent_thread_id");
    }

    @Test
    void aCodexSubAgentWhoseParentWasNotOpenedKeepsAGroupWithNoSessionAsClaudeCodesDo() throws Exception {
        List<SessionGroup> groups = CorpusLayout.of(codexRun());
        SessionGroup orphan = groupOf(groups, ORPHANS_PARENT);
        assertNull(orphan.session());
        assertEquals(List.of(ORPHAN), names(orphan.subagents()));
        // and without the session file, its sub-agents (the depth-2 one included) wait under the parent's id
        List<Path> noSession = codexRun().stream().filter(p -> !p.toString().contains(SESSION)).toList();
        SessionGroup dangling = groupOf(CorpusLayout.of(noSession), SESSION);
        assertNull(dangling.session());
        assertEquals(List.of(SPAWNED_1, SPAWNED_2, DEPTH_2, REVIEW), names(dangling.subagents()));
    }

    @Test
    void claudeCodeFilesInTheSameFolderAreGroupedExactlyAsTheyAreAloneAndARolloutNameMakesNoCodexFile() throws Exception {
        List<Path> cc = claudeCodeRun();
        List<SessionGroup> alone = CorpusLayout.of(cc);
        List<Path> mixed = new java.util.ArrayList<>(codexRun());
        mixed.addAll(2, cc);
        List<SessionGroup> together = CorpusLayout.of(mixed);
        List<SessionGroup> ccGroups = together.stream()
                .filter(g -> (g.session() != null ? g.session() : g.subagents().get(0)).harness() == Harness.CLAUDE_CODE)
                .toList();
        assertEquals(alone, ccGroups);
        assertEquals(4, together.size());
        SessionGroup named = groupOf(together, "s9");
        assertEquals(Harness.CLAUDE_CODE, named.session().harness(), "a Claude Code transcript named rollout-….jsonl");
        SessionGroup s1 = groupOf(together, "s1");
        assertEquals(List.of(TranscriptRole.SUBAGENT_FLAT, TranscriptRole.SUBAGENT_NESTED),
                s1.subagents().stream().map(CorpusTranscript::role).toList());
    }

    @Test
    void theHarnessComesFromTheFirstRecordNeverTheNameOrFolder() throws Exception {
        // a Codex rollout copied under a Claude Code sub-agent's name and folder is still a Codex session
        Path disguised = write("x/subagents/agent-77.jsonl", meta(SESSION, "\"exec\"", "") + TASK_STARTED);
        CorpusTranscript t = CorpusLayout.classify(disguised);
        assertEquals(Harness.CODEX, t.harness());
        assertEquals(TranscriptRole.SESSION, t.role());
        assertEquals(SESSION, t.sessionId());
        // a damaged first line is passed over; a rollout whose first record is no session_meta is a session by its name
        Path damaged = write("d/rollout-damaged.jsonl", "{\"type\":\"session_meta\",\"payl\n"
                + meta(SPAWNED_1, spawnedBy(SESSION, "Banach"), ""));
        assertEquals(new CorpusTranscript(damaged, TranscriptRole.SUBAGENT_THREAD, SESSION, SPAWNED_1, Harness.CODEX),
                CorpusLayout.classify(damaged));
        Path noMeta = write("d/rollout-no-meta.jsonl", TASK_STARTED + meta(SPAWNED_1, spawnedBy(SESSION, "B"), ""));
        assertEquals(new CorpusTranscript(noMeta, TranscriptRole.SESSION, "rollout-no-meta", null, Harness.CODEX),
                CorpusLayout.classify(noMeta));
    }

    @Test
    void theSurveyKnowsEachTranscriptsHarnessAndEveryCodexSubAgentByItsThreadId() throws Exception {
        List<Path> all = new java.util.ArrayList<>(codexRun());
        all.addAll(claudeCodeRun());
        CorpusSurvey survey = CorpusSurvey.listed(List.of(), all);
        Map<Path, CorpusTranscript> classified = survey.classified();
        assertEquals(all.size(), classified.size());
        Map<Harness, Long> byHarness = classified.values().stream()
                .collect(Collectors.groupingBy(CorpusTranscript::harness, Collectors.counting()));
        assertEquals(Map.of(Harness.CODEX, 6L, Harness.CLAUDE_CODE, 4L), byHarness);
        CorpusSurvey judged = survey.judged(1, (p, v) -> { }, new CancelToken());
        Map<String, SubagentLinks.Subagent> agents = judged.subagentsById();
        for (String id : List.of(SPAWNED_1, SPAWNED_2, DEPTH_2, REVIEW, ORPHAN, "a1", "668b5ac2")) {
            assertTrue(agents.containsKey(id), id + " in " + agents.keySet());
        }
        assertTrue(agents.get(SPAWNED_2).path().getFileName().toString().endsWith(SPAWNED_2 + ".jsonl"));
    }

    /** A Codex parent that spawned three sub-agents: one dead, one alive, one whose rollout was not opened. */
    @Test
    void aCodexParentFoldsItsDeadSubAgentAndItsDanglingSpawnIsShown() throws Exception {
        Path parentFile = codexRun().get(3);
        TerminalVerdict dead = TerminalVerdicts.judge(Fixtures.path("terminal/empty-no-assistant.jsonl"));
        TerminalVerdict alive = TerminalVerdicts.judge(Fixtures.path("terminal/healthy.jsonl"));
        assertTrue(dead.dead());
        assertTrue(!alive.died());
        Path deadFile = dir.resolve("sessions/2026/04/11/rollout-2026-04-11T20-15-02-" + SPAWNED_1 + ".jsonl");
        Path aliveFile = dir.resolve("sessions/2026/04/12/rollout-2026-04-12T00-01-00-" + SPAWNED_2 + ".jsonl");
        Map<String, SubagentLinks.Subagent> agents = Map.of(SPAWNED_1, new SubagentLinks.Subagent(deadFile, dead),
                SPAWNED_2, new SubagentLinks.Subagent(aliveFile, alive));
        TranscriptAnalysis shell = TranscriptAnalyser.unreadable(parentFile, "stand-in");
        // spawn_agent calls on lines 75..77, their outputs (which name the sub-agents' thread ids) on 81..85
        TranscriptAnalysis parent = new TranscriptAnalysis(parentFile, shell.summary(), shell.verdict(), List.of(),
                List.of(), List.of(new Spawn(new SourceSpan(81, 8100, 90), 75, SPAWNED_1),
                new Spawn(new SourceSpan(83, 8300, 90), 76, SPAWNED_2),
                new Spawn(new SourceSpan(85, 8500, 90), 77, "019d7d09-b4a2-74f0-b87f-791514eb33b8")));
        // the parent's harness read from its head, as the engine and the follower call it
        Contribution c = SubagentLinks.of(parent, agents);
        assertEquals(c, SubagentLinks.of(parent, agents, Harness.CODEX));
        TranscriptAnalysis linked = parent.with(c);
        assertEquals(1, linked.count(MarkerKind.DEAD_SUBAGENT), "folds 1 dead");
        assertEquals(1, linked.count(FindingKind.DEAD_SUBAGENT_RESULT));
        Map<Long, Marker> byLine = c.markers().stream().collect(Collectors.toMap(Marker::line, Function.identity(),
                (a, b) -> a.kind() == MarkerKind.DEAD_SUBAGENT ? a : b));
        Marker deadMark = byLine.get(81L);
        assertEquals(MarkerKind.DEAD_SUBAGENT, deadMark.kind());
        assertEquals("dead sub-agent " + SPAWNED_1, deadMark.label());
        assertEquals(deadFile, deadMark.targetFile());
        assertTrue(deadMark.reason().contains("Codex writes no cause"), deadMark.reason());
        assertEquals("spawned sub-agent " + SPAWNED_2 + " · HEALTHY", byLine.get(76L).label());
        assertEquals(aliveFile, byLine.get(76L).targetFile());
        Marker dangling = byLine.get(85L);
        assertEquals("sub-agent 019d7d09-b4a2-74f0-b87f-791514eb33b8 (no file)", dangling.label());
        assertTrue(dangling.reason().contains("no rollout whose session_meta id is"), dangling.reason());
    }
}

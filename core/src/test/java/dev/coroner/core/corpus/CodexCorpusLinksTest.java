package dev.coroner.core.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.core.findings.Spawn;
import dev.coroner.core.findings.TranscriptAnalyser;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.read.Harness;
import java.io.BufferedReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The real Codex CLI rollouts of ../shared/corpus-codex (never committed; the "corpus" profile runs this, with
 * {@code coroner.corpus.codex}): every sub-agent whose parent rollout is in the corpus is grouped under it, none under
 * another, and the others wait under their parent's id with no session. What is true is read here without the code
 * under test: each file's first line parsed whole. Counted with jq beforehand: 67 rollouts, 31 sub-agents (8 spawned
 * by one session that is in the corpus, 23 reviews whose parents are not).
 */
@Tag("corpus")
class CodexCorpusLinksTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** What a rollout's first line says: its id, and for a sub-agent its parent thread (null when none is named). */
    private record Truth(String id, boolean subagent, String parent) {
    }

    private static Truth truth(Path p) throws Exception {
        String first;
        try (BufferedReader r = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
            first = r.readLine();
        }
        JsonNode meta = JSON.readTree(first);
        assertEquals("session_meta", meta.path("type").asText(), p + ": every real rollout begins with its session_meta");
        JsonNode payload = meta.path("payload");
        JsonNode source = payload.path("source");
        if (!source.isObject() || !source.has("subagent")) {
            return new Truth(payload.path("id").asText(), false, null);
        }
        JsonNode spawn = source.path("subagent").path("thread_spawn").path("parent_thread_id");
        String parent = spawn.isTextual() ? spawn.asText() : payload.path("parent_thread_id").asText(null);
        return new Truth(payload.path("id").asText(), true, parent);
    }

    @Test
    void everyCodexSubAgentWhoseParentIsInTheCorpusIsLinkedToItAndNoneWrongly() throws Exception {
        Path root = Path.of(System.getProperty("coroner.corpus.codex", "../shared/corpus-codex"));
        assertTrue(Files.isDirectory(root), "corpus profile enabled but no Codex corpus at " + root.toAbsolutePath());
        CorpusSurvey survey = CorpusSurvey.listed(List.of(), List.of(root));
        List<Path> files = survey.transcripts();
        assertEquals(67, files.size());

        Map<Path, Truth> truths = new HashMap<>();
        Set<String> sessionIds = new HashSet<>();
        for (Path p : files) {
            Truth t = truth(p);
            truths.put(p, t);
            if (!t.subagent()) {
                sessionIds.add(t.id());
            }
        }
        Map<Path, CorpusTranscript> classified = survey.classified();
        int subagents = 0;
        int linked = 0;
        for (SessionGroup g : survey.groups()) {
            if (g.session() != null) {
                Truth s = truths.get(g.session().path());
                assertFalse(s.subagent(), g.session().name());
                assertEquals(s.id(), g.session().sessionId(), g.session().name());
                assertEquals(s.id(), g.sessionId());
            }
            for (CorpusTranscript t : g.subagents()) {
                Truth truth = truths.get(t.path());
                assertTrue(truth.subagent(), t.name() + " is grouped as a sub-agent but its head names none");
                assertEquals(TranscriptRole.SUBAGENT_THREAD, t.role(), t.name());
                assertEquals(truth.id(), t.agentId(), t.name());
                assertNotNull(truth.parent(), t.name());
                assertEquals(truth.parent(), g.sessionId(), t.name() + " grouped under another thread than its parent");
                subagents++;
                if (sessionIds.contains(truth.parent())) {
                    assertNotNull(g.session(), t.name() + ": its parent is in the corpus, but it is not linked to it");
                    linked++;
                } else {
                    assertNull(g.session(), t.name() + ": its parent is not in the corpus, yet it has a session");
                }
            }
        }
        assertEquals(files.size(), classified.size(), "every rollout has its place");
        assertTrue(classified.values().stream().allMatch(t -> t.harness() == Harness.CODEX), "every rollout is Codex");
        assertEquals(31, subagents);
        assertEquals(8, linked);
        assertEquals(31, survey.subagentsById().size(), "every sub-agent known by its own thread id");
    }

    /**
     * The decision behind linking a spawn: the parent's {@code spawn_agent} output names the thread id that is the
     * sub-agent rollout's own {@code session_meta} id (and Codex's {@code collab_agent_spawn_end} event says the same).
     */
    @Test
    void theParentsSpawnAgentOutputsNameTheThreadIdsOfItsSubAgentRollouts() throws Exception {
        Path root = Path.of(System.getProperty("coroner.corpus.codex", "../shared/corpus-codex"));
        CorpusSurvey survey = CorpusSurvey.listed(List.of(), List.of(root));
        SessionGroup spawning = survey.groups().stream().filter(g -> g.session() != null && !g.subagents().isEmpty())
                .findFirst().orElseThrow();
        Set<String> spawnedOutputs = new HashSet<>();
        Set<String> spawnEvents = new HashSet<>();
        Map<String, String> callNames = new HashMap<>();
        for (String line : Files.readAllLines(spawning.session().path(), StandardCharsets.UTF_8)) {
            JsonNode r = JSON.readTree(line);
            JsonNode p = r.path("payload");
            switch (p.path("type").asText()) {
                case "function_call" -> callNames.put(p.path("call_id").asText(), p.path("name").asText());
                case "function_call_output" -> {
                    String output = p.path("output").asText();
                    // a refused spawn says so in words ("collab spawn failed: agent thread limit reached"): no thread
                    if ("spawn_agent".equals(callNames.get(p.path("call_id").asText())) && output.startsWith("{")) {
                        spawnedOutputs.add(JSON.readTree(output).path("agent_id").asText());
                    }
                }
                case "collab_agent_spawn_end" -> spawnEvents.add(p.path("new_thread_id").asText());
                default -> { }
            }
        }
        for (CorpusTranscript t : spawning.subagents()) {
            assertTrue(spawnedOutputs.contains(t.agentId()), t.name() + " named by a spawn_agent output");
            assertTrue(spawnEvents.contains(t.agentId()), t.name() + " named by a collab_agent_spawn_end");
        }
        // and the analysis finds exactly those spawns, each at its call's line
        List<Spawn> spawns = new TranscriptAnalyser(List.of()).base(TranscriptPass.run(spawning.session().path())).spawns();
        assertEquals(spawnedOutputs, new HashSet<>(spawns.stream().map(Spawn::agentId).toList()));
        assertTrue(spawns.stream().allMatch(s -> s.callLine() > 0 && s.callLine() < s.resultLine()), spawns.toString());
        // a sub-agent forked with its parent's context holds copies of the parent's spawns: they are not its own
        for (CorpusTranscript t : spawning.subagents()) {
            assertEquals(List.of(), new TranscriptAnalyser(List.of()).base(TranscriptPass.run(t.path())).spawns(),
                    t.name());
        }
    }
}

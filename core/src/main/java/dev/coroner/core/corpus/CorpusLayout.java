package dev.coroner.core.corpus;

import dev.coroner.core.read.Harness;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Groups transcripts into sessions with their sub-agents, by the three layouts Claude Code has used (docs/ARCHITECTURE.md, "The corpus engine"):
 * 2.1.x {@code <session>/subagents/agent-<id>.jsonl}, 2.0.x {@code agent-<id>.jsonl} beside the session (linked
 * by the {@code sessionId} its records carry), and 1.0.x sidechain records inside the session file (kept in
 * the session; the index counts them); and by Codex CLI's one: every rollout a file of its own, a sub-agent linked to
 * the thread that spawned it by the {@code parent_thread_id} its first {@code session_meta} names, wherever that
 * rollout is among the files opened. A folder may mix harnesses; each file's is decided by its first record. A
 * sub-agent whose session file was not opened keeps a group of its own with no session: a dangling link is shown,
 * not hidden.
 */
public final class CorpusLayout {
    private static final Pattern AGENT = Pattern.compile("agent-(.+)\\.jsonl");
    private static final String NESTED_FOLDER = "subagents";

    private CorpusLayout() {
    }

    /** Groups {@code transcripts} (in the order given) into sessions. */
    public static List<SessionGroup> of(List<Path> transcripts) {
        return group(transcripts.stream().map(CorpusLayout::classify).toList());
    }

    /** Groups transcripts already {@link #classify classified} (in the order given) into sessions: reads no file. */
    public static List<SessionGroup> group(List<CorpusTranscript> transcripts) {
        Map<String, CorpusTranscript> sessions = new LinkedHashMap<>();
        Map<String, List<CorpusTranscript>> agents = new LinkedHashMap<>();
        Set<String> order = new LinkedHashSet<>();
        Map<String, String> spawnedBy = threads(transcripts);
        for (CorpusTranscript t : transcripts) {
            Path p = t.path();
            String key = t.sessionId() == null ? "\u0000" + p
                    : t.role() == TranscriptRole.SUBAGENT_THREAD ? root(t.sessionId(), spawnedBy) : t.sessionId();
            order.add(key);
            if (t.role() == TranscriptRole.SESSION && !sessions.containsKey(key)) {
                sessions.put(key, t);
            } else if (t.role() == TranscriptRole.SESSION) {
                // two files claim one session id (copies in two folders): keep both, the second on its own
                String own = "\u0000" + p;
                order.add(own);
                sessions.put(own, t);
            } else {
                agents.computeIfAbsent(key, k -> new ArrayList<>()).add(t);
            }
        }
        List<SessionGroup> groups = new ArrayList<>();
        for (String key : order) {
            CorpusTranscript session = sessions.get(key);
            String id = session != null ? session.sessionId() : key.startsWith("\u0000") ? null : key;
            groups.add(new SessionGroup(id, session, agents.getOrDefault(key, List.of())));
        }
        return groups;
    }

    /** By a Codex sub-agent's own thread id, the thread that spawned it: the links a chain of sub-agents is followed by. */
    private static Map<String, String> threads(List<CorpusTranscript> transcripts) {
        Map<String, String> spawnedBy = new HashMap<>();
        for (CorpusTranscript t : transcripts) {
            if (t.role() == TranscriptRole.SUBAGENT_THREAD && t.agentId() != null && t.sessionId() != null) {
                spawnedBy.putIfAbsent(t.agentId(), t.sessionId());
            }
        }
        return spawnedBy;
    }

    /**
     * The thread a Codex sub-agent's group is keyed by: its parent's, or when its parent is itself a sub-agent among the
     * files opened (spawned at depth 2), that one's, up to the first thread that is no sub-agent opened (the session).
     */
    private static String root(String parent, Map<String, String> spawnedBy) {
        Set<String> seen = new HashSet<>();
        String thread = parent;
        while (spawnedBy.containsKey(thread) && seen.add(thread)) { // a loop in damaged heads ends where it closes
            thread = spawnedBy.get(thread);
        }
        return thread;
    }

    /**
     * What the path and the first records say about a transcript: {@code agent-<id>.jsonl} or records that carry an
     * {@code agentId} (every 2.0.x/2.1.x sub-agent record does, docs/ARCHITECTURE.md, "The corpus engine") make a sub-agent of the session its
     * records name; anything else is a session, named by its records' {@code sessionId} or else its file name. A Codex
     * rollout (by its first record, whatever its name) is a sub-agent when its first {@code session_meta}'s
     * {@code source} names one, else a session named by that {@code session_meta}'s {@code id} or else its file name.
     * The head is read once, for the harness and the ids alike.
     */
    public static CorpusTranscript classify(Path p) {
        String name = p.getFileName() == null ? "" : p.getFileName().toString();
        String stem = name.endsWith(".jsonl") ? name.substring(0, name.length() - ".jsonl".length()) : name;
        HeadIds.Head head = HeadIds.of(p);
        if (head.harness() == Harness.CODEX) {
            return head.subagent()
                    ? new CorpusTranscript(p, TranscriptRole.SUBAGENT_THREAD, head.parent(), head.sessionId(), Harness.CODEX)
                    : new CorpusTranscript(p, TranscriptRole.SESSION, head.sessionId() != null ? head.sessionId() : stem,
                            null, Harness.CODEX);
        }
        Matcher m = AGENT.matcher(name);
        Path folder = p.getParent();
        if (m.matches() && folder != null && NESTED_FOLDER.equals(String.valueOf(folder.getFileName()))
                && folder.getParent() != null && folder.getParent().getFileName() != null) {
            return new CorpusTranscript(p, TranscriptRole.SUBAGENT_NESTED,
                    folder.getParent().getFileName().toString(), m.group(1));
        }
        if (m.matches() || head.agentId() != null) {
            return new CorpusTranscript(p, TranscriptRole.SUBAGENT_FLAT, head.sessionId(),
                    m.matches() ? m.group(1) : head.agentId());
        }
        return new CorpusTranscript(p, TranscriptRole.SESSION, head.sessionId() != null ? head.sessionId() : stem, null);
    }
}

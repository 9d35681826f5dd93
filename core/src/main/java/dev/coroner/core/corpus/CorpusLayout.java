package dev.coroner.core.corpus;

import java.nio.file.Path;
import java.util.ArrayList;
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
 * the session; the index counts them). A sub-agent whose session file was not opened keeps a group of its own
 * with no session: a dangling link is shown, not hidden.
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
        for (CorpusTranscript t : transcripts) {
            Path p = t.path();
            String key = t.sessionId() == null ? "\u0000" + p : t.sessionId();
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

    /**
     * What the path and the first records say about a transcript: {@code agent-<id>.jsonl} or records that carry an
     * {@code agentId} (every 2.0.x/2.1.x sub-agent record does, docs/ARCHITECTURE.md, "The corpus engine") make a sub-agent of the session its
     * records name; anything else is a session, named by its records' {@code sessionId} or else its file name.
     */
    public static CorpusTranscript classify(Path p) {
        String name = p.getFileName() == null ? "" : p.getFileName().toString();
        Matcher m = AGENT.matcher(name);
        Path folder = p.getParent();
        if (m.matches() && folder != null && NESTED_FOLDER.equals(String.valueOf(folder.getFileName()))
                && folder.getParent() != null && folder.getParent().getFileName() != null) {
            return new CorpusTranscript(p, TranscriptRole.SUBAGENT_NESTED,
                    folder.getParent().getFileName().toString(), m.group(1));
        }
        String[] ids = HeadIds.of(p);
        if (m.matches() || ids[1] != null) {
            return new CorpusTranscript(p, TranscriptRole.SUBAGENT_FLAT, ids[0], m.matches() ? m.group(1) : ids[1]);
        }
        String stem = name.endsWith(".jsonl") ? name.substring(0, name.length() - ".jsonl".length()) : name;
        return new CorpusTranscript(p, TranscriptRole.SESSION, ids[0] != null ? ids[0] : stem, null);
    }
}

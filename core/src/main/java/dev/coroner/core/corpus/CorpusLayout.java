package dev.coroner.core.corpus;

import com.fasterxml.jackson.core.JsonToken;
import dev.coroner.core.read.ProblemLine;
import dev.coroner.core.read.SourceSpan;
import dev.coroner.core.read.TranscriptScan;
import dev.coroner.core.read.UnreadableTranscriptException;
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
 * Groups transcripts into sessions with their sub-agents, by the three layouts Claude Code has used (FORMAT §2):
 * 2.1.x {@code <session>/subagents/agent-<id>.jsonl}, 2.0.x {@code agent-<id>.jsonl} beside the session (linked
 * by the {@code sessionId} its records carry), and 1.0.x sidechain records inside the session file (kept in
 * the session; the index counts them). A sub-agent whose session file was not opened keeps a group of its own
 * with no session: a dangling link is shown, not hidden.
 */
public final class CorpusLayout {
    private static final Pattern AGENT = Pattern.compile("agent-(.+)\\.jsonl");
    private static final String NESTED_FOLDER = "subagents";
    /** How far into a flat sub-agent file to look for its session id. */
    private static final int PEEK_LINES = 64;

    private CorpusLayout() {
    }

    /** Groups {@code transcripts} (in the order given) into sessions. */
    public static List<SessionGroup> of(List<Path> transcripts) {
        Map<String, CorpusTranscript> sessions = new LinkedHashMap<>();
        Map<String, List<CorpusTranscript>> agents = new LinkedHashMap<>();
        Set<String> order = new LinkedHashSet<>();
        for (Path p : transcripts) {
            CorpusTranscript t = classify(p);
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

    /** What the path (and, for a flat sub-agent, its first records) say about a transcript. */
    public static CorpusTranscript classify(Path p) {
        String name = p.getFileName() == null ? "" : p.getFileName().toString();
        Matcher m = AGENT.matcher(name);
        if (m.matches()) {
            Path folder = p.getParent();
            if (folder != null && NESTED_FOLDER.equals(String.valueOf(folder.getFileName()))
                    && folder.getParent() != null && folder.getParent().getFileName() != null) {
                return new CorpusTranscript(p, TranscriptRole.SUBAGENT_NESTED,
                        folder.getParent().getFileName().toString(), m.group(1));
            }
            return new CorpusTranscript(p, TranscriptRole.SUBAGENT_FLAT, peekSessionId(p), m.group(1));
        }
        String stem = name.endsWith(".jsonl") ? name.substring(0, name.length() - ".jsonl".length()) : name;
        return new CorpusTranscript(p, TranscriptRole.SESSION, stem, null);
    }

    /** The first {@code sessionId} among the file's first records; null when none says (or it cannot be read). */
    static String peekSessionId(Path p) {
        String[] found = {null};
        int[] seen = {0};
        try {
            TranscriptScan.scan(p, parser -> {
                String id = null;
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String key = parser.currentName();
                    JsonToken v = parser.nextToken();
                    if ("sessionId".equals(key) && v == JsonToken.VALUE_STRING) {
                        id = parser.getText();
                    } else {
                        parser.skipChildren();
                    }
                }
                return id;
            }, new TranscriptScan.Sink<String>() {
                @Override
                public boolean record(SourceSpan span, String id) {
                    found[0] = id;
                    return id == null && ++seen[0] < PEEK_LINES;
                }

                @Override
                public boolean problem(ProblemLine problem) {
                    return ++seen[0] < PEEK_LINES;
                }
            });
        } catch (UnreadableTranscriptException e) {
            return null;
        }
        return found[0];
    }
}

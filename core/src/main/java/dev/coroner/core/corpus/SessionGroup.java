package dev.coroner.core.corpus;

import java.util.List;

/**
 * A session and its sub-agents.
 *
 * @param sessionId the session id; null for sub-agents whose records name no session
 * @param session   the session's own transcript, or null when it is not among the files opened (a dangling
 *                  parent, shown as such)
 */
public record SessionGroup(String sessionId, CorpusTranscript session, List<CorpusTranscript> subagents) {
    public SessionGroup {
        subagents = List.copyOf(subagents);
    }
}

package dev.coroner.core.corpus;

import dev.coroner.core.read.Harness;
import java.nio.file.Path;
import java.util.Objects;

/**
 * One transcript of a corpus and what its place says about it.
 *
 * @param sessionId the session it belongs to (its own for a session file); for a Codex sub-agent the thread that spawned
 *                  it (its {@code parent_thread_id}); null when nothing says
 * @param agentId   the sub-agent id: Claude Code's from {@code agent-<id>.jsonl} or its records, a Codex sub-agent's own
 *                  thread id (its {@code session_meta} {@code id}, which the parent's spawn names); null for a session
 * @param harness   the harness its first record says ({@link Harness}), never its name
 */
public record CorpusTranscript(Path path, TranscriptRole role, String sessionId, String agentId, Harness harness) {
    public CorpusTranscript {
        Objects.requireNonNull(path);
        Objects.requireNonNull(role);
        Objects.requireNonNull(harness);
    }

    /** A Claude Code transcript. */
    public CorpusTranscript(Path path, TranscriptRole role, String sessionId, String agentId) {
        this(path, role, sessionId, agentId, Harness.CLAUDE_CODE);
    }

    /** The file name, which is what a person recognises. */
    public String name() {
        return path.getFileName() == null ? path.toString() : path.getFileName().toString();
    }
}

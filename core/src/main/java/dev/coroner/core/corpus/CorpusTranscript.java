package dev.coroner.core.corpus;

import java.nio.file.Path;
import java.util.Objects;

/**
 * One transcript of a corpus and what its place says about it.
 *
 * @param sessionId the session it belongs to (its own for a session file); null when nothing says
 * @param agentId   the sub-agent id from {@code agent-<id>.jsonl}; null for a session
 */
public record CorpusTranscript(Path path, TranscriptRole role, String sessionId, String agentId) {
    public CorpusTranscript {
        Objects.requireNonNull(path);
        Objects.requireNonNull(role);
    }

    /** The file name, which is what a person recognises. */
    public String name() {
        return path.getFileName() == null ? path.toString() : path.getFileName().toString();
    }
}

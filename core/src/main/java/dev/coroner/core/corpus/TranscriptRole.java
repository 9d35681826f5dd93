package dev.coroner.core.corpus;

/** Where a transcript sits in a run (docs/ARCHITECTURE.md, "The corpus engine"), for either harness. */
public enum TranscriptRole {
    /** A session file, {@code <sessionId>.jsonl}; it may hold 1.0.x sidechain records inline. */
    SESSION,
    /** A 2.1.x sub-agent: {@code <sessionId>/subagents/agent-<id>.jsonl}. */
    SUBAGENT_NESTED,
    /** A 2.0.x sub-agent beside its session: {@code agent-<id>.jsonl}, linked by its records' {@code sessionId}. */
    SUBAGENT_FLAT,
    /**
     * A Codex CLI sub-agent: a rollout of its own beside its parent's (under {@code sessions/YYYY/MM/DD/}), linked by
     * the {@code parent_thread_id} its first {@code session_meta} names, never by its name or folder.
     */
    SUBAGENT_THREAD;

    public boolean subagent() {
        return this != SESSION;
    }
}

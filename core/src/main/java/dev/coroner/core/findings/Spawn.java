package dev.coroner.core.findings;

import dev.coroner.core.read.SourceSpan;

/**
 * A sub-agent spawned from this transcript, as its records say: the {@code Task}/{@code Agent} result whose
 * {@code toolUseResult.agentId} names it, or a Codex {@code spawn_agent} output whose {@code agent_id} does
 * (docs/VERDICTS.md, "Pairing").
 *
 * @param result   where the result record is
 * @param callLine the line of the call it answers; 0 when the call is not in the file
 * @param agentId  the sub-agent's id: Claude Code's transcript is {@code agent-<agentId>.jsonl}; a Codex sub-agent's is the
 *                 rollout whose first {@code session_meta} has this {@code id}
 */
public record Spawn(SourceSpan result, long callLine, String agentId) {
    /** The line of the tool_result record. */
    public long resultLine() {
        return result.line();
    }
}

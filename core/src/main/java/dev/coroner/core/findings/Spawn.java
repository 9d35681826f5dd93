package dev.coroner.core.findings;

/**
 * A sub-agent spawned from this transcript, as its records say: the {@code Task}/{@code Agent} result whose
 * {@code toolUseResult.agentId} names it (FORMAT §2).
 *
 * @param resultLine the line of the tool_result record
 * @param callLine   the line of the call it answers; 0 when the call is not in the file
 * @param agentId    the sub-agent's id: its transcript is {@code agent-<agentId>.jsonl}
 */
public record Spawn(long resultLine, long callLine, String agentId) {
}

package dev.coroner.core.index;

/**
 * A parent's {@code Task}/{@code Agent} result that names its sub-agent: {@code toolUseResult.agentId} (docs/ARCHITECTURE.md, "The corpus engine").
 *
 * @param resultRow the index row of the tool_result record
 * @param agentId   the sub-agent id; its transcript is {@code agent-<agentId>.jsonl}
 */
public record AgentLink(int resultRow, String agentId) {
}

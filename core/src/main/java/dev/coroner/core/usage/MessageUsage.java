package dev.coroner.core.usage;

/**
 * One billed model call (docs/COST.md, "Counting"). Claude Code: one assistant API message, the records with the same
 * {@code message.id} and {@code requestId} taken as one, whose last record's usage counts; {@code line} is the 1-based
 * line of that last record. Codex: one {@code token_count} event, its {@code last_token_usage} (one per model call).
 *
 * @param model     the message's model ({@code message.model}; Codex: the {@code turn_context}/{@code session_meta}
 *                  model in force), or null when the record names none
 * @param timestamp the record's {@code timestamp} as written, or null
 */
public record MessageUsage(long line, String model, TokenCounts tokens, String timestamp) {
}

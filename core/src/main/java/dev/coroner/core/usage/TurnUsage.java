package dev.coroner.core.usage;

/**
 * The tokens of one user turn (docs/COST.md, "Turns"): the messages from a real prompt (not a tool result) to the next.
 * Messages before the first prompt form a turn of their own whose {@code line} is 0.
 *
 * @param line     the prompt's 1-based line, 0 for messages before any prompt
 * @param messages how many billed messages the turn holds
 */
public record TurnUsage(long line, TokenCounts tokens, int messages) {
}

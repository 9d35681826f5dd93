package dev.coroner.core.scripts;

import java.util.List;

/**
 * One turn of one conversation in a transcript (docs/VERDICTS.md, "Turns"): it starts at a user record that carries a prompt (string
 * content that is not empty, or text blocks and no {@code tool_result}) and is not {@code isMeta} or
 * {@code isCompactSummary}, and runs to the next such record of the same conversation. The records before the first
 * prompt form turn 0.
 *
 * <p>A file can interleave conversations: Claude Code 1.0.x writes sub-agent records ({@code isSidechain: true})
 * inside the session file, between the parent's call and its result. Turns are therefore counted per conversation,
 * told apart by {@code isSidechain} and {@code agentId}, so a sub-agent's prompt never ends its parent's turn.
 *
 * @param number      0 for the records before the first prompt, then 1, 2, … per conversation
 * @param sidechain   whether the conversation is a sub-agent's ({@code isSidechain: true})
 * @param agentId     the conversation's {@code agentId}, or null
 * @param line        1-based physical line of the prompt record; 0 for turn 0
 * @param calls       every {@code tool_use} call of the turn, programs or not
 * @param submissions the calls that submitted a program, in the order they were made
 */
public record Turn(int number, boolean sidechain, String agentId, long line, int calls, List<Submission> submissions) {
    public Turn {
        submissions = List.copyOf(submissions);
    }
}

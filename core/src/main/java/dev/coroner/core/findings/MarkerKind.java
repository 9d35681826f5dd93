package dev.coroner.core.findings;

/**
 * What a mark on a timeline row says. The window draws every kind the same way — an icon, a CSS class, a tooltip
 * with the reason, a click that goes to the target — so a new source of markers needs no new drawing code.
 */
public enum MarkerKind {
    /** The terminal record, labelled with its TerminalState. */
    STATE,
    /** A REFUTED call (precursor gate). */
    WARN,
    /** A fenced block linked to the call that ran it (scripts matcher); the target is the call. */
    BLOCK_MATCHED,
    /** A fenced block no call submitted; the reason says why. */
    BLOCK_UNMATCHED,
    /** A tool result with {@code is_error: true}; the target is the call. */
    TOOL_ERROR,
    /** A problem line. */
    PROBLEM,
    /** A result that is a dead sub-agent's error string; the target is the sub-agent's terminal record. */
    DEAD_SUBAGENT,
    /** A link to another transcript or line: a spawned sub-agent, a dangling link. */
    LINK,
    /** A harness-written record that is not the terminal one. */
    HARNESS,
    /** The API failure a run ended in after its terminal record (docs/VERDICTS.md, "Trailing API failure"). */
    TRAILING,
    /** A terminal record that is a call whose result never came: the run ended waiting. */
    WAITING
}

package dev.coroner.core.terminal;

import java.math.BigInteger;
import java.util.Objects;

/**
 * The terminal verdict with its reason and evidence.
 *
 * @param apiStatus the HTTP status, reported only for SYNTHETIC terminals (as the reference does)
 * @param error     the terminal record's raw top-level {@code error} string, or null
 * @param kind      whom the agent worked for: a worker (session, sub-agent) or the harness itself
 * @param trailing  the API failure the run ended in after its terminal record, or null
 */
public record TerminalVerdict(TerminalState state, TerminalClass terminalClass, BigInteger apiStatus, String error,
                              String reason, TerminalEvidence evidence, AgentKind kind, TrailingFailure trailing) {
    public TerminalVerdict {
        Objects.requireNonNull(state);
        Objects.requireNonNull(terminalClass);
        Objects.requireNonNull(reason);
        Objects.requireNonNull(evidence);
        Objects.requireNonNull(kind);
    }

    /** The reference's dead: SYNTHETIC or EMPTY. Exactly the reference's answer, whatever else is known. */
    public boolean dead() {
        return state.dead();
    }

    /** A HEALTHY terminal followed by a trailing API failure: the run died after its last answer. */
    public boolean diedAfterAnswer() {
        return state == TerminalState.HEALTHY && trailing != null;
    }

    /** Counted as a death: dead, or died after its last answer (docs/VERDICTS.md, "Trailing API failure"). */
    public boolean died() {
        return dead() || diedAfterAnswer();
    }
}

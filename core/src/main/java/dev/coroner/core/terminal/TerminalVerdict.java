package dev.coroner.core.terminal;

import java.math.BigInteger;
import java.util.Objects;

/**
 * The terminal verdict with its reason and evidence.
 *
 * @param apiStatus the HTTP status, reported only for SYNTHETIC terminals (as the reference does)
 * @param error     the terminal record's raw top-level {@code error} string, or null
 */
public record TerminalVerdict(TerminalState state, TerminalClass terminalClass, BigInteger apiStatus, String error,
                              String reason, TerminalEvidence evidence) {
    public TerminalVerdict {
        Objects.requireNonNull(state);
        Objects.requireNonNull(terminalClass);
        Objects.requireNonNull(reason);
        Objects.requireNonNull(evidence);
    }

    public boolean dead() {
        return state.dead();
    }
}

package dev.coroner.core.terminal;

import dev.coroner.core.read.Harness;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The terminal verdict with its reason and evidence.
 *
 * @param apiStatus the HTTP status, reported only for SYNTHETIC terminals (as the reference does)
 * @param error     the terminal record's raw top-level {@code error} string, or null
 * @param kind      whom the agent worked for: a worker (session, sub-agent) or the harness itself
 * @param trailing  the API failure the run ended in after its terminal record, or null
 * @param noRun     what an EMPTY file that holds no run holds (0 bytes; metadata only), or null for a run
 * @param harness   the program that wrote the transcript (docs/FORMAT.md, "Harnesses")
 * @param parent    whom a sub-agent worked for: a Codex sub-agent's parent thread id, a Claude Code sub-agent's (or
 *                  harness agent's) {@code sessionId}; null for a session and an unreadable file
 */
public record TerminalVerdict(TerminalState state, TerminalClass terminalClass, BigInteger apiStatus, String error,
                              String reason, TerminalEvidence evidence, AgentKind kind, TrailingFailure trailing,
                              NoRun noRun, Harness harness, String parent) {
    public TerminalVerdict {
        Objects.requireNonNull(state);
        Objects.requireNonNull(harness);
        Objects.requireNonNull(terminalClass);
        Objects.requireNonNull(reason);
        Objects.requireNonNull(evidence);
        Objects.requireNonNull(kind);
        if (noRun != null && state != TerminalState.EMPTY) {
            throw new IllegalArgumentException("only an EMPTY file can hold no run: " + state);
        }
    }

    /** A verdict on a Claude Code file with no parent named. */
    public TerminalVerdict(TerminalState state, TerminalClass terminalClass, BigInteger apiStatus, String error,
                           String reason, TerminalEvidence evidence, AgentKind kind, TrailingFailure trailing,
                           NoRun noRun) {
        this(state, terminalClass, apiStatus, error, reason, evidence, kind, trailing, noRun, Harness.CLAUDE_CODE, null);
    }

    /** A verdict on a run (or an unreadable file): {@code noRun} null. */
    public TerminalVerdict(TerminalState state, TerminalClass terminalClass, BigInteger apiStatus, String error,
                           String reason, TerminalEvidence evidence, AgentKind kind, TrailingFailure trailing) {
        this(state, terminalClass, apiStatus, error, reason, evidence, kind, trailing, null);
    }

    /** The same verdict on a file of {@code harness} whose agent worked for {@code parent}. */
    public TerminalVerdict of(Harness harness, String parent) {
        return new TerminalVerdict(state, terminalClass, apiStatus, error, reason, evidence, kind, trailing, noRun,
                harness, parent);
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

    /**
     * Counted as a worker's or harness agent's death: {@link #died()} of a file that holds a run. A file with no run is
     * dead by the reference, but counted apart (docs/VERDICTS.md, "Files that hold no run").
     */
    public boolean diedInARun() {
        return died() && noRun == null;
    }

    /**
     * Its fields as {@code coroner verdict --json} writes them after a row's {@code "path"}, in their order
     * (docs/CLI.md, "coroner verdict"): the reference's keys, then {@code kind}, {@code trailing}, {@code harness}
     * and, for a sub-agent, {@code parent}. The fleet's rows begin with the same.
     */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("state", state.name());
        m.put("dead", dead());
        m.put("class", terminalClass.name());
        m.put("api_status", apiStatus);
        m.put("error", error);
        m.put("reason", reason);
        m.put("kind", kind.name());
        m.put("trailing", trailing == null ? null : trailing.toMap());
        m.put("harness", harness.name());
        if (parent != null) { // a sub-agent's: whom it worked for
            m.put("parent", parent);
        }
        return m;
    }
}

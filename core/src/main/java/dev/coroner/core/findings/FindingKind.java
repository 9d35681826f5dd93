package dev.coroner.core.findings;

/** What a finding is about, each with its usual severity. */
public enum FindingKind {
    /** The transcript's terminal record says the agent died: SYNTHETIC or EMPTY (DESIGN §3). */
    DEATH(Severity.DEATH),
    /** A parent's Task/Agent result came from a sub-agent whose terminal verdict is dead: the result is its error string. */
    DEAD_SUBAGENT_RESULT(Severity.DEATH),
    /** A REFUTED call: the precursor gate's WARN (DESIGN §4). */
    WARN(Severity.WARN),
    /** A fenced code block no call of its turn submitted (DESIGN §5). */
    UNMATCHED_BLOCK(Severity.UNMATCHED),
    /** A problem line (DESIGN §2). */
    PROBLEM(Severity.PROBLEM),
    /** A tool result with {@code is_error: true}. */
    TOOL_ERROR(Severity.INFO),
    /** A harness-written record that is not the terminal one: the run went on after it (FORMAT §7). */
    HARNESS_RECORD(Severity.INFO),
    /** A finding source could not run (a grammar that does not load, say). */
    SOURCE_FAILED(Severity.INFO);

    private final Severity severity;

    FindingKind(Severity severity) {
        this.severity = severity;
    }

    public Severity severity() {
        return severity;
    }
}

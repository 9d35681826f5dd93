package dev.coroner.core.findings;

import java.util.Locale;

/**
 * Every kind of finding, declared once, the way Wireshark registers its expert items (docs/ARCHITECTURE.md,
 * "Findings"): its severity, the marker it puts on the timeline, and how a person counts it ("2 deaths"). The window,
 * the findings list, the ruler and the CLI read these; adding a kind is this one declaration, emitted through
 * {@link Findings}.
 */
public enum FindingKind {
    /** The transcript's terminal record says the agent died: SYNTHETIC or EMPTY (docs/VERDICTS.md, "Terminal verdict"). */
    DEATH(Severity.DEATH, MarkerKind.STATE, "death", "deaths"),
    /** A parent's Task/Agent result came from a sub-agent whose terminal verdict is dead: the result is its error string. */
    DEAD_SUBAGENT_RESULT(Severity.DEATH, MarkerKind.DEAD_SUBAGENT, "result from a dead sub-agent",
            "results from dead sub-agents"),
    /** A REFUTED call: the precursor gate's WARN (docs/VERDICTS.md, "Precursor gate"). */
    WARN(Severity.WARN, MarkerKind.WARN, "WARN", "WARNs"),
    /** A fenced code block no call of its turn submitted (docs/VERDICTS.md, "Code blocks"). */
    UNMATCHED_BLOCK(Severity.UNMATCHED, MarkerKind.BLOCK_UNMATCHED, "unmatched block", "unmatched blocks"),
    /** A problem line (docs/VERDICTS.md, "Reading"). */
    PROBLEM(Severity.PROBLEM, MarkerKind.PROBLEM, "problem line", "problem lines"),
    /**
     * A file that holds no run: 0 bytes, or only metadata records (docs/VERDICTS.md, "Files that hold no run"). EMPTY
     * and dead by the reference, but no death: Claude Code writes such files routinely. Shown, never the worst.
     */
    NO_RUN(Severity.INFO, MarkerKind.STATE, "file with no run", "files with no run"),
    /** A tool result with {@code is_error: true}. */
    TOOL_ERROR(Severity.INFO, MarkerKind.TOOL_ERROR, "failed tool call", "failed tool calls"),
    /** A harness-written record that is not the terminal one: the run went on after it. */
    HARNESS_RECORD(Severity.INFO, MarkerKind.HARNESS, "harness record mid-file", "harness records mid-file"),
    /** The terminal record is a call whose result is not in the file: the run ended waiting for it (not a death). */
    ENDED_WAITING(Severity.INFO, MarkerKind.WAITING, "run that ended waiting for a result",
            "runs that ended waiting for a result"),
    /**
     * A dead run whose model calls cost more than {@link AnalysisSettings#deadRunCostUsd()} (docs/COST.md, "The
     * finding"): what the failure cost, beside how it died. About the whole file.
     */
    DEAD_RUN_COST(Severity.INFO, MarkerKind.STATE, "dead run that cost more than the threshold",
            "dead runs that cost more than the threshold"),
    /** A finding source could not run (a grammar that does not load, say). */
    SOURCE_FAILED(Severity.INFO, MarkerKind.PROBLEM, "verdict source that failed", "verdict sources that failed");

    private final Severity severity;
    private final MarkerKind marker;
    private final String one;
    private final String many;

    FindingKind(Severity severity, MarkerKind marker, String one, String many) {
        this.severity = severity;
        this.marker = marker;
        this.one = one;
        this.many = many;
    }

    public Severity severity() {
        return severity;
    }

    /** The marker this kind puts on a timeline row; the window draws a finding with its marker's icon. */
    public MarkerKind marker() {
        return marker;
    }

    /** "1 death", "2,005 WARNs". */
    public String count(long n) {
        return count(n, Locale.getDefault(Locale.Category.FORMAT));
    }

    /** {@link #count(long)} with the number written for {@code locale}: a report passes {@link Locale#ROOT}. */
    public String count(long n, Locale locale) {
        return String.format(locale, "%,d %s", n, n == 1 ? one : many);
    }
}

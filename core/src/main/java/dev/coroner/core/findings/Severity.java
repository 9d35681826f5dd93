package dev.coroner.core.findings;

/** How much a finding matters, worst first: the declaration order is the rank. */
public enum Severity {
    /** An agent died, or a parent folded a dead agent's error string in as a result. */
    DEATH,
    /** A mandated lookup did not fire before a mutation (docs/VERDICTS.md, "Precursor gate"). Never more than a WARN. */
    WARN,
    /** Code shown in an answer that no call of the turn submitted (docs/VERDICTS.md, "Code blocks"). */
    UNMATCHED,
    /** A line that is not a record: torn, malformed, not UTF-8 (docs/VERDICTS.md, "Reading"). */
    PROBLEM,
    /** Worth a look, not a verdict: a failed tool call, a harness record mid-file. */
    INFO
}

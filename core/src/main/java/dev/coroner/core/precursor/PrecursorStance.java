package dev.coroner.core.precursor;

/**
 * The gate's answer for one call (docs/VERDICTS.md, "Precursor gate"). It says only whether a mandated lookup fired: never whether it
 * looked up the right record, and never whether its result allowed the act.
 */
public enum PrecursorStance {
    /** A required precursor (or one of its aliases) produced a result before the call. */
    ATTESTED,
    /** The call is gated, results had come in, and none was from a required precursor: a WARN. */
    REFUTED,
    /** Not gated, or nothing had produced a result yet (the first call): no claim either way. */
    NO_SIGNAL,
    /**
     * Coroner only: the call would be REFUTED, but a forensic exemption of the grammar's {@code [coroner.precursor]}
     * says it needed no lookup (docs/VERDICTS.md, "Forensic exemptions"). Informational, never a WARN.
     */
    EXEMPT
}

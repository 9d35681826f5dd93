package dev.coroner.app.cli;

/**
 * docs/VERDICTS.md, "Command line": 0 nothing dead and no WARN; 1 something dead or WARNed; 2 bad usage or an
 * unreadable input named explicitly; 3 Coroner itself failed (a bug, out of memory); 4 the output could not be
 * written. A script reading the status never takes a crash or a lost output for a verdict.
 */
public final class ExitStatus {
    public static final int CLEAN = 0;
    public static final int FINDINGS = 1;
    public static final int BAD_INPUT = 2;
    /** Coroner failed inside (a bug, out of memory, a stack overflow): no verdict was reached. */
    public static final int INTERNAL_ERROR = 3;
    /** Standard output could not be written (a full disk, a closed pipe): verdicts were reached but lost. */
    public static final int OUTPUT_FAILED = 4;

    private boolean findings;
    private boolean badInput;

    /** Something dead or WARNed. */
    public void dead(boolean dead) {
        findings |= dead;
    }

    public void warned(boolean warned) {
        findings |= warned;
    }

    public void unreadable(boolean explicitAndUnreadable) {
        badInput |= explicitAndUnreadable;
    }

    public int code() {
        return badInput ? BAD_INPUT : findings ? FINDINGS : CLEAN;
    }
}

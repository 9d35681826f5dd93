package dev.coroner.app.cli;

/** docs/VERDICTS.md, "Command line": 0 nothing dead and no WARN; 1 something dead or WARNed; 2 an unreadable input named explicitly. */
public final class ExitStatus {
    public static final int CLEAN = 0;
    public static final int FINDINGS = 1;
    public static final int BAD_INPUT = 2;

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

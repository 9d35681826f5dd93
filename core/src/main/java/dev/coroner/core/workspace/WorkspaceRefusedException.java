package dev.coroner.core.workspace;

import dev.coroner.core.durable.ReadabilityVerdict;

/** A workspace file this version will not read, or will not write over, and why, for a person. */
public final class WorkspaceRefusedException extends Exception {
    private final transient ReadabilityVerdict verdict;

    WorkspaceRefusedException(String message, ReadabilityVerdict verdict) {
        super(message);
        this.verdict = verdict;
    }

    /** How the file classified; null when it was tagged as a workspace but its content is damaged. */
    public ReadabilityVerdict verdict() {
        return verdict;
    }
}

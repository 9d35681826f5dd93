package dev.coroner.core.workspace;

/** A workspace's transcript now, against what the workspace recorded (docs/ARCHITECTURE.md, "Workspaces"). */
public enum TranscriptStatus {
    /** Where it was, the same size and SHA-256. */
    SAME,
    /** Not at its path any more (moved, deleted, or not readable). */
    MISSING,
    /** At its path, but its size or SHA-256 differ: annotations may no longer sit on the lines they were made on. */
    CHANGED
}

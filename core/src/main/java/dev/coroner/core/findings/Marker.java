package dev.coroner.core.findings;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A mark on one line of a transcript.
 *
 * @param line       the 1-based physical line marked
 * @param label      a few words for the badge ("SYNTHETIC", "block 1 · ok")
 * @param reason     the full reason, for the tooltip and the detail panel
 * @param targetLine where a click goes: a line of {@code targetFile}; 0 when the mark goes nowhere, or, with a
 *                   {@code targetFile}, to that transcript's terminal record
 * @param targetFile the transcript of the target; null for this transcript
 */
public record Marker(long line, MarkerKind kind, String label, String reason, long targetLine, Path targetFile) {
    public Marker {
        Objects.requireNonNull(kind);
        Objects.requireNonNull(label);
        Objects.requireNonNull(reason);
    }

    /** A mark whose click goes to another line of the same transcript (or nowhere, when {@code targetLine} is 0). */
    public static Marker at(long line, MarkerKind kind, String label, String reason, long targetLine) {
        return new Marker(line, kind, label, reason, targetLine, null);
    }

    public boolean hasTarget() {
        return targetLine > 0 || targetFile != null;
    }
}

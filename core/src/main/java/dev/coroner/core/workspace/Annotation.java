package dev.coroner.core.workspace;

import java.util.Objects;

/**
 * A person's note on one record of a transcript, and optionally an override of its verdict
 * (docs/ARCHITECTURE.md, "Workspaces"). It names the transcript by path and by the SHA-256 its bytes had when it was
 * annotated, so a transcript that moved or changed still shows whose note it is, and that it may no longer fit.
 *
 * @param transcript the transcript's path, absolute, with the platform's separators
 * @param sha256     the transcript's SHA-256 when annotated, or null when it was not known
 * @param line       the 1-based physical line; 0 for the transcript as a whole (its terminal verdict)
 * @param note       the note; may be empty when the annotation is only an override
 * @param override   the override of the verdict at that line, or null
 */
public record Annotation(String transcript, String sha256, long line, String note, VerdictOverride override) {
    public Annotation {
        Objects.requireNonNull(transcript);
        Objects.requireNonNull(note);
        if (line < 0) {
            throw new IllegalArgumentException("a line is 0 (the whole transcript) or more, not " + line);
        }
        if (note.isBlank() && override == null) {
            throw new IllegalArgumentException("an annotation holds a note, an override or both");
        }
    }

    /** Where it sits: the transcript and the line. Two annotations at one place are one (the later wins). */
    public Place place() {
        return new Place(transcript, line);
    }

    /** A transcript and a line. */
    public record Place(String transcript, long line) {
        public Place {
            Objects.requireNonNull(transcript);
        }
    }
}

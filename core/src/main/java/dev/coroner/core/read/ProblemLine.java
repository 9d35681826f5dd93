package dev.coroner.core.read;

/** A non-blank line that is not a record, with its position and a message for a person. */
public record ProblemLine(SourceSpan span, ProblemKind kind, String message) implements TranscriptLine {
}

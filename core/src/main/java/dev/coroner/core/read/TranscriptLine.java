package dev.coroner.core.read;

/** One non-blank line of a transcript: either a record or a problem, each with its position. */
public sealed interface TranscriptLine permits TranscriptRecord, ProblemLine {
    SourceSpan span();

    default long lineNumber() {
        return span().line();
    }
}

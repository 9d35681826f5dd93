package dev.coroner.core.terminal;

import java.math.BigInteger;

/**
 * The fields of a transcript's terminal assistant record that the verdict reads (the reference), plus where the record is and its raw top-level {@code error} string.
 *
 * @param found       an assistant record was located
 * @param readable    the file could be read at all
 * @param model       {@code message.model} when a string
 * @param stopReason  {@code message.stop_reason} when a string
 * @param apiError    top-level {@code isApiErrorMessage}, by Python truthiness
 * @param apiStatus   top-level {@code apiErrorStatus} coerced to an integer, or null
 * @param error       top-level {@code error} when a string, or null (beyond the reference)
 * @param errorDetails top-level {@code errorDetails} when a string, or null (beyond the reference, from real runs)
 * @param text        the leading text, trimmed, at most 400 code points
 * @param hasContent  the record carried any content that counts
 * @param offset      byte offset of the terminal record, -1 when none
 * @param unreadableReason why the file could not be read, or null
 */
public record TerminalEvidence(boolean found, boolean readable, String model, String stopReason, boolean apiError,
                               BigInteger apiStatus, String error, String errorDetails, String text, boolean hasContent, long offset,
                               String unreadableReason) {

    public static TerminalEvidence unreadable(String reason) {
        return new TerminalEvidence(false, false, null, null, false, null, null, null, "", false, -1, reason);
    }

    public static TerminalEvidence notFound() {
        return new TerminalEvidence(false, true, null, null, false, null, null, null, "", false, -1, null);
    }
}

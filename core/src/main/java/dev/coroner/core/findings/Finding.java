package dev.coroner.core.findings;

import dev.coroner.core.read.SourceSpan;
import java.util.Comparator;
import java.util.Objects;

/**
 * One verdict worth a reader's attention, with the bytes that prove it and why (docs/ARCHITECTURE.md, "Findings").
 *
 * @param line   the 1-based physical line it is about; 0 when it is about the whole file
 * @param offset the byte offset of its evidence (the record); -1 when it has none
 * @param length the evidence's length in bytes; 0 when it has none
 * @param title  a short headline ("SYNTHETIC · RATE_LIMIT", "Edit without Read")
 * @param reason the full reason, as the verdict states it
 */
public record Finding(FindingKind kind, Severity severity, long line, long offset, long length, String title,
                      String reason) {
    /** Worst first, then in file order. */
    public static final Comparator<Finding> BY_RANK = Comparator.comparing(Finding::severity)
            .thenComparing(Finding::kind).thenComparingLong(Finding::line);

    public Finding {
        Objects.requireNonNull(kind);
        Objects.requireNonNull(severity);
        Objects.requireNonNull(title);
        Objects.requireNonNull(reason);
    }

    /** A finding with its kind's severity, whose evidence is the record at {@code evidence}. */
    public static Finding of(FindingKind kind, SourceSpan evidence, String title, String reason) {
        return new Finding(kind, kind.severity(), evidence.line(), evidence.offset(), evidence.length(), title, reason);
    }

    /** A finding about a line whose bytes are not known here (a spawn seen only by its line). */
    public static Finding atLine(FindingKind kind, long line, String title, String reason) {
        return new Finding(kind, kind.severity(), line, -1, 0, title, reason);
    }

    /** A finding about the whole file, with no record as evidence. */
    public static Finding whole(FindingKind kind, String title, String reason) {
        return atLine(kind, 0, title, reason);
    }
}

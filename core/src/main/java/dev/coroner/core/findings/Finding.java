package dev.coroner.core.findings;

import java.util.Comparator;
import java.util.Objects;

/**
 * One verdict worth a reader's attention, with where it is and why (DESIGN §7 "Findings").
 *
 * @param line   the 1-based physical line it is about; 0 when it is about the whole file
 * @param offset the byte offset of that line; -1 when none
 * @param title  a short headline ("SYNTHETIC · RATE_LIMIT", "Edit without Read")
 * @param reason the full reason, as the verdict states it
 */
public record Finding(FindingKind kind, Severity severity, long line, long offset, String title, String reason) {
    /** Worst first, then in file order. */
    public static final Comparator<Finding> BY_RANK = Comparator.comparing(Finding::severity)
            .thenComparing(Finding::kind).thenComparingLong(Finding::line);

    public Finding {
        Objects.requireNonNull(kind);
        Objects.requireNonNull(severity);
        Objects.requireNonNull(title);
        Objects.requireNonNull(reason);
    }

    /** A finding with its kind's usual severity. */
    public static Finding of(FindingKind kind, long line, long offset, String title, String reason) {
        return new Finding(kind, kind.severity(), line, offset, title, reason);
    }
}

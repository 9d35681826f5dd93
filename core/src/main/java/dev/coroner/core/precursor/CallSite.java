package dev.coroner.core.precursor;

import dev.coroner.core.text.CodePointOrder;
import java.util.Comparator;
import java.util.Objects;

/**
 * One call a coverage row or a proposal points at, so a person can open it.
 *
 * @param path      the transcript as it was given
 * @param line      the 1-based physical line of the record that holds the call
 * @param toolUseId its {@code tool_use} id, or null when it had none
 */
public record CallSite(String path, long line, String toolUseId) {
    /** Path in byte-wise UTF-8 order, then line, then id (none first): the same on every machine. */
    public static final Comparator<CallSite> ORDER = Comparator.comparing(CallSite::path, CodePointOrder.COMPARATOR)
            .thenComparingLong(CallSite::line)
            .thenComparing(CallSite::toolUseId, Comparator.nullsFirst(CodePointOrder.COMPARATOR));

    public CallSite {
        Objects.requireNonNull(path);
    }
}

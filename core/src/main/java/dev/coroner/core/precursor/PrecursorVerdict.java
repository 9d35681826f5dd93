package dev.coroner.core.precursor;

import java.util.List;
import java.util.Objects;

/**
 * The gate's verdict on one call.
 *
 * @param call     the call judged
 * @param stance   ATTESTED, REFUTED or NO_SIGNAL
 * @param required the canonical names any one of which would have satisfied the rule, sorted; empty when the
 *                 tool is not gated
 * @param present  the names in {@code required} that produced a result before the call, sorted
 * @param reason   one sentence for a person
 */
public record PrecursorVerdict(ToolCall call, PrecursorStance stance, List<String> required, List<String> present,
                               String reason) {
    public PrecursorVerdict {
        Objects.requireNonNull(call);
        Objects.requireNonNull(stance);
        Objects.requireNonNull(reason);
        required = List.copyOf(required);
        present = List.copyOf(present);
    }

    /** Whether this verdict raises a WARN: only REFUTED does. */
    public boolean warns() {
        return stance == PrecursorStance.REFUTED;
    }
}

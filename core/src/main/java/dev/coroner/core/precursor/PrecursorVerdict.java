package dev.coroner.core.precursor;

import java.util.List;
import java.util.Objects;

/**
 * The gate's verdict on one call.
 *
 * @param call      the call judged
 * @param stance    ATTESTED, REFUTED, NO_SIGNAL or EXEMPT
 * @param required  the canonical names any one of which would have satisfied the rule, sorted; empty when the
 *                  tool is not gated
 * @param present   the names in {@code required} that produced a result before the call, sorted
 * @param reason    one sentence for a person
 * @param exemption the exemption that applied when the stance is EXEMPT, else null
 */
public record PrecursorVerdict(ToolCall call, PrecursorStance stance, List<String> required, List<String> present,
                               String reason, PrecursorExemption exemption) {
    public PrecursorVerdict {
        Objects.requireNonNull(call);
        Objects.requireNonNull(stance);
        Objects.requireNonNull(reason);
        required = List.copyOf(required);
        present = List.copyOf(present);
        if ((stance == PrecursorStance.EXEMPT) != (exemption != null)) {
            throw new IllegalArgumentException("an EXEMPT verdict names its exemption, and only it does");
        }
    }

    public PrecursorVerdict(ToolCall call, PrecursorStance stance, List<String> required, List<String> present,
                            String reason) {
        this(call, stance, required, present, reason, null);
    }

    /** Whether this verdict raises a WARN: only REFUTED does (never EXEMPT). */
    public boolean warns() {
        return stance == PrecursorStance.REFUTED;
    }
}

package dev.coroner.core.precursor;

import java.util.List;
import java.util.Objects;

/**
 * The gate's only intervention: a WARN that a mandated lookup had not fired before a call. There is no harder
 * rung on purpose. "No result from the lookup tool" is a fact about the stream; it cannot prove the lookup
 * was needed for this record, so it never blocks, retries or rewrites anything.
 *
 * @param call    the call warned about
 * @param missing the names any one of which would have satisfied the rule
 * @param message one sentence for a person
 */
public record PrecursorWarning(ToolCall call, List<String> missing, String message) {
    public PrecursorWarning {
        Objects.requireNonNull(call);
        Objects.requireNonNull(message);
        missing = List.copyOf(missing);
    }
}

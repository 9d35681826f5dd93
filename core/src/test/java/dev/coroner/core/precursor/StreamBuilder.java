package dev.coroner.core.precursor;

import java.util.HashMap;
import java.util.Map;

/**
 * Builds a {@link CallStream} by hand for gate tests: calls and results by id, paired as the one pass pairs them
 * (latest call of an id, answered once; the pass's own pairing is tested in CallPairingTest and on files).
 */
final class StreamBuilder {
    private final CallStreamBuilder b = new CallStreamBuilder();
    private final Map<String, Integer> open = new HashMap<>();

    void record(long line, String messageId) {
        b.record(line, line * 100, 99, messageId);
    }

    void toolUse(String id, String tool) {
        open.put(id, b.toolUse(id, tool));
    }

    void toolResult(String id) {
        Integer call = open.remove(id);
        if (call != null) {
            b.answered(call);
        }
    }

    void problemLine() {
        b.problemLine();
    }

    CallStream build() {
        return b.build();
    }
}

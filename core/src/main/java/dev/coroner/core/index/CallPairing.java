package dev.coroner.core.index;

import java.util.HashMap;
import java.util.Map;

/**
 * The one rule that pairs a {@code tool_result} with its call (docs/VERDICTS.md, "Pairing"): a result answers the
 * call whose {@code tool_use.id} equals its {@code tool_use_id} and that is still open; a reused id pairs with its
 * latest call (an earlier call with the same id stays unanswered); a call is answered once, by its first result; a
 * result with no open call is an orphan (its call is not in this file, or was answered already). Ids that are not
 * strings never pair. Memory: the ids of the calls still waiting for a result.
 */
final class CallPairing {
    private final Map<String, Integer> open = new HashMap<>();
    private int calls;

    /** A call was read; returns its number (0, 1, … in file order). */
    int call(String id) {
        int n = calls++;
        if (id != null) {
            open.put(id, n);
        }
        return n;
    }

    /** A result was read; returns the number of the call it answers, or -1 for an orphan. */
    int result(String toolUseId) {
        Integer call = toolUseId == null ? null : open.remove(toolUseId);
        return call == null ? -1 : call;
    }
}

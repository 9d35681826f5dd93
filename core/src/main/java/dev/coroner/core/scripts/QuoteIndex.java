package dev.coroner.core.scripts;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The reverse links (docs/ARCHITECTURE.md, "Workbench": "call → the blocks that quote it"): for each call, the fenced blocks whose content
 * is exactly the program it submitted, in its own turn. A block equal to several calls' programs names the latest;
 * it is listed under each of them, and {@link Quote#named()} says which one it names.
 */
public final class QuoteIndex {
    /** A block that quotes a call; {@code named} when the block's verdict names this call (not one of its twins). */
    public record Quote(BlockVerdict block, boolean named) {
    }

    private final Map<Submission, List<Quote>> byCall;
    private final Map<String, List<Quote>> byToolUseId;

    private QuoteIndex(Map<Submission, List<Quote>> byCall, Map<String, List<Quote>> byToolUseId) {
        this.byCall = byCall;
        this.byToolUseId = byToolUseId;
    }

    public static QuoteIndex of(List<BlockVerdict> verdicts) {
        Map<Submission, List<Quote>> byCall = new HashMap<>();
        Map<String, List<Quote>> byId = new HashMap<>();
        for (BlockVerdict v : verdicts) {
            if (!v.matched()) {
                continue;
            }
            add(byCall, byId, v.call(), new Quote(v, true));
            for (Submission twin : v.alsoCalls()) {
                add(byCall, byId, twin, new Quote(v, false));
            }
        }
        byCall.replaceAll((k, list) -> List.copyOf(list));
        byId.replaceAll((k, list) -> List.copyOf(list));
        return new QuoteIndex(byCall, byId);
    }

    private static void add(Map<Submission, List<Quote>> byCall, Map<String, List<Quote>> byId, Submission call, Quote q) {
        byCall.computeIfAbsent(call, c -> new ArrayList<>()).add(q);
        byId.computeIfAbsent(call.toolUseId(), c -> new ArrayList<>()).add(q);
    }

    /** The blocks that quote {@code call}, in file order; empty when none does. */
    public List<Quote> quotesOf(Submission call) {
        return byCall.getOrDefault(call, List.of());
    }

    /** The blocks that quote the call with this {@code tool_use.id}, in file order. */
    public List<Quote> quotesOf(String toolUseId) {
        return byToolUseId.getOrDefault(toolUseId, List.of());
    }
}

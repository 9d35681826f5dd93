package dev.coroner.core.usage;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a transcript's model calls used (docs/COST.md): the four token counts in total and per model, one {@link
 * MessageUsage} per billed message in file order, the first and last timestamp of those messages, and the lines of the
 * prompts that start the turns ({@link #turns()}).
 *
 * <p>WHERE IT COMES FROM (no second read): the one pass builds it ({@code TranscriptPass}, with {@link UsageBuilder})
 * and keeps it on the index: {@code TranscriptIndex.usage()} once the index is complete. What outlives the index has
 * it too: {@code IndexSummary.usage()} (so {@code TranscriptAnalysis.summary().usage()} in the corpus engine's and the
 * window's results), {@link #EMPTY} when the pass did not finish. Price it with {@link PriceTable#cost(TranscriptUsage)}.
 *
 * @param byModel        tokens per model, in the order each model first billed; a message without a model is under
 *                       {@code ""}
 * @param firstTimestamp the first billed message's {@code timestamp} as written, or null
 * @param lastTimestamp  the last billed message's {@code timestamp} as written, or null
 * @param promptLines    the 1-based lines of the prompts that start turns, ascending (the pass's one prompt rule)
 */
public record TranscriptUsage(TokenCounts total, Map<String, TokenCounts> byModel, List<MessageUsage> messages,
                              String firstTimestamp, String lastTimestamp, List<Long> promptLines) {
    public static final TranscriptUsage EMPTY = new TranscriptUsage(TokenCounts.ZERO, Map.of(), List.of(), null, null,
            List.of());

    public TranscriptUsage {
        Objects.requireNonNull(total);
        byModel = Collections.unmodifiableMap(new LinkedHashMap<>(byModel));
        messages = List.copyOf(messages);
        promptLines = List.copyOf(promptLines);
    }

    /** A usage with no turn boundaries known: {@link #turns()} is one turn holding every message. */
    public TranscriptUsage(TokenCounts total, Map<String, TokenCounts> byModel, List<MessageUsage> messages,
                           String firstTimestamp, String lastTimestamp) {
        this(total, byModel, messages, firstTimestamp, lastTimestamp, List.of());
    }

    /**
     * The models that billed tokens, in the order each first did (a model whose messages billed nothing, as Claude
     * Code's {@code <synthetic>} ones, is in {@link #byModel} but not here).
     */
    public List<String> models() {
        List<String> billed = new ArrayList<>(byModel.size());
        byModel.forEach((model, tokens) -> {
            if (!tokens.isZero()) {
                billed.add(model);
            }
        });
        return List.copyOf(billed);
    }

    /** Whether no message billed anything (no usage read, or only zeros). */
    public boolean isEmpty() {
        return messages.isEmpty();
    }

    /**
     * The messages grouped by user turn (docs/COST.md, "Turns"): a turn starts at a prompt (not a tool result) and holds
     * the messages up to the next one. Messages before the first prompt make a turn of line 0; a prompt with no message
     * after it makes a turn of zero tokens.
     */
    public List<TurnUsage> turns() {
        List<TurnUsage> turns = new ArrayList<>();
        int m = 0;
        int n = messages.size();
        TokenCounts before = TokenCounts.ZERO;
        int beforeCount = 0;
        long firstPrompt = promptLines.isEmpty() ? Long.MAX_VALUE : promptLines.get(0);
        while (m < n && messages.get(m).line() < firstPrompt) {
            before = before.plus(messages.get(m).tokens());
            beforeCount++;
            m++;
        }
        if (beforeCount > 0) {
            turns.add(new TurnUsage(0, before, beforeCount));
        }
        for (int p = 0; p < promptLines.size(); p++) {
            long next = p + 1 < promptLines.size() ? promptLines.get(p + 1) : Long.MAX_VALUE;
            TokenCounts t = TokenCounts.ZERO;
            int count = 0;
            while (m < n && messages.get(m).line() < next) {
                t = t.plus(messages.get(m).tokens());
                count++;
                m++;
            }
            turns.add(new TurnUsage(promptLines.get(p), t, count));
        }
        return turns;
    }

    /**
     * The share of the input side that was context read again from the cache: {@code cache_read / (input +
     * cache_creation + cache_read)}; 0 when nothing was read.
     */
    public double contextRereadShare() {
        long side = total.inputSide();
        return side == 0 ? 0 : (double) total.cacheRead() / side;
    }
}

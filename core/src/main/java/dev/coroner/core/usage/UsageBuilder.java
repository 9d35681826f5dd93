package dev.coroner.core.usage;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a {@link TranscriptUsage} from what the one pass reads, record by record (docs/COST.md, "Counting"). Fed on
 * the pass's thread; {@link #build()} may be called more than once (a followed file is built again after each poll).
 *
 * <ul>
 *   <li>Claude Code ({@link #message}): records with the same {@code message.id} and {@code requestId} are one streamed
 *   message and the last one's usage counts, in the place of the earlier ones; a record without both ids counts
 *   alone.</li>
 *   <li>Codex ({@link #tokenCount}): each {@code token_count} event bills what its cumulative {@code total_token_usage}
 *   grew by since the previous one (its {@code last_token_usage} when it has no total, or when the total went down:
 *   the counter started again), under the model in force ({@link #model}); the file's total is the sum, which is the
 *   last cumulative total in a file whose counter never started again.</li>
 * </ul>
 */
public final class UsageBuilder {
    /** The messages so far in line order; a message replaced by a later record of it is null here. */
    private final List<MessageUsage> messages = new ArrayList<>();
    /** {@code message.id} → the place in {@link #messages} of the last message with it and a {@code requestId}. */
    private final Map<String, Integer> streamed = new HashMap<>();
    /** Each message's {@code requestId}, in step with {@link #messages}. */
    private final List<String> requests = new ArrayList<>();
    /** {@code message.id + "\u0000" + requestId} → place, for an id seen with more than one requestId (rare). */
    private Map<String, Integer> pairs;
    private final List<Long> prompts = new ArrayList<>();
    private int replaced;
    /** The {@code message.id} of the last message added by {@link #message}, or null. */
    private String lastMessageId;
    private String modelInForce;
    private TokenCounts lastTotal = TokenCounts.ZERO;

    /** A prompt (the pass's one prompt rule) at {@code line} starts a turn. */
    public void prompt(long line) {
        prompts.add(line);
    }

    /** Codex: the model named by a {@code turn_context} (or {@code session_meta}) bills the events after it. */
    public void model(String model) {
        if (model != null) {
            modelInForce = model;
        }
    }

    /**
     * Claude Code: a record whose {@code message.usage} is an object.
     *
     * @param messageId {@code message.id}, or null
     * @param requestId the record's {@code requestId}, or null
     */
    public void message(long line, String model, String messageId, String requestId, TokenCounts tokens,
                        String timestamp) {
        MessageUsage m = new MessageUsage(line, model, tokens, timestamp);
        int lastAt = messages.size() - 1;
        if (messageId != null && requestId != null && lastAt >= 0 && messageId.equals(lastMessageId)
                && requestId.equals(requests.get(lastAt)) && messages.get(lastAt) != null) {
            // the next record of the message just read (a streamed message is written record after record): it takes
            // that one's place, which keeps the line order, and the maps already point there
            messages.set(lastAt, m);
            return;
        }
        lastMessageId = messageId;
        if (messageId != null && requestId != null) {
            int at = messages.size();
            Integer earlier = streamed.put(messageId, at);
            if (earlier != null && !requestId.equals(requests.get(earlier))) {
                // the same message id under another request: told apart by the pair (one map lookup per id, else)
                if (pairs == null) {
                    pairs = new HashMap<>();
                }
                pairs.putIfAbsent(messageId + '\u0000' + requests.get(earlier), earlier);
                earlier = pairs.put(messageId + '\u0000' + requestId, at);
            } else if (pairs != null && pairs.containsKey(messageId + '\u0000' + requestId)) {
                pairs.put(messageId + '\u0000' + requestId, at);
            }
            if (earlier != null && messages.get(earlier) != null) {
                messages.set(earlier, null);
                replaced++;
            }
        }
        messages.add(m);
        requests.add(requestId);
    }

    /**
     * Codex: a {@code token_count} event whose {@code info} is an object.
     *
     * @param last  its {@code last_token_usage}, or null
     * @param total its {@code total_token_usage}, or null
     */
    public void tokenCount(long line, TokenCounts last, TokenCounts total, String timestamp) {
        TokenCounts billed;
        if (total == null) {
            billed = last;
        } else if (below(total, lastTotal)) {
            // the counter started again (a resumed session's new process): this call bills its own usage, or, with
            // none written, all the new total holds; the growth counts on from here
            billed = last != null ? last : total;
            lastTotal = total;
        } else {
            billed = minus(total, lastTotal);
            lastTotal = total;
        }
        if (billed == null || billed.isZero()) {
            return; // the same total again: Codex repeats the event when only the rate limits changed
        }
        messages.add(new MessageUsage(line, modelInForce, billed, timestamp));
        requests.add(null);
        lastMessageId = null;
    }

    /** Whether any of {@code a}'s counts is below {@code b}'s: a cumulative total does not go down on its own. */
    private static boolean below(TokenCounts a, TokenCounts b) {
        return a.input() < b.input() || a.output() < b.output() || a.cacheCreation() < b.cacheCreation()
                || a.cacheRead() < b.cacheRead();
    }

    private static TokenCounts minus(TokenCounts a, TokenCounts b) {
        return new TokenCounts(Math.max(0, a.input() - b.input()), Math.max(0, a.output() - b.output()),
                Math.max(0, a.cacheCreation() - b.cacheCreation()), Math.max(0, a.cacheRead() - b.cacheRead()));
    }

    /** What was read so far. */
    public TranscriptUsage build() {
        if (messages.size() == replaced && prompts.isEmpty()) {
            return TranscriptUsage.EMPTY;
        }
        List<MessageUsage> kept = new ArrayList<>(messages.size() - replaced);
        Map<String, TokenCounts> byModel = new LinkedHashMap<>();
        TokenCounts total = TokenCounts.ZERO;
        String first = null;
        String last = null;
        for (MessageUsage m : messages) {
            if (m == null) {
                continue;
            }
            kept.add(m);
            total = total.plus(m.tokens());
            byModel.merge(m.model() == null ? "" : m.model(), m.tokens(), TokenCounts::plus);
            if (m.timestamp() != null) {
                if (first == null) {
                    first = m.timestamp();
                }
                last = m.timestamp();
            }
        }
        return new TranscriptUsage(total, byModel, kept, first, last, prompts);
    }
}

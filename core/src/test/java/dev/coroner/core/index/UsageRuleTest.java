package dev.coroner.core.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.coroner.core.read.Harness;
import dev.coroner.core.read.TranscriptJson;
import dev.coroner.core.usage.MessageUsage;
import dev.coroner.core.usage.TokenCounts;
import dev.coroner.core.usage.TranscriptUsage;
import dev.coroner.fixtures.Fixtures;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the one pass counts of Claude Code's usage is what the rule of docs/COST.md ("Counting") counts, worked here the
 * plainest way: every record the pass took, parsed whole into a tree, the records of a message reduced to its last.
 * On every fixture, every real transcript, and on the corners: lines the skimmer leaves to the general reader within
 * a streamed message, a request id written escaped, and a file followed a poll at a time.
 */
class UsageRuleTest {
    @TempDir
    Path dir;

    /** The rule on the records of {@code index} (its rows' bytes, each a tree): the messages in line order. */
    private static List<MessageUsage> byTheRule(Path file, TranscriptIndex index) throws IOException {
        List<MessageUsage> all = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        Map<String, Integer> lastOf = new LinkedHashMap<>();
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            for (int row = 0; row < index.size(); row++) {
                if (index.isProblem(row)) {
                    continue; // a line that is no record bills nothing
                }
                byte[] bytes = new byte[(int) index.length(row)];
                in.seek(index.offset(row));
                in.readFully(bytes);
                // a record is one object; the white space (or BOM) the reader trims around it is not JSON's
                String line = new String(bytes, StandardCharsets.UTF_8);
                JsonNode record = TranscriptJson.readTree(line.substring(line.indexOf('{'), line.lastIndexOf('}') + 1)
                        .getBytes(StandardCharsets.UTF_8));
                JsonNode message = record.get("message");
                JsonNode usage = message == null ? null : message.get("usage");
                if (usage == null || !usage.isObject()) {
                    continue;
                }
                JsonNode hourNode = usage.get("cache_creation");
                long write = count(usage.get("cache_creation_input_tokens"));
                long hour = hourNode != null && hourNode.isObject() ? count(hourNode.get("ephemeral_1h_input_tokens")) : 0;
                TokenCounts tokens = new TokenCounts(count(usage.get("input_tokens")), count(usage.get("output_tokens")),
                        write, count(usage.get("cache_read_input_tokens")), Math.max(0, Math.min(hour, write)));
                String id = text(message.get("id"));
                String request = text(record.get("requestId"));
                String key = id != null && request != null ? id + '\u0000' + request : null;
                if (key != null) {
                    lastOf.put(key, all.size());
                }
                keys.add(key);
                all.add(new MessageUsage(index.line(row), text(message.get("model")), tokens,
                        text(record.get("timestamp"))));
            }
        }
        List<MessageUsage> kept = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            // a message written over several records counts once, at its last record; one without both ids alone
            if (keys.get(i) == null || lastOf.get(keys.get(i)) == i) {
                kept.add(all.get(i));
            }
        }
        return kept;
    }

    /** docs/COST.md: an integer from 0 to 2^53 - 1 is a count; anything else counts 0. */
    private static long count(JsonNode n) {
        if (n == null || !n.isIntegralNumber() || !n.canConvertToLong()) {
            return 0;
        }
        long v = n.asLong();
        return v >= 0 && v <= (1L << 53) - 1 ? v : 0;
    }

    private static String text(JsonNode n) {
        return n != null && n.isTextual() ? n.asText() : null;
    }

    /** Checks every Claude Code transcript under {@code root}; returns how many messages were compared. */
    private static int checkAllUnder(Path root) throws Exception {
        int messages = 0;
        List<Path> files;
        try (Stream<Path> s = Files.walk(root)) {
            files = s.filter(p -> p.toString().endsWith(".jsonl") && Files.isRegularFile(p)).sorted().toList();
        }
        for (Path f : files) {
            TranscriptIndex index = TranscriptPass.run(f);
            if (!index.complete() || index.harness() != Harness.CLAUDE_CODE) {
                continue;
            }
            List<MessageUsage> expected = byTheRule(f, index);
            assertEquals(expected, index.usage().messages(), f.toString());
            messages += expected.size();
        }
        return messages;
    }

    @Test
    void everyFixtureCountsWhatTheRuleCounts() throws Exception {
        int messages = checkAllUnder(Fixtures.root());
        assertTrue(messages > 100, "the fixtures bill " + messages + " messages");
    }

    /** Every real transcript in ../shared/corpus (the "corpus" profile). */
    @Test
    @Tag("corpus")
    void everyRealTranscriptCountsWhatTheRuleCounts() throws Exception {
        Path root = Path.of(System.getProperty("coroner.corpus", "../shared/corpus"));
        assertTrue(Files.isDirectory(root), "corpus profile enabled but no corpus at " + root.toAbsolutePath());
        int messages = checkAllUnder(root);
        assertTrue(messages > 5_000, "the corpus bills " + messages + " messages");
    }

    /**
     * Every real Codex rollout (the "corpus" profile) bills, event by event, what the rule of docs/COST.md ("Codex")
     * worked on trees bills: a total's growth, or the event's own last usage where there is no total or the total went
     * down (the counter started again: one rollout of the corpus does, at its line 302), and its total is their sum.
     */
    @Test
    @Tag("corpus")
    void everyRealCodexRolloutBillsWhatTheRuleBills() throws Exception {
        List<Path> files = RealCodexCorpusTest.corpus().toList(); // fails, saying so, when the corpus is not there
        int restarted = 0;
        int billed = 0;
        for (Path f : files) {
            TranscriptIndex index = TranscriptPass.run(f);
            assertEquals(Harness.CODEX, index.harness(), f.toString());
            List<Long> lines = new ArrayList<>();
            List<TokenCounts> bills = new ArrayList<>();
            TokenCounts previous = null;
            long line = 0;
            for (String text : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                line++;
                JsonNode r;
                try {
                    r = TranscriptJson.readTree(text.getBytes(StandardCharsets.UTF_8));
                } catch (IOException e) {
                    continue;
                }
                JsonNode info = r.path("payload").path("info");
                if (!"event_msg".equals(r.path("type").asText()) || !"token_count".equals(r.path("payload").path("type")
                        .asText()) || !info.isObject()) {
                    continue;
                }
                TokenCounts total = codex(info.get("total_token_usage"));
                TokenCounts last = codex(info.get("last_token_usage"));
                TokenCounts bill = last;
                if (total != null) {
                    boolean down = previous != null && (total.input() < previous.input()
                            || total.output() < previous.output() || total.cacheRead() < previous.cacheRead());
                    restarted += down ? 1 : 0;
                    bill = previous == null ? total : down ? (last != null ? last : total)
                            : new TokenCounts(total.input() - previous.input(), total.output() - previous.output(), 0,
                                    total.cacheRead() - previous.cacheRead());
                    previous = total;
                }
                if (bill != null && !bill.isZero()) {
                    lines.add(line);
                    bills.add(bill);
                }
            }
            List<MessageUsage> messages = index.usage().messages();
            assertEquals(lines, messages.stream().map(MessageUsage::line).toList(), f.toString());
            assertEquals(bills, messages.stream().map(MessageUsage::tokens).toList(), f.toString());
            assertEquals(bills.stream().reduce(TokenCounts.ZERO, TokenCounts::plus), index.usage().total(), f.toString());
            billed += bills.size();
        }
        assertEquals(1, restarted, "rollouts whose total went down");
        assertTrue(billed > 1_000, "the Codex corpus bills " + billed + " calls");
    }

    /** A Codex usage object as the pass counts it: input without the cached part, which is the cache read. */
    private static TokenCounts codex(JsonNode u) {
        if (u == null || !u.isObject()) {
            return null;
        }
        long in = count(u.get("input_tokens"));
        long cached = count(u.get("cached_input_tokens"));
        return new TokenCounts(Math.max(0, in - cached), count(u.get("output_tokens")), 0, Math.min(cached, in));
    }

    private static String record(int n, String id, String requestIdJson, int output, String extra) {
        return "{\"type\":\"assistant\",\"sessionId\":\"s\",\"timestamp\":\"2026-11-02T10:00:0" + n + ".000Z\""
                + (requestIdJson == null ? "" : ",\"requestId\":" + requestIdJson) + extra
                + ",\"message\":{\"id\":\"" + id + "\",\"role\":\"assistant\",\"model\":\"claude-sonnet-4-6\","
                + "\"content\":[{\"type\":\"text\",\"text\":\"part " + n + "\"}],\"usage\":{\"input_tokens\":" + n
                + ",\"cache_creation\":{\"ephemeral_1h_input_tokens\":" + n + "},\"cache_creation_input_tokens\":"
                + (10 * n) + ",\"output_tokens\":" + output + ",\"service_tier\":\"standard\"}}}";
    }

    private static final String PROMPT = "{\"type\":\"user\",\"sessionId\":\"s\",\"timestamp\":\"2026-11-02T10:00:00.000Z\","
            + "\"message\":{\"role\":\"user\",\"content\":\"go\"}}";
    private static final String RESULT = "{\"type\":\"user\",\"sessionId\":\"s\",\"message\":{\"role\":\"user\","
            + "\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"t\",\"content\":\"ok\"}]}}";

    /** {@code lines} written as a transcript, every one a record: what the pass counts, checked against the rule. */
    private List<MessageUsage> countedAsTheRuleCounts(String name, List<String> lines) throws Exception {
        Path file = dir.resolve(name);
        Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        TranscriptIndex index = TranscriptPass.run(file);
        assertEquals(0, index.problems());
        List<MessageUsage> messages = index.usage().messages();
        assertEquals(byTheRule(file, index), messages);
        return messages;
    }

    @Test
    void linesReadTheGeneralWayMixIntoAStreamedMessage() throws Exception {
        // NaN is JSON only to the general reader: the skimmer leaves those lines to it
        List<String> lines = List.of(PROMPT,
                record(1, "msg_A", "\"req_A\"", 5, ""),
                record(2, "msg_A", "\"req_A\"", 9, ",\"odd\":NaN"),
                RESULT,
                record(3, "msg_A", "\"req\\u005fA\"", 14, ""), // the same request id, written escaped
                record(4, "msg_B", "\"req_B\"", 3, ",\"odd\":NaN"),
                record(5, "msg_A", "\"req_A\"", 20, ""), // msg_A again, after msg_B: it replaces the earlier
                record(6, "msg_C", "\"req_C\"", 7, ""),
                record(7, "msg_C", "\"req_C\"", 8, ",\"odd\":NaN"),
                record(8, "msg_D", null, 1, ""),
                record(9, "msg_D", null, 2, ""));
        List<MessageUsage> messages = countedAsTheRuleCounts("mixed.jsonl", lines);
        assertEquals(List.of(6L, 7L, 9L, 10L, 11L), messages.stream().map(MessageUsage::line).toList());
        assertEquals(List.of(3L, 20L, 8L, 1L, 2L), messages.stream().map(m -> m.tokens().output()).toList());
        assertEquals(new TokenCounts(5, 20, 50, 0, 5), messages.get(1).tokens());
    }

    @Test
    void aCountThatIsNegativeOrPastTwoToTheFiftyThirdCountsZeroReadEitherWay() throws Exception {
        // each value read by the skimmer and, with a NaN beside it, by the general reader: both give the rule's count
        List<String> values = List.of("7", "-50", "-0", "9007199254740991", "9007199254740992", "9223372036854775807",
                "99999999999999999999999", "1.5e3", "12.0", "\"12\"", "null", "[3]", "{\"n\":3}");
        List<Long> counts = List.of(7L, 0L, 0L, (1L << 53) - 1, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L);
        List<String> lines = new java.util.ArrayList<>(List.of(PROMPT));
        int n = 0;
        for (String v : values) {
            for (String extra : List.of("", ",\"odd\":NaN")) {
                n++;
                lines.add("{\"type\":\"assistant\",\"sessionId\":\"s\"" + extra + ",\"message\":{\"id\":\"m" + n
                        + "\",\"role\":\"assistant\",\"model\":\"claude-sonnet-4-6\",\"content\":[],\"usage\":"
                        + "{\"input_tokens\":" + v + ",\"output_tokens\":" + v + ",\"cache_creation_input_tokens\":" + v
                        + ",\"cache_read_input_tokens\":" + v + ",\"cache_creation\":{\"ephemeral_1h_input_tokens\":" + v
                        + "}}}}");
            }
        }
        List<MessageUsage> messages = countedAsTheRuleCounts("counts.jsonl", lines);
        for (int i = 0; i < values.size(); i++) {
            long c = counts.get(i);
            for (int way = 0; way < 2; way++) {
                assertEquals(new TokenCounts(c, c, c, c, c), messages.get(2 * i + way).tokens(),
                        values.get(i) + (way == 0 ? " (skimmer)" : " (general reader)"));
            }
        }
    }

    @Test
    void aMessageFollowedAcrossPollsCountsAsOneFreshPassCountsIt() throws Exception {
        List<String> lines = List.of(PROMPT, record(1, "msg_A", "\"req_A\"", 5, ""),
                record(2, "msg_A", "\"req_A\"", 9, ""), RESULT, record(3, "msg_A", "\"req_A\"", 14, ""),
                record(4, "msg_B", "\"req_B\"", 3, ""), record(5, "msg_B", "\"req_B\"", 4, ""));
        Path file = dir.resolve("followed.jsonl");
        Files.writeString(file, "");
        TranscriptFollower follower = new TranscriptFollower(file);
        for (int cut : new int[] {2, 3, 5, 6, 7}) { // each poll ends inside a message, or just after one
            Files.writeString(file, String.join("\n", lines.subList(0, cut)) + "\n", StandardCharsets.UTF_8);
            TranscriptIndex followed = follower.poll().index();
            Path fresh = dir.resolve("fresh-" + cut + ".jsonl");
            Files.copy(file, fresh);
            TranscriptUsage once = TranscriptPass.run(fresh).usage();
            assertEquals(once, followed.usage(), "after " + cut + " lines");
        }
        assertEquals(List.of(5L, 7L), follower.poll().index().usage().messages().stream()
                .map(MessageUsage::line).toList());
    }
}

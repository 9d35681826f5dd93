package dev.coroner.core.usage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The dedupe rule (docs/COST.md, "Counting") on sequences the fixtures do not hold. */
class UsageBuilderTest {
    private static TokenCounts out(long n) {
        return new TokenCounts(0, n, 0, 0);
    }

    @Test
    void sumsOfHostileCountsStopAtTheLargestLongInsteadOfTurningNegative() {
        long most = (1L << 53) - 1; // the largest count the pass reads
        UsageBuilder b = new UsageBuilder();
        for (int i = 1; i <= 1500; i++) { // 1,024 of them pass Long.MAX_VALUE
            b.message(i, "m", null, null, new TokenCounts(most, most, most, most, most), null);
        }
        TranscriptUsage u = b.build();
        assertEquals(new TokenCounts(Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE),
                u.total());
        assertEquals(Long.MAX_VALUE, u.total().total());
        assertEquals(Long.MAX_VALUE, u.total().inputSide());
        assertEquals(Long.MAX_VALUE, u.turns().get(0).tokens().output());
        // below the edge the sums are exact
        UsageBuilder exact = new UsageBuilder();
        for (int i = 1; i <= 1000; i++) {
            exact.message(i, "m", null, null, out(most), null);
        }
        assertEquals(1000 * most, exact.build().total().output());
    }

    @Test
    void theSameMessageIdUnderAnotherRequestIsAnotherMessageAndEachPairKeepsItsLastRecord() {
        UsageBuilder b = new UsageBuilder();
        b.message(1, "m", "x", "r1", out(1), null);
        b.message(2, "m", "x", "r2", out(2), null);
        b.message(3, "m", "x", "r1", out(3), null); // x/r1 again: replaces line 1
        b.message(4, "m", "x", "r1", out(4), null); // and again: replaces line 3
        b.message(5, "m", "x", "r2", out(5), null); // x/r2 again: replaces line 2
        TranscriptUsage u = b.build();
        assertEquals(List.of(4L, 5L), u.messages().stream().map(MessageUsage::line).toList());
        assertEquals(9, u.total().output());
    }

    @Test
    void recordsOfOneMessageApartStillCountOnce() {
        UsageBuilder b = new UsageBuilder();
        b.message(2, "m", "a", "ra", out(10), null);
        b.message(4, "m", "b", "rb", out(20), null);
        b.message(6, "m", "a", "ra", out(11), null); // a's last record, after b's
        TranscriptUsage u = b.build();
        assertEquals(List.of(4L, 6L), u.messages().stream().map(MessageUsage::line).toList());
        assertEquals(31, u.total().output());
    }

    /**
     * The rule stated plainly, as a list: a record with both ids takes out the earlier record of its pair, wherever it
     * is, and goes last; any other record goes last.
     */
    private static List<Long> byTheRule(List<String[]> records) {
        List<String[]> kept = new java.util.ArrayList<>();
        for (String[] r : records) {
            if (r[1] != null && r[2] != null) {
                kept.removeIf(k -> r[1].equals(k[1]) && r[2].equals(k[2]));
            }
            kept.add(r);
        }
        return kept.stream().map(r -> Long.parseLong(r[0])).toList();
    }

    @Test
    void anySequenceKeepsWhatTheRuleKeepsEvenIdsMadeToShareAHash() {
        // "Aa" and "BB" have one hash: strings of them share theirs, which a hostile file can make every id do
        List<String> same = new java.util.ArrayList<>();
        for (int i = 0; i < 256; i++) {
            StringBuilder id = new StringBuilder("msg_");
            for (int bit = 0; bit < 8; bit++) {
                id.append((i >> bit & 1) == 0 ? "Aa" : "BB");
            }
            same.add(id.toString());
        }
        assertEquals(1, same.stream().map(String::hashCode).distinct().count());
        java.util.Random random = new java.util.Random(35);
        for (int round = 0; round < 200; round++) {
            int kinds = 1 + random.nextInt(round < 100 ? 6 : 300);
            boolean hostile = round % 2 == 1;
            UsageBuilder b = new UsageBuilder();
            List<String[]> records = new java.util.ArrayList<>();
            int n = random.nextInt(round < 100 ? 40 : 2_000);
            // most rounds bill one model, as most files do; the others mix three, a message's records among them
            String[] models = round % 3 == 0 ? new String[] {"m"} : new String[] {"a", "b", null};
            java.util.Map<Long, MessageUsage> byLine = new java.util.HashMap<>();
            for (int line = 1; line <= n; line++) {
                int k = random.nextInt(kinds);
                String id = random.nextInt(20) == 0 ? null : hostile ? same.get(k % same.size()) : "msg_" + k;
                String request = random.nextInt(20) == 0 ? null : "req_" + (k % 3 == 0 ? random.nextInt(2) : 0);
                records.add(new String[] {String.valueOf(line), id, request});
                String model = models[random.nextInt(models.length)];
                TokenCounts tokens = new TokenCounts(random.nextInt(9), line, random.nextInt(500), random.nextInt(9_000),
                        random.nextInt(3));
                String timestamp = random.nextInt(4) == 0 ? null : "t" + line;
                byLine.put((long) line, new MessageUsage(line, model, tokens, timestamp));
                b.message(line, model, id, request, tokens, timestamp);
            }
            List<Long> expected = byTheRule(records);
            TranscriptUsage u = b.build();
            assertEquals(expected, u.messages().stream().map(MessageUsage::line).toList(), "round " + round);
            TranscriptUsage plain = summed(expected.stream().map(byLine::get).toList());
            assertEquals(plain, u, "round " + round);
            assertEquals(List.copyOf(plain.byModel().keySet()), List.copyOf(u.byModel().keySet()), "round " + round);
        }
    }

    /** The usage of {@code kept} worked the plain way: summed message by message, each model where it first bills. */
    private static TranscriptUsage summed(List<MessageUsage> kept) {
        TokenCounts total = TokenCounts.ZERO;
        java.util.Map<String, TokenCounts> byModel = new java.util.LinkedHashMap<>();
        String first = null;
        String last = null;
        for (MessageUsage m : kept) {
            total = total.plus(m.tokens());
            byModel.merge(m.model() == null ? "" : m.model(), m.tokens(), TokenCounts::plus);
            if (m.timestamp() != null) {
                first = first == null ? m.timestamp() : first;
                last = m.timestamp();
            }
        }
        return kept.isEmpty() ? TranscriptUsage.EMPTY : new TranscriptUsage(total, byModel, kept, first, last);
    }

    @Test
    void aRecordWithoutBothIdsCountsAlone() {
        UsageBuilder b = new UsageBuilder();
        b.message(1, "m", "a", null, out(1), null);
        b.message(2, "m", "a", null, out(1), null);
        b.message(3, "m", null, "r", out(1), null);
        b.message(4, "m", null, "r", out(1), null);
        assertEquals(4, b.build().messages().size());
    }

    @Test
    void aModelFirstBilledFirstAndAMessageWithoutOneIsUnderTheEmptyName() {
        UsageBuilder b = new UsageBuilder();
        b.message(1, "z", "1", "1", out(1), null);
        b.message(2, null, "2", "2", out(2), null);
        b.message(3, "a", "3", "3", out(3), null);
        TranscriptUsage u = b.build();
        assertEquals(List.of("z", "", "a"), u.models());
        assertEquals(List.of(PriceTable.NO_MODEL, "a", "z"),
                PriceTable.bundled().cost(u).unpricedModels().stream().sorted().toList());
    }

    @Test
    void aCodexTotalThatGoesDownStartedAgainAndTheEventBillsItsOwnLastUsage() {
        // a resumed session's new process counts from a new start (one real rollout does): taking the last total as
        // the file's would lose what the first process billed; clamping the growth to 0 would lose the event's call
        UsageBuilder b = new UsageBuilder();
        b.model("gpt-5.4");
        b.tokenCount(1, new TokenCounts(60, 10, 0, 40), new TokenCounts(60, 10, 0, 40), null);
        b.tokenCount(2, new TokenCounts(30, 5, 0, 20), new TokenCounts(90, 15, 0, 60), null);
        b.tokenCount(3, new TokenCounts(7, 2, 0, 3), new TokenCounts(20, 4, 0, 10), null); // went down: started again
        b.tokenCount(4, new TokenCounts(5, 1, 0, 5), new TokenCounts(25, 5, 0, 15), null); // grows from there
        b.tokenCount(5, null, new TokenCounts(10, 1, 0, 1), null); // down again, no last usage: its whole total
        TranscriptUsage u = b.build();
        assertEquals(List.of(new TokenCounts(60, 10, 0, 40), new TokenCounts(30, 5, 0, 20), new TokenCounts(7, 2, 0, 3),
                new TokenCounts(5, 1, 0, 5), new TokenCounts(10, 1, 0, 1)),
                u.messages().stream().map(MessageUsage::tokens).toList());
        assertEquals(new TokenCounts(112, 19, 0, 69), u.total());
    }

    @Test
    void codexEventsWithoutATotalBillTheirLastUsage() {
        UsageBuilder b = new UsageBuilder();
        b.model("gpt-5.4");
        b.tokenCount(1, new TokenCounts(5, 1, 0, 2), null, null);
        b.tokenCount(2, new TokenCounts(7, 1, 0, 0), null, null);
        TranscriptUsage u = b.build();
        assertEquals(new TokenCounts(12, 2, 0, 2), u.total());
        assertEquals(List.of("gpt-5.4"), u.models());
    }
}

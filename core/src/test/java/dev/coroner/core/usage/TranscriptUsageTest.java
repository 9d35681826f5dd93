package dev.coroner.core.usage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.index.TranscriptIndex;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.fixtures.Fixtures;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The counting rules of docs/COST.md on the cost fixtures, each sum worked by hand from the fixture's records
 * (fixtures/tools/make_cost_fixtures.py writes them).
 */
class TranscriptUsageTest {
    private static TranscriptUsage usage(String fixture) throws Exception {
        TranscriptIndex index = TranscriptPass.run(Fixtures.path(fixture));
        assertTrue(index.complete());
        return index.usage();
    }

    @Test
    void aMessageStreamedOverThreeRecordsCountsOnceWithItsLastRecordsUsage() throws Exception {
        TranscriptUsage u = usage("cost/streamed.jsonl");
        // msg A over lines 2-4 (output 1, 7, 42: line 4 counts), msg B on line 6, and msg C written twice on lines 8
        // and 9 without a requestId: each of those counts alone
        assertEquals(List.of(4L, 6L, 8L, 9L), u.messages().stream().map(MessageUsage::line).toList());
        assertEquals(42, u.messages().get(0).tokens().output());
        assertEquals(new TokenCounts(10 + 5 + 3 + 3, 42 + 20 + 4 + 4, 100, 1000 + 1200 + 1300 + 1300, 60), u.total());
        assertEquals(List.of("claude-sonnet-4-6"), u.models());
        assertEquals("2026-11-02T10:00:04.000Z", u.firstTimestamp());
        assertEquals("2026-11-02T10:00:09.000Z", u.lastTimestamp());
    }

    @Test
    void turnsStartAtPromptsNotAtToolResults() throws Exception {
        TranscriptUsage u = usage("cost/streamed.jsonl");
        assertEquals(List.of(new TurnUsage(1, new TokenCounts(15, 62, 100, 2200, 60), 2),
                new TurnUsage(7, new TokenCounts(6, 8, 0, 2600), 2)), u.turns());
        assertEquals(4800.0 / (21 + 100 + 4800), u.contextRereadShare(), 1e-12);
    }

    @Test
    void oneHourCacheWritesArePricedApart() throws Exception {
        TranscriptUsage u = usage("cost/streamed.jsonl");
        Cost c = PriceTable.bundled().cost(u);
        // claude-sonnet-4-6: $3 input, $15 output, $3.75 a five-minute write, $6 a one-hour write, $0.30 a read
        BigDecimal expected = new BigDecimal(21 * 3 + 70 * 15 + 40 * 3.75 + 60 * 6 + 4800 * 0.3)
                .divide(BigDecimal.valueOf(1_000_000));
        assertEquals(0, expected.compareTo(c.priced()), c.priced() + " vs " + expected);
        assertEquals(new BigDecimal("0.003063"), c.rounded());
        assertTrue(c.complete());
    }

    @Test
    void aCodexRolloutBillsWhatItsCumulativeTotalGrewBy() throws Exception {
        TranscriptUsage u = usage("cost/codex-tokens.jsonl");
        // totals (input, cached, output): 1000/400/100, the same again (only the rate limits changed), 2500/1800/160
        assertEquals(List.of(7L, 11L), u.messages().stream().map(MessageUsage::line).toList());
        assertEquals(new TokenCounts(600, 100, 0, 400), u.messages().get(0).tokens());
        assertEquals(new TokenCounts(100, 60, 0, 1400), u.messages().get(1).tokens());
        assertEquals(new TokenCounts(2500 - 1800, 160, 0, 1800), u.total());
        assertEquals(List.of("gpt-5.4"), u.models());
        assertEquals(List.of(new TurnUsage(4, u.total(), 2)), u.turns());
    }

    @Test
    void aModelNoPriceListNamesHasNoCostAndIsNamed() throws Exception {
        Cost c = PriceTable.bundled().cost(usage("cost/unknown-model.jsonl"));
        assertNull(c.usd());
        assertNull(c.rounded());
        assertEquals(List.of("claude-imaginary-9"), c.unpricedModels());
        assertEquals("no price for claude-imaginary-9", c.note());
    }

    @Test
    void aSyntheticDeathBillsNothingAndIsNoModelThatBilled() throws Exception {
        TranscriptUsage u = usage("cost/dead-rate-limit.jsonl");
        assertEquals(List.of("claude-opus-4-7"), u.models());
        assertTrue(u.byModel().containsKey("<synthetic>"));
        assertEquals(new TokenCounts(2000, 500, 10000, 0), u.total());
        assertTrue(PriceTable.bundled().cost(u).complete());
    }

    @Test
    void aFileWithNoUsageHasTheEmptyUsage() throws Exception {
        TranscriptUsage u = usage("compare/rate-limited-run.jsonl");
        assertTrue(u.isEmpty());
        assertEquals(TokenCounts.ZERO, u.total());
        assertEquals(0, u.contextRereadShare());
    }
}

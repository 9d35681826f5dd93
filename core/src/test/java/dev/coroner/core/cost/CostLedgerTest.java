package dev.coroner.core.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.corpus.CorpusLayout;
import dev.coroner.core.corpus.TranscriptPaths;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.usage.Cost;
import dev.coroner.core.usage.PriceTable;
import dev.coroner.core.usage.TokenCounts;
import dev.coroner.fixtures.Fixtures;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Rows, totals and groups over the cost fixtures (docs/COST.md, "Grouping"). */
class CostLedgerTest {
    private static final PriceTable PRICES = PriceTable.bundled();

    private static List<CostRow> rows(String folder) throws Exception {
        List<CostRow> rows = new ArrayList<>();
        for (TranscriptPaths.Input in : TranscriptPaths.expand(List.of(Fixtures.path(folder))).inputs()) {
            rows.add(CostRow.of(in.path(), TranscriptPass.run(in.path()), PRICES));
        }
        return rows;
    }

    private static CostRow named(List<CostRow> rows, String end) {
        return rows.stream().filter(r -> r.path().toString().endsWith(end)).findFirst().orElseThrow();
    }

    /** What {@code t} costs on claude-sonnet-4-6 ($3 in, $15 out, $3.75 write, $0.30 read), worked by hand. */
    private static BigDecimal sonnet46(long in, long out, long write, long read) {
        return BigDecimal.valueOf(in * 300 + out * 1500 + write * 375 + read * 30, 8);
    }

    @Test
    void aSessionIsRolledUpWithItsSubagentsAndItsDeadOnesCostIsTheDeadPart() throws Exception {
        List<CostRow> rows = rows("cost/subagents");
        List<CostLedger.Group> groups = CostLedger.by(CostLedger.By.SESSION, rows,
                CorpusLayout.of(rows.stream().map(CostRow::path).toList()), PRICES);
        assertEquals(1, groups.size());
        CostLedger.Group g = groups.get(0);
        assertEquals("5e551011-0000-4000-8000-0000000000a0", g.key());
        assertEquals(3, g.transcripts());
        assertEquals(new TokenCounts(400 + 1000 + 3000, 140 + 200 + 400, 2000, 6000), g.tokens());
        BigDecimal session = sonnet46(400, 140, 2000, 6000);
        BigDecimal alive = sonnet46(1000, 200, 0, 0);
        BigDecimal dead = sonnet46(3000, 400, 0, 0);
        assertEquals(0, session.add(alive).add(dead).compareTo(g.cost().priced()));
        assertEquals(0, dead.compareTo(g.deadCost().priced()));
        assertTrue(g.sessionPath().toString().endsWith("5e551011-0000-4000-8000-0000000000a0.jsonl"));
        Map<String, Object> json = g.toMap();
        assertEquals(List.of("session", "path", "transcripts", "models", "input_tokens", "output_tokens",
                "cache_creation_tokens", "cache_read_tokens", "cost_usd", "dead_cost_usd", "unpriced_models"),
                List.copyOf(json.keySet()));
        assertEquals(dead.setScale(Cost.SCALE), json.get("dead_cost_usd"));
    }

    @Test
    void aDeadRunsCostIsInTheDeadTotalAndUnderItsClass() throws Exception {
        List<CostRow> rows = rows("cost");
        CostRow dead = named(rows, "dead-rate-limit.jsonl");
        assertTrue(dead.dead());
        assertEquals("RATE_LIMIT", dead.costClass());
        // claude-opus-4-7: $5 in, $25 out, $6.25 write
        BigDecimal cost = BigDecimal.valueOf(2000 * 500 + 500 * 2500 + 10000 * 625, 8);
        assertEquals(0, cost.compareTo(dead.cost().priced()));
        BigDecimal deadSubagent = sonnet46(3000, 400, 0, 0);

        CostLedger.Total total = CostLedger.total(rows);
        assertEquals(rows.size(), total.transcripts());
        assertEquals(0, cost.add(deadSubagent).compareTo(total.deadCost().priced()));
        assertEquals(List.of("claude-imaginary-9"), total.cost().unpricedModels());

        List<CostLedger.Group> byClass = CostLedger.by(CostLedger.By.CLASS, rows, List.of(), PRICES);
        assertEquals(List.of("HEALTHY", "RATE_LIMIT"), byClass.stream().map(CostLedger.Group::key).toList());
        CostLedger.Group rateLimit = byClass.get(1);
        assertEquals(2, rateLimit.transcripts());
        assertEquals(0, cost.add(deadSubagent).compareTo(rateLimit.cost().priced()));
        assertEquals(rateLimit.cost().priced(), rateLimit.deadCost().priced());
        assertEquals(0, byClass.get(0).deadCost().priced().signum(), "HEALTHY runs apart");
    }

    @Test
    void theTotalRowHasTheIssuesKeysInOrder() throws Exception {
        Map<String, Object> row = CostLedger.total(rows("cost")).toMap();
        @SuppressWarnings("unchecked")
        Map<String, Object> total = (Map<String, Object>) row.get("total");
        assertEquals(List.of("transcripts", "input_tokens", "output_tokens", "cache_creation_tokens",
                "cache_read_tokens", "cost_usd", "dead_cost_usd", "unpriced_models"), List.copyOf(total.keySet()));
    }

    @Test
    void anUnknownModelsRowHasNoCostAndNamesIt() throws Exception {
        CostRow r = named(rows("cost"), "unknown-model.jsonl");
        Map<String, Object> m = r.toMap();
        assertNull(m.get("cost_usd"));
        assertEquals(List.of("claude-imaginary-9"), m.get("unpriced_models"));
        assertEquals(List.of("path", "harness", "session", "kind", "state", "dead", "class", "models", "input_tokens",
                "output_tokens", "cache_creation_tokens", "cache_read_tokens", "cost_usd", "unpriced_models"),
                List.copyOf(m.keySet()));
    }

    @Test
    void byModelAndByDaySplitEachTranscriptsTokensAndAddUpToTheTotal() throws Exception {
        List<CostRow> rows = rows("cost");
        CostLedger.Total total = CostLedger.total(rows);
        for (CostLedger.By by : List.of(CostLedger.By.MODEL, CostLedger.By.DAY, CostLedger.By.CLASS)) {
            List<CostLedger.Group> groups = CostLedger.by(by, rows, List.of(), PRICES);
            TokenCounts tokens = groups.stream().map(CostLedger.Group::tokens).reduce(TokenCounts.ZERO, TokenCounts::plus);
            assertEquals(total.tokens(), tokens, by.name());
            Cost sum = Cost.sum(groups.stream().map(CostLedger.Group::cost).toList());
            assertEquals(total.cost(), sum, by.name());
        }
        List<CostLedger.Group> days = CostLedger.by(CostLedger.By.DAY, rows, List.of(), PRICES);
        assertEquals(List.of("2026-10-05", "2026-11-02"), days.stream().map(CostLedger.Group::key).toList());
        List<CostLedger.Group> models = CostLedger.by(CostLedger.By.MODEL, rows, List.of(), PRICES);
        CostLedger.Group unknown = models.stream().filter(g -> g.key().equals("claude-imaginary-9")).findFirst().orElseThrow();
        assertEquals(List.of("claude-imaginary-9"), unknown.cost().unpricedModels());
    }

    @Test
    void aDayIsTheUtcDateOfTheTimestamp() {
        assertEquals("2026-11-02", CostLedger.day("2026-11-02T23:30:00.000Z"));
        assertEquals("2026-11-03", CostLedger.day("2026-11-02T23:30:00-02:00"));
        assertEquals(CostLedger.NO_DAY, CostLedger.day(null));
        assertEquals(CostLedger.NO_DAY, CostLedger.day("yesterday"));
    }
}

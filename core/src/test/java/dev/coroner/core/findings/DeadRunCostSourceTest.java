package dev.coroner.core.findings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.index.TranscriptJudgement;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.usage.PriceTable;
import dev.coroner.fixtures.Fixtures;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The dead-run cost finding (docs/COST.md, "The finding") on the cost fixtures. */
class DeadRunCostSourceTest {
    private static List<Finding> found(String fixture, String threshold) throws Exception {
        TranscriptJudgement j = TranscriptPass.run(Fixtures.path(fixture)).judgement();
        AnalysisSettings s = new AnalysisSettings(null, null, PriceTable.bundled(), new BigDecimal(threshold));
        return new DeadRunCostSource().contribute(j, s).findings();
    }

    @Test
    void aDeadRunOverTheThresholdIsAFindingWithItsCostAndReason() throws Exception {
        // dead-rate-limit.jsonl cost $0.085 (2,000 in, 500 out, 10,000 cache write on claude-opus-4-7)
        List<Finding> f = found("cost/dead-rate-limit.jsonl", "0.08");
        assertEquals(1, f.size());
        assertEquals(FindingKind.DEAD_RUN_COST, f.get(0).kind());
        assertEquals("dead run cost $0.0850", f.get(0).title());
        assertTrue(f.get(0).reason().contains("more than $0.0800"), f.get(0).reason());
        assertEquals(0, f.get(0).line());
    }

    @Test
    void underTheThresholdOrAliveItIsNone() throws Exception {
        assertEquals(List.of(), found("cost/dead-rate-limit.jsonl", "0.085"), "more than, not as much as");
        assertEquals(List.of(), found("cost/streamed.jsonl", "0"), "a healthy run is never one");
        assertEquals(List.of(), found("cost/dead-rate-limit.jsonl", AnalysisSettings.DEAD_RUN_COST_USD.toPlainString()));
    }

    @Test
    void theDefaultSettingsUseTheBundledPricesAndFiveDollars() {
        assertEquals(new BigDecimal("5.00"), AnalysisSettings.NONE.deadRunCostUsd());
        assertEquals(PriceTable.bundled(), AnalysisSettings.NONE.pricesInUse());
        assertTrue(FindingSources.standard().stream().anyMatch(s -> s instanceof DeadRunCostSource));
    }
}

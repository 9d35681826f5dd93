package dev.coroner.app.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.usage.Cost;
import dev.coroner.core.usage.TokenCounts;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How the window writes tokens and dollars: no price is "—" (never $0), a sum that left models out says "at least". */
class CostTextsTest {
    @Test
    void aCostWithNoPriceIsADashAndNamesTheModelNeverZero() {
        Cost none = new Cost(null, List.of("claude-x"));
        assertEquals("—", CostTexts.usd(none));
        assertTrue(CostTexts.unpriced(none));
        assertTrue(CostTexts.noPrice(none).startsWith("no price for claude-x"), CostTexts.noPrice(none));
        assertEquals("—", CostTexts.usd((Cost) null));
    }

    @Test
    void dollarsHaveTwoDecimalsAndUnderADollarFourAsTheCommandLineWritesThem() {
        assertEquals("$1,060.12", CostTexts.usd(new Cost(1060.123, List.of())));
        assertEquals("$1.00", CostTexts.usd(new Cost(1.0, List.of())));
        assertEquals("$0.0000", CostTexts.usd(new Cost(0.0, List.of())));
        assertEquals("$0.0046", CostTexts.usd(new Cost(0.00456, List.of())));
        assertEquals("$0.7860", CostTexts.usd(new Cost(0.786, List.of())));
        assertEquals("", CostTexts.noPrice(new Cost(3.0, List.of())));
    }

    @Test
    void aSumThatLeftUnpricedModelsOutIsALowerBound() {
        Cost sum = Cost.sum(List.of(new Cost(12.30, List.of()), new Cost(null, List.of("claude-x"))));
        assertEquals("≥ $12.30", CostTexts.usd(sum));
        assertTrue(CostTexts.noPrice(sum).contains("claude-x"), CostTexts.noPrice(sum));
    }

    @Test
    void tokensAreCompactAndNeverRoundUpToAThousandOfAUnit() {
        assertEquals("950", CostTexts.tokens(950));
        assertEquals("1.0k", CostTexts.tokens(1_000));
        assertEquals("81.2k", CostTexts.tokens(81_249));
        assertEquals("100k", CostTexts.tokens(99_960));
        assertEquals("1.0M", CostTexts.tokens(999_600));
        assertEquals("999k", CostTexts.tokens(999_400));
        assertEquals("25.1M", CostTexts.tokens(25_080_000));
        assertEquals("1.2B", CostTexts.tokens(1_234_000_000));
    }

    @Test
    void countsAreWrittenInFull() {
        assertEquals("input 1,204 · output 18,331 · cache write 40,102 · cache read 2,311,870 · total 2,371,507",
                CostTexts.counts(new TokenCounts(1204, 18331, 40102, 2311870)));
        assertEquals("94%", CostTexts.percent(0.94));
        assertEquals("<1%", CostTexts.percent(0.001));
        assertEquals("0%", CostTexts.percent(0));
    }
}

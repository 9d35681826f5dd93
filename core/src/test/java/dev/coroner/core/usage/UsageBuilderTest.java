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

package dev.coroner.core.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.index.TranscriptPass;
import dev.coroner.fixtures.HostileShapes;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One turn of thousands of calls, most of them equal (issue 13; the million-record instance is measured by
 * bench/hostile.sh): the rows are those of the rule — the latest equal call named, every twin counted, a bounded list of
 * them — and every twin still leads to the blocks that quote its program.
 */
class OneLongTurnTest {
    @TempDir
    Path dir;

    @Test
    void equalCallsInOneTurnNameTheLatestCountEveryTwinAndListABoundedFew() throws Exception {
        Path p = dir.resolve("one-turn.jsonl");
        int calls = 3_000;
        int distinct = 10;
        HostileShapes.oneTurn(p, calls, distinct, 10);
        ScriptReport r = TranscriptPass.run(p).judgement().scripts();

        assertEquals(calls / 3, r.blocks().size());
        assertEquals(calls / 3 - calls / 30, r.matched(), "one block in ten quotes no call");
        for (BlockVerdict v : r.blocks()) {
            if (!v.matched()) {
                assertEquals(UnmatchedReason.NO_SUBMISSION_THIS_TURN, v.reason());
                continue;
            }
            int program = Integer.parseInt(v.block().content().replaceAll("\\D", ""));
            int latest = calls - distinct + program; // the turn's last call with that program, after the block or not
            assertEquals("toolu_" + latest, v.call().toolUseId());
            assertEquals(calls / distinct - 1, v.alsoMatches(), "every twin is counted");
            assertEquals(SameProgram.MAX_TWINS_LISTED, v.alsoCalls().size(), "a bounded few are listed");
            assertEquals("toolu_" + (latest - distinct), v.alsoCalls().get(v.alsoCalls().size() - 1).toolUseId(),
                    "the listed twins are the latest before the named call, in the order made");
        }
        BlockVerdict first = r.blocks().get(0);
        BlockVerdict other = r.blocks().get(distinct); // block 10 quotes call 32: program 2, as block 0 (call 2)
        assertSame(first.alsoCalls(), other.alsoCalls(), "blocks quoting one program share its list of twins");
    }

    @Test
    void everyTwinLeadsToTheBlocksThatQuoteItsProgramEvenBeyondTheListedFew() throws Exception {
        Path p = dir.resolve("same.jsonl");
        HostileShapes.oneTurn(p, 900, 1, 1_000_000); // one program, 900 calls, 300 blocks all quoting it
        ScriptReport r = TranscriptPass.run(p).judgement().scripts();
        assertEquals(300, r.matched());
        List<QuoteIndex.Quote> ofFirstCall = r.quotes().quotesOf("toolu_0");
        assertEquals(300, ofFirstCall.size(), "the first call is a twin no verdict lists, yet every block quotes it");
        assertFalse(ofFirstCall.get(0).named());
        List<QuoteIndex.Quote> ofLast = r.quotes().quotesOf("toolu_899");
        assertEquals(300, ofLast.size());
        assertTrue(ofLast.stream().allMatch(QuoteIndex.Quote::named));
        assertEquals(r.blocks(), ofLast.stream().map(QuoteIndex.Quote::block).toList(), "in file order");
    }
}

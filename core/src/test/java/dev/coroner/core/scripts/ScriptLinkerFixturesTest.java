package dev.coroner.core.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.index.TranscriptPass;
import dev.coroner.fixtures.Fixtures;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every scripts fixture gets the labels the rules of docs/VERDICTS.md, "Code blocks" give, block by block. */
class ScriptLinkerFixturesTest {
    private static final String MISS = "unmatched:no-submission-this-turn";

    static ScriptReport report(String fixture) throws Exception {
        return TranscriptPass.run(Fixtures.path("scripts/" + fixture)).judgement().scripts();
    }

    static List<String> labels(ScriptReport r) {
        return r.blocks().stream()
                .map(b -> b.matched() ? b.label() : b.label() + ":" + b.reason().label()).toList();
    }

    static Stream<Arguments> fixtures() {
        List<String> seventy = new ArrayList<>();
        seventy.add("ok");
        seventy.addAll(Collections.nCopies(63, MISS));
        seventy.addAll(Collections.nCopies(6, "unmatched:kept-out"));
        return Stream.of(
                Arguments.of("bash-ok.jsonl", List.of("ok")),
                Arguments.of("bash-error.jsonl", List.of("error", "error")),
                Arguments.of("trailing-space.jsonl", List.of(MISS)),
                Arguments.of("crlf-vs-lf.jsonl", List.of(MISS, "ok")),
                Arguments.of("nfc-vs-nfd.jsonl", List.of(MISS, "ok")),
                Arguments.of("submitted-twice.jsonl", List.of("ok")),
                Arguments.of("earlier-turn.jsonl", List.of(MISS)),
                Arguments.of("over-size.jsonl", List.of("ok", "unmatched:over-size")),
                Arguments.of("seventy-blocks.jsonl", seventy),
                Arguments.of("tilde-fence.jsonl", List.of("ok")),
                Arguments.of("unclosed-fence.jsonl", List.of("ok")),
                Arguments.of("list-item.jsonl", List.of("ok", "ok")),
                Arguments.of("block-quote.jsonl", List.of("ok")),
                Arguments.of("no-result.jsonl", List.of("no-result")),
                Arguments.of("turn-boundaries.jsonl", List.of("ok", MISS)),
                Arguments.of("sidechain-interleaved.jsonl", List.of("ok", "ok", MISS)),
                Arguments.of("closest-no-program-call.jsonl", List.of(MISS)),
                Arguments.of("closest-part-of.jsonl", List.of(MISS)),
                Arguments.of("closest-shares-lines.jsonl", List.of(MISS)),
                Arguments.of("closest-line-endings.jsonl", List.of(MISS)));
    }

    /** What came closest to each {@code no-submission-this-turn} block of a fixture: "kind call [counts]". */
    static Stream<Arguments> closest() {
        return Stream.of(
                Arguments.of("earlier-turn.jsonl", List.of("earlier-turn toolu_01Sgit")),
                Arguments.of("turn-boundaries.jsonl", List.of("earlier-turn toolu_01Sdate")),
                Arguments.of("closest-no-program-call.jsonl", List.of("no-program-call")),
                Arguments.of("closest-part-of.jsonl", List.of("part-of toolu_01SWscript from line 3")),
                Arguments.of("closest-shares-lines.jsonl", List.of("shares-lines toolu_01SWtests 2 of 3")),
                Arguments.of("closest-line-endings.jsonl", List.of("line-endings toolu_01SWlint")),
                Arguments.of("crlf-vs-lf.jsonl", List.of("line-endings toolu_01Slf")),
                Arguments.of("trailing-space.jsonl", List.of("no-shared-line, 1 compared")),
                Arguments.of("nfc-vs-nfd.jsonl", List.of("no-shared-line, 1 compared")),
                Arguments.of("sidechain-interleaved.jsonl", List.of("no-shared-line, 1 compared")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("closest")
    void eachMissSaysWhatCameClosest(String fixture, List<String> expected) throws Exception {
        List<String> got = report(fixture).blocks().stream().filter(b -> b.closest() != null).map(b -> {
            Closest c = b.closest();
            return c.kind().label() + switch (c.kind()) {
                case PART_OF -> " " + c.call().toolUseId() + " from line " + c.at();
                case SHARES_LINES -> " " + c.call().toolUseId() + " " + c.shared() + " of " + c.of();
                case NO_SHARED_LINE -> ", " + c.compared() + " compared";
                case NO_PROGRAM_CALL -> "";
                default -> " " + c.call().toolUseId();
            };
        }).toList();
        assertEquals(expected, got, fixture);
    }

    @Test
    void theSharesLinesFixtureDiffsTheEditedLine() throws Exception {
        BlockVerdict v = report("closest-shares-lines.jsonl").blocks().get(0);
        assertEquals(List.of(" cd /home/dev/shop", "-pytest -q tests/unit", "+pytest -q tests/", " echo done"),
                ClosestTest.prefixed(v.closestDiff()));
        assertEquals("unmatched", v.label());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void eachBlockGetsTheLabelTheRulesGive(String fixture, List<String> expected) throws Exception {
        assertEquals(expected, labels(report(fixture)), fixture);
    }

    @Test
    void aBlockEqualToABashCommandNamesTheCall() throws Exception {
        BlockVerdict v = report("bash-ok.jsonl").blocks().get(0);
        assertEquals("toolu_01Swc", v.call().toolUseId());
        assertEquals("Bash", v.call().tool());
        assertEquals(1, v.call().dispatch());
        assertEquals(0, v.alsoMatches());
        assertNull(v.exitCode(), "an ok result states no exit code, and none is inferred");
        assertEquals("bash", v.block().info());
        assertFalse(v.shownBeforeCall());
    }

    @Test
    void aFailedCallCarriesTheExitCodeItsResultStatesAndOnlyThat() throws Exception {
        List<BlockVerdict> b = report("bash-error.jsonl").blocks();
        assertEquals(127, b.get(0).exitCode());
        assertNull(b.get(1).exitCode(), "a refused call states no exit code");
        assertEquals(2, b.get(1).call().dispatch());
    }

    @Test
    void theLatestOfTwoEqualSubmissionsIsNamedAndTheOtherCounted() throws Exception {
        BlockVerdict v = report("submitted-twice.jsonl").blocks().get(0);
        assertEquals("toolu_01Smake2", v.call().toolUseId());
        assertEquals(3, v.call().dispatch(), "the Edit between the two runs counts as a call");
        assertEquals(1, v.alsoMatches());
        assertEquals("toolu_01Smake1", v.alsoCalls().get(0).toolUseId());
        assertEquals(Outcome.ERROR, v.alsoCalls().get(0).outcome());
        assertEquals("ok", v.label(), "the label is the named (latest) call's outcome");
    }

    @Test
    void aProgramFromAnEarlierTurnIsDetailNeverAMatch() throws Exception {
        ScriptReport r = report("earlier-turn.jsonl");
        BlockVerdict v = r.blocks().get(0);
        assertEquals(UnmatchedReason.NO_SUBMISSION_THIS_TURN, v.reason());
        assertEquals("toolu_01Sgit", v.earlierTurnCall().toolUseId());
        assertEquals(1, v.earlierTurnCall().turn());
        assertEquals(2, v.turn());
    }

    @Test
    void seventyBlocksInOneRecordKeepSixOut() throws Exception {
        ScriptReport r = report("seventy-blocks.jsonl");
        assertEquals(70, r.blocks().size(), "every block still gets a row");
        assertEquals(6, r.keptOut());
        assertEquals(65, r.blocks().get(64).block().number());
        assertEquals("echo 65", r.blocks().get(64).block().content(), "block 65 was submitted, yet never compared");
        assertEquals(UnmatchedReason.KEPT_OUT, r.blocks().get(64).reason());
    }

    @Test
    void overSizeIsCountedInUtf8BytesNotCharacters() throws Exception {
        List<BlockVerdict> b = report("over-size.jsonl").blocks();
        assertEquals(65_536, ScriptMatcher.utf8Length(b.get(0).block().content()));
        assertEquals(65_537, ScriptMatcher.utf8Length(b.get(1).block().content()));
        assertTrue(b.get(1).block().content().length() < ScriptMatcher.MAX_SCRIPT_BYTES);
    }

    @Test
    void lineEndingsAndUnicodeFormsAreNeverNormalised() throws Exception {
        List<BlockVerdict> crlf = report("crlf-vs-lf.jsonl").blocks();
        assertEquals("printf 'a'\r\nprintf 'b'", crlf.get(0).block().content());
        assertEquals("toolu_01Scrlf", crlf.get(1).call().toolUseId());
        List<BlockVerdict> nfd = report("nfc-vs-nfd.jsonl").blocks();
        assertEquals("echo \"cafe\u0301\"", nfd.get(0).block().content());
        assertNull(nfd.get(0).earlierTurnCall());
    }

    @Test
    void blocksInContainersAndOddFencesMatchTheirPrograms() throws Exception {
        List<BlockVerdict> list = report("list-item.jsonl").blocks();
        assertEquals("python -m pytest \\\n  tests/unit", list.get(1).block().content());
        assertEquals("toolu_01Spytest2", list.get(1).call().toolUseId());
        assertTrue(report("tilde-fence.jsonl").blocks().get(0).block().content().contains("```\nnested\n```"));
        FencedBlock unclosed = report("unclosed-fence.jsonl").blocks().get(0).block();
        assertFalse(unclosed.closed());
        assertEquals("npm run build", unclosed.content());
    }

    @Test
    void aBlockShownBeforeItsCallRanMatchesAndAMissingResultIsNoResult() throws Exception {
        BlockVerdict v = report("no-result.jsonl").blocks().get(0);
        assertTrue(v.shownBeforeCall());
        assertEquals(Outcome.NO_RESULT, v.call().outcome());
    }

    @Test
    void metaCompactSummaryAndToolResultRecordsStartNoTurn() throws Exception {
        ScriptReport r = report("turn-boundaries.jsonl");
        assertEquals(List.of(1, 2), r.turns().stream().map(Turn::number).toList());
        assertEquals("toolu_01Sdate", r.blocks().get(1).earlierTurnCall().toolUseId());
    }

    @Test
    void aSubAgentsPromptInsideTheFileDoesNotEndItsParentsTurn() throws Exception {
        ScriptReport r = report("sidechain-interleaved.jsonl");
        List<BlockVerdict> b = r.blocks();
        assertEquals("toolu_01Sgrep", b.get(0).call().toolUseId(), "the sub-agent quotes its own call");
        assertEquals("toolu_01Sls2", b.get(1).call().toolUseId(), "the parent quotes its call from before the sub-agent ran");
        assertEquals(1, b.get(1).turn());
        assertNull(b.get(2).earlierTurnCall(), "the sub-agent's call is no turn of the parent's");
        assertEquals(2, r.turns().size());
        assertEquals(List.of(false, true), r.turns().stream().map(Turn::sidechain).toList());
    }

    @Test
    void theQuoteIndexLeadsFromEachCallToTheBlocksThatQuoteIt() throws Exception {
        ScriptReport r = report("submitted-twice.jsonl");
        QuoteIndex q = r.quotes();
        assertEquals(1, q.quotesOf("toolu_01Smake2").size());
        assertTrue(q.quotesOf("toolu_01Smake2").get(0).named());
        assertEquals(1, q.quotesOf("toolu_01Smake1").size(), "the twin is quoted too");
        assertFalse(q.quotesOf("toolu_01Smake1").get(0).named());
        assertTrue(q.quotesOf("toolu_01Sedit").isEmpty());
        Submission latest = r.blocks().get(0).call();
        assertEquals(r.blocks().get(0), q.quotesOf(latest).get(0).block());
    }
}

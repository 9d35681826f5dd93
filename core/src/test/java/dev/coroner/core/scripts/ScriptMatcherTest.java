package dev.coroner.core.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The matching rule on its own: exact equality within the turn, and the two bounds. */
class ScriptMatcherTest {
    private static Submission call(String id, String program, int dispatch) {
        return new Submission(id, "Bash", program, 1, dispatch, 10 + dispatch, 0, Outcome.OK, null);
    }

    private static FencedBlock block(int number, String content) {
        return new FencedBlock(number, 0, content, "", 0, 0, 1, true);
    }

    private static BlockVerdict judge(FencedBlock b, List<Submission> turn, Map<String, Submission> earlier) {
        return ScriptMatcher.judge(new dev.coroner.core.read.SourceSpan(5, 0, 10), 1, b, ScriptMatcher.programsOf(turn), earlier,
                new TurnLineIndex(turn));
    }

    @ParameterizedTest
    @ValueSource(strings = {"ls -la ", " ls -la", "ls  -la", "LS -LA", "ls -la\n", "ls -la\r", "ls\t-la", "ls -la\u200b"})
    void aNearMatchIsADifferentProgram(String shown) {
        BlockVerdict v = judge(block(1, shown), List.of(call("a", "ls -la", 1)), Map.of());
        assertEquals(UnmatchedReason.NO_SUBMISSION_THIS_TURN, v.reason());
        assertNull(v.call(), "a near match is never named");
    }

    @Test
    void theBoundsAreNamedAndHoldTheDesignsValues() {
        assertEquals(65_536, ScriptMatcher.MAX_SCRIPT_BYTES);
        assertEquals(64, ScriptMatcher.MAX_BLOCKS_PER_RECORD);
    }

    @Test
    void keptOutComesBeforeOverSizeAndBeforeAnyComparison() {
        String huge = "x".repeat(ScriptMatcher.MAX_SCRIPT_BYTES + 1);
        assertEquals(UnmatchedReason.KEPT_OUT, judge(block(65, huge), List.of(), Map.of()).reason());
        assertEquals(UnmatchedReason.OVER_SIZE, judge(block(64, huge), List.of(call("a", huge, 1)), Map.of()).reason());
    }

    @Test
    void anOverSizeOrKeptOutBlockNamesNoEarlierTurn() {
        String huge = "x".repeat(ScriptMatcher.MAX_SCRIPT_BYTES + 1);
        Map<String, Submission> earlier = Map.of(huge, call("e", huge, 1), "ls", call("f", "ls", 1));
        assertNull(judge(block(1, huge), List.of(), earlier).earlierTurnCall());
        assertNull(judge(block(65, "ls"), List.of(), earlier).earlierTurnCall());
        assertEquals("f", judge(block(1, "ls"), List.of(), earlier).earlierTurnCall().toolUseId());
    }

    @Test
    void threeEqualSubmissionsNameTheLatestAndCountTwo() {
        BlockVerdict v = judge(block(1, "make"), List.of(call("a", "make", 1), call("b", "ls", 2), call("c", "make", 3),
                call("d", "make", 4)), Map.of());
        assertEquals("d", v.call().toolUseId());
        assertEquals(List.of("a", "c"), v.alsoCalls().stream().map(Submission::toolUseId).toList());
        assertEquals(2, v.alsoMatches());
    }

    @Test
    void utf8LengthCountsSurrogatePairsAsFourAndLoneSurrogatesAsThree() {
        assertEquals(1 + 2 + 3 + 4, ScriptMatcher.utf8Length("a\u00e9\u20ac\ud83d\ude00"));
        assertEquals(3, ScriptMatcher.utf8Length("\ud83d"));
    }
}

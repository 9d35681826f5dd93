package dev.coroner.core.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.coroner.core.read.SourceSpan;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** "Why unmatched" on its own (docs/VERDICTS.md, "Code blocks"): which explanation a missed block gets, and why. */
class ClosestTest {
    private static Submission call(String id, String program, int dispatch) {
        return new Submission(id, "Bash", program, 1, dispatch, 10 + dispatch, 0, Outcome.OK, null);
    }

    private static List<Submission> calls(String... programs) {
        List<Submission> out = new ArrayList<>();
        for (int i = 0; i < programs.length; i++) {
            out.add(call("c" + (i + 1), programs[i], i + 1));
        }
        return out;
    }

    private static BlockVerdict judge(String content, List<Submission> turn, Map<String, Submission> earlier) {
        FencedBlock b = new FencedBlock(1, 0, content, "", 0, 0, 1, true);
        return ScriptMatcher.judge(new SourceSpan(5, 0, 10), 1, b, ScriptMatcher.programsOf(turn), earlier,
                new TurnLineIndex(turn));
    }

    /** The closest explanation as "kind call shared/of @at". */
    private static String explain(BlockVerdict v) {
        Closest c = v.closest();
        String s = c.kind().label();
        if (c.call() != null) {
            s += " " + c.call().toolUseId();
        }
        return switch (c.kind()) {
            case SHARES_LINES -> s + " " + c.shared() + "/" + c.of();
            case PART_OF -> s + " @" + c.at();
            case NO_SHARED_LINE -> s + " " + c.compared();
            default -> s;
        };
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("a turn without programs", "make test", List.of(), "no-program-call"),
                Arguments.of("one trailing space", "ls -la ", List.of("ls -la"), "no-shared-line 1"),
                Arguments.of("a final line end", "make lint", List.of("make lint\n"), "line-endings c1"),
                Arguments.of("CRLF for LF", "a\r\nb", List.of("a\nb"), "line-endings c1"),
                Arguments.of("whole lines from the middle", "b\nc", List.of("a\nb\nc\nd"), "part-of c1 @2"),
                Arguments.of("the first line", "a", List.of("a\nb"), "part-of c1 @1"),
                Arguments.of("blank lines belong to the run", "b\n\nc", List.of("a\nb\nc"), "shares-lines c1 2/2"),
                Arguments.of("a part of one line is not part-of", "pytest -q", List.of("cd app && pytest -q"),
                        "no-shared-line 1"),
                Arguments.of("lines out of order share, are no run", "c\nb", List.of("a\nb\nc"), "shares-lines c1 2/2"),
                Arguments.of("the most shared lines win", "x\ny\nz", List.of("x\ny\nq", "x\nq"), "shares-lines c1 2/3"),
                Arguments.of("a tie names the latest", "x\ny", List.of("x\nq", "y\nq"), "shares-lines c2 1/2"),
                Arguments.of("a repeated line counts as often as both hold it", "x\nx\nx", List.of("x\nq"),
                        "shares-lines c1 1/3"),
                Arguments.of("blank lines are never shared", "\n  \nq", List.of("\n  \nz"), "no-shared-line 1"),
                Arguments.of("an empty block shares nothing", "", List.of("ls"), "no-shared-line 1"),
                Arguments.of("line endings before part-of", "a\nb", List.of("a\r\nb", "z\na\nb"), "line-endings c1"),
                Arguments.of("part-of before shares-lines", "a\nb", List.of("a\nb\nc", "a\nq\nb"), "part-of c1 @1"),
                Arguments.of("the latest program the block is part of", "a\nb", List.of("x\na\nb", "a\nb\ny"),
                        "part-of c2 @1"),
                Arguments.of("equal programs are compared once", "x\ny", List.of("x", "x", "x", "z"),
                        "shares-lines c3 1/2"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void aMissedBlockGetsTheFirstExplanationThatHolds(String name, String block, List<String> programs, String expected) {
        BlockVerdict v = judge(block, calls(programs.toArray(String[]::new)), Map.of());
        assertFalse(v.matched(), "an explanation never makes a block matched");
        assertEquals("unmatched", v.label());
        assertEquals(expected, explain(v));
    }

    @Test
    void anEarlierTurnThatRanItComesFirst() {
        Submission earlier = new Submission("e", "Bash", "a\nb", 1, 1, 3, 0, Outcome.OK, null);
        BlockVerdict v = judge("a\nb", calls("a\nb\nc"), Map.of("a\nb", earlier));
        assertEquals("earlier-turn e", explain(v));
        assertEquals(earlier, v.earlierTurnCall());
        assertEquals("earlier-turn e", explain(judge("a\nb", List.of(), Map.of("a\nb", earlier))),
                "even when this turn holds no program");
    }

    @Test
    void onlyABlockNoCallOfItsTurnSubmittedSaysWhatCameClosest() {
        assertNull(judge("ls", calls("ls"), Map.of()).closest(), "a matched block");
        String huge = "x\n".repeat(ScriptMatcher.MAX_SCRIPT_BYTES);
        assertNull(judge(huge, calls("x"), Map.of()).closest(), "an over-size block is never compared");
        SourceSpan at = new SourceSpan(5, 0, 10);
        FencedBlock b = new FencedBlock(1, 0, "x", "", 0, 0, 1, true);
        assertThrows(IllegalArgumentException.class, () -> new BlockVerdict(at, 1, b, null, List.of(),
                UnmatchedReason.NO_SUBMISSION_THIS_TURN, null));
        assertThrows(IllegalArgumentException.class, () -> new BlockVerdict(at, 1, b, null, List.of(),
                UnmatchedReason.OVER_SIZE, Closest.NO_PROGRAM_CALL));
    }

    @Test
    void anOverSizeProgramIsNeverCompared() {
        String huge = "x\n".repeat(ScriptMatcher.MAX_SCRIPT_BYTES);
        assertEquals("no-shared-line 0", explain(judge("x", calls(huge), Map.of())));
    }

    @Test
    void onlyTheLatestDistinctProgramsAreCompared() {
        List<String> programs = new ArrayList<>();
        programs.add("old\nshared");
        for (int i = 0; i < TurnLineIndex.MAX_PROGRAMS; i++) {
            programs.add("p" + i);
        }
        assertEquals("no-shared-line " + TurnLineIndex.MAX_PROGRAMS,
                explain(judge("old\nshared\nmore", calls(programs.toArray(String[]::new)), Map.of())),
                "the oldest program is beyond the bound");
    }

    @Test
    void theSharesLinesDiffShowsWhatTheBlockShowsAndWhatRan() {
        BlockVerdict v = judge("cd /srv\npytest -q tests/unit\necho done", calls("cd /srv\npytest -q tests/\necho done"),
                Map.of());
        assertEquals(List.of(" cd /srv", "-pytest -q tests/unit", "+pytest -q tests/", " echo done"),
                prefixed(v.closestDiff()));
    }

    @Test
    void thePartOfDiffShowsTheRestOfTheProgram() {
        BlockVerdict v = judge("b\nc", calls("a\nb\nc\nd"), Map.of());
        assertEquals(List.of("+a", " b", " c", "+d"), prefixed(v.closestDiff()));
    }

    @Test
    void explanationsWithNothingToShowLineByLineHaveNoDiff() {
        assertEquals(LineDiff.NONE, judge("make lint", calls("make lint\n"), Map.of()).closestDiff());
        assertEquals(LineDiff.NONE, judge("make", List.of(), Map.of()).closestDiff());
    }

    /**
     * A turn shaped like the worst real ones: 10,000 calls of one program and 4,000 blocks that each share a line
     * with it, then 10,000 distinct programs sharing a line. Quadratic memory here (a diff or a count per block and
     * call) would be tens of millions of entries; the index holds one program in the first case and 256 in the second.
     */
    @Test
    void aTurnWithTenThousandCallsAndThousandsOfBlocksStaysLinear() {
        List<Submission> same = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            same.add(call("s" + i, "cd /srv\nmake test", i + 1));
        }
        Map<String, SameProgram> programs = ScriptMatcher.programsOf(same);
        TurnLineIndex index = new TurnLineIndex(same);
        SourceSpan at = new SourceSpan(5, 0, 10);
        Map<String, Integer> kinds = new HashMap<>();
        for (int b = 0; b < 4_000; b++) {
            FencedBlock block = new FencedBlock(1, 0, "cd /srv\nmake test-" + b, "", 0, 0, 2, true);
            BlockVerdict v = ScriptMatcher.judge(at, 1, block, programs, Map.of(), index);
            kinds.merge(explain(v), 1, Integer::sum);
        }
        assertEquals(Map.of("shares-lines s9999 1/2", 4_000), kinds, "the latest of the equal calls is named");

        List<Submission> distinct = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            distinct.add(call("d" + i, "cd /srv\nrun " + i, i + 1));
        }
        TurnLineIndex many = new TurnLineIndex(distinct);
        Map<String, SameProgram> manyPrograms = ScriptMatcher.programsOf(distinct);
        for (int b = 0; b < 4_000; b++) {
            FencedBlock block = new FencedBlock(1, 0, "cd /srv\nrun " + b + " --again", "", 0, 0, 2, true);
            BlockVerdict v = ScriptMatcher.judge(at, 1, block, manyPrograms, Map.of(), many);
            assertEquals("shares-lines d9999 1/2", explain(v), "a tie among the 256 compared names the latest");
        }
    }

    static List<String> prefixed(LineDiff d) {
        return d.lines().stream().map(l -> l.change().prefix() + l.text()).toList();
    }
}

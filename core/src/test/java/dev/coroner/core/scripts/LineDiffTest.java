package dev.coroner.core.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The block-against-program line diff the window shows for a block that shares lines with a program. */
class LineDiffTest {
    static Stream<Arguments> diffs() {
        return Stream.of(
                Arguments.of("a\nb", "a\nb", List.of(" a", " b")),
                Arguments.of("a\nx\nc", "a\nb\nc", List.of(" a", "-x", "+b", " c")),
                Arguments.of("b", "a\nb\nc", List.of("+a", " b", "+c")),
                Arguments.of("a\nb\nc", "b", List.of("-a", " b", "-c")),
                Arguments.of("", "a", List.of("+a")),
                Arguments.of("a\r\nb", "a\nb\n", List.of(" a", " b")),
                Arguments.of("c\nb\na", "a\nb\nc", List.of("-c", "-b", " a", "+b", "+c")));
    }

    @ParameterizedTest(name = "{0} vs {1}")
    @MethodSource("diffs")
    void blockLinesAreMinusProgramLinesArePlusSharedLinesAreSpace(String block, String program, List<String> expected) {
        LineDiff d = LineDiff.of(block, program);
        assertEquals(expected, ClosestTest.prefixed(d));
        assertTrue(d.minimal() && d.compared());
    }

    @Test
    void keepingTheSharedAndMinusLinesGivesTheBlockAndSharedAndPlusTheProgram() {
        String block = "set -e\ncd /srv\nmake build\nmake check\necho ok\nexit 0";
        String program = "cd /srv\nmake build\nmake test\nmake check\necho done\nexit 0\n";
        LineDiff d = LineDiff.of(block, program);
        assertEquals(ProgramLines.of(block), d.lines().stream().filter(l -> l.change() != LineDiff.Change.PROGRAM_ONLY)
                .map(LineDiff.Line::text).toList());
        assertEquals(ProgramLines.of(program), d.lines().stream().filter(l -> l.change() != LineDiff.Change.BLOCK_ONLY)
                .map(LineDiff.Line::text).toList());
        assertEquals(4, d.count(LineDiff.Change.SAME), "the longest run of shared lines in order");
    }

    @Test
    void beyondTheEditBoundTheMiddleIsShownWholeAndSaidSo() {
        StringBuilder a = new StringBuilder("head\n");
        StringBuilder b = new StringBuilder("head\n");
        for (int i = 0; i < LineDiff.MAX_EDITS; i++) {
            a.append("a").append(i).append('\n');
            b.append("b").append(i).append('\n');
        }
        LineDiff d = LineDiff.of(a + "tail", b + "tail");
        assertFalse(d.minimal());
        assertEquals(" head", ClosestTest.prefixed(d).get(0));
        assertEquals("-a0", ClosestTest.prefixed(d).get(1));
        assertEquals("+b0", ClosestTest.prefixed(d).get(1 + LineDiff.MAX_EDITS));
        assertEquals(" tail", ClosestTest.prefixed(d).get(d.lines().size() - 1));
    }

    @Test
    void anOverSizeTextIsNotDiffed() {
        LineDiff d = LineDiff.of("x", "y".repeat(ScriptMatcher.MAX_SCRIPT_BYTES + 1));
        assertFalse(d.compared());
        assertTrue(d.lines().isEmpty());
    }
}

package dev.coroner.core.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The alignment of two call sequences on hand-made keys (docs/COMPARE.md, "Alignment"). A call is written
 * "Tool:input"; each row of the expected diff is "op a b" with the calls' indexes ("-" for none).
 */
class AlignmentTest {

    private static List<CallKey> keys(String... calls) {
        List<CallKey> out = new ArrayList<>();
        for (String c : calls) {
            int colon = c.indexOf(':');
            String tool = c.substring(0, colon);
            String family = tool.equals("Bash") || tool.equals("exec_command") ? CallKeys.COMMAND : tool;
            out.add(new CallKey(tool, family, c.substring(colon + 1)));
        }
        return out;
    }

    private static List<String> rows(List<CallKey> a, List<CallKey> b) {
        Alignment al = Alignment.of(a, b);
        List<String> out = new ArrayList<>();
        for (int r = 0; r < al.size(); r++) {
            out.add(al.op(r).json() + " " + (al.a(r) < 0 ? "-" : al.a(r)) + " " + (al.b(r) < 0 ? "-" : al.b(r)));
        }
        return out;
    }

    @Test
    void identicalRunsAreSameRowForRowWithNoDivergence() {
        List<CallKey> run = keys("Read:a.py", "Bash:pytest", "Edit:a.py#1", "Bash:pytest");
        assertEquals(List.of("same 0 0", "same 1 1", "same 2 2", "same 3 3"), rows(run, run));
        assertEquals(-1, Alignment.of(run, run).firstDivergence());
    }

    @Test
    void oneInsertedCallIsOnlyBAndTheFirstDivergence() {
        Alignment al = Alignment.of(keys("Read:a.py", "Bash:pytest", "Edit:a.py#1"),
                keys("Read:a.py", "Grep:TODO", "Bash:pytest", "Edit:a.py#1"));
        assertEquals(List.of("same 0 0", "only_b - 1", "same 1 2", "same 2 3"),
                rows(keys("Read:a.py", "Bash:pytest", "Edit:a.py#1"),
                        keys("Read:a.py", "Grep:TODO", "Bash:pytest", "Edit:a.py#1")));
        assertEquals(1, al.firstDivergence());
    }

    @Test
    void oneChangedInputOfTheSameToolIsChangedNotADeleteAndAnInsert() {
        assertEquals(List.of("same 0 0", "changed 1 1", "same 2 2"),
                rows(keys("Read:a.py", "Bash:pytest -q", "Edit:a.py#1"), keys("Read:a.py", "Bash:pytest -x", "Edit:a.py#1")));
    }

    @Test
    void aChangeOfToolIsAnOnlyAThenAnOnlyB() {
        assertEquals(List.of("same 0 0", "only_a 1 -", "only_b - 1", "same 2 2"),
                rows(keys("Read:a.py", "Grep:TODO", "Edit:a.py#1"), keys("Read:a.py", "Glob:*.py", "Edit:a.py#1")));
    }

    @Test
    void insideAGapCallsOfTheSameToolPairInOrderAndTheRestStandBeside() {
        // the gap holds A: Read b, Bash x and B: Grep y, Read c, Bash z: Read and Bash changed, Grep only in B
        assertEquals(List.of("same 0 0", "only_b - 1", "changed 1 2", "changed 2 3", "same 3 4"),
                rows(keys("Read:a.py", "Read:b.py", "Bash:x", "Edit:e#1"),
                        keys("Read:a.py", "Grep:y", "Read:c.py", "Bash:z", "Edit:e#1")));
    }

    @Test
    void reorderedBlocksKeepTheLongerBlockAndMoveTheOther() {
        // A: block P (3 calls) then block Q (2 calls); B: Q then P. The longest common subsequence keeps P.
        List<CallKey> a = keys("Read:p1", "Bash:p2", "Edit:p3", "Glob:q1", "Grep:q2");
        List<CallKey> b = keys("Glob:q1", "Grep:q2", "Read:p1", "Bash:p2", "Edit:p3");
        assertEquals(List.of("only_b - 0", "only_b - 1", "same 0 2", "same 1 3", "same 2 4", "only_a 3 -", "only_a 4 -"),
                rows(a, b));
    }

    @Test
    void oneSideEmptyIsAllOnlyTheOtherSide() {
        List<CallKey> run = keys("Read:a.py", "Bash:pytest");
        assertEquals(List.of("only_a 0 -", "only_a 1 -"), rows(run, List.of()));
        assertEquals(List.of("only_b - 0", "only_b - 1"), rows(List.of(), run));
        assertEquals(List.of(), rows(List.of(), List.of()));
        assertEquals(0, Alignment.of(List.of(), run).firstDivergence());
    }

    @Test
    void aClaudeCodeBashAndACodexExecCommandOfOneCommandAreTheSameCall() {
        assertEquals(List.of("same 0 0", "changed 1 1"),
                rows(keys("Bash:ls config", "Bash:pytest -q"), keys("exec_command:ls config", "exec_command:pytest")));
    }
}

package dev.coroner.core.precursor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Every gated call's verdict comes with its evidence: what satisfied it, what came before it, what exempted it. */
class PrecursorExplanationTest {
    private static final PrecursorGrammar GRAMMAR = GrammarLoader.parse("""
            [precursor.requires]
            Edit = ["Read"]
            Write = "Read"
            [precursor.aliases]
            Read = ["View"]
            [coroner.precursor]
            created_file = ["Write"]
            own_write = ["Write"]
            """).grammar();

    /** Calls: 0 Edit (nothing yet), 1 Glob, 2 Bash, 3 Edit (refuted), 4 View, 5 Edit (attested by the alias), 6 Grep. */
    private static CallStream stream() {
        CallStreamBuilder b = new CallStreamBuilder();
        long line = 1;
        String[] tools = {"Edit", "Glob", "Bash", "Edit", "View", "Edit", "Grep", "Glob"};
        for (int i = 0; i < tools.length; i++) {
            b.record(line, line * 100, 99, "m" + i);
            int c = b.toolUse("t" + i, tools[i], null);
            line++;
            b.record(line, line * 100, 99, null);
            b.answered(c);
            line++;
        }
        return b.build();
    }

    @Test
    void noSignalSaysNothingHadReturned() {
        PrecursorExplanation e = PrecursorGate.explain(GRAMMAR, stream(), 0);
        assertEquals(PrecursorStance.NO_SIGNAL, e.stance());
        assertEquals("NO_SIGNAL: nothing had returned a result before this call, so no lookup could have fired yet",
                e.sentence());
    }

    @Test
    void refutedListsWhatHadReturnedBeforeIt() {
        PrecursorExplanation e = PrecursorGate.explain(GRAMMAR, stream(), 3);
        assertEquals(PrecursorStance.REFUTED, e.stance());
        assertEquals(List.of("Edit", "Glob", "Bash"), e.returnedBefore());
        assertEquals("REFUTED: none of Read or View had returned a result; before it, 3 results had come in, from Edit,"
                + " Glob and Bash", e.sentence());
    }

    @Test
    void attestedNamesTheResultThatSatisfiedItAndTheAliasItCountedAs() {
        PrecursorExplanation e = PrecursorGate.explain(GRAMMAR, stream(), 5);
        assertEquals(PrecursorStance.ATTESTED, e.stance());
        assertEquals(9, e.satisfiedBy().line());
        assertEquals("view", e.satisfiedName());
        assertEquals("read", e.aliasOf());
        assertEquals("ATTESTED by View (the call at line 9), an alias of Read: its result came in before this call",
                e.sentence());
    }

    @Test
    void anUngatedCallSaysNoRuleNamesIt() {
        PrecursorExplanation e = PrecursorGate.explain(GRAMMAR, stream(), 6);
        assertFalse(e.gated());
        assertEquals("not gated: no rule names Grep", e.sentence());
    }

    @Test
    void exemptSaysWhichExemptionAndTheEarlierWriteItCountedAsTheLookup() {
        CallStreamBuilder b = new CallStreamBuilder();
        b.record(1, 100, 99, "a");
        int glob = b.toolUse("g", "Glob", null);
        b.record(2, 200, 99, null);
        b.answered(glob);
        b.record(3, 300, 99, "b");
        int write = b.toolUse("w", "Write", "/x.py");
        b.record(4, 400, 99, null);
        b.answered(write, false, true);
        b.record(5, 500, 99, "c");
        int again = b.toolUse("w2", "Write", "/x.py");
        b.record(6, 600, 99, null);
        b.answered(again, false, false);
        CallStream s = b.build();
        PrecursorExplanation created = PrecursorGate.explain(GRAMMAR, s, write);
        assertEquals(PrecursorStance.EXEMPT, created.stance());
        assertNull(created.exemptBy());
        assertEquals("EXEMPT by created_file in [coroner.precursor]: its result says it created the file, so there was"
                + " nothing to look up", created.sentence());
        PrecursorExplanation own = PrecursorGate.explain(GRAMMAR, s, again);
        assertEquals(PrecursorExemption.OWN_WRITE, own.verdict().exemption());
        assertEquals(3, own.exemptBy().line());
        assertEquals("EXEMPT by own_write in [coroner.precursor]: Write of the same file_path (the call at line 3) had"
                + " succeeded before, so it counts as the lookup", own.sentence());
    }
}

package dev.coroner.core.precursor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PrecursorGateTest {
    private static final String EDIT_NEEDS_READ = "[precursor.requires]\nEdit = \"Read\"\n";

    private static PrecursorGrammar grammar(String toml) {
        GrammarResult r = GrammarLoader.parse(toml);
        assertTrue(r.ok(), r.errors()::toString);
        return r.grammar();
    }

    /** One answered call per earlier tool, each in its own message, then {@code last} unanswered. */
    private static CallStream run(List<String> earlier, String last) {
        StreamBuilder b = new StreamBuilder();
        int line = 1;
        for (String tool : earlier) {
            b.record(line++, "msg_" + line);
            b.toolUse("id" + line, tool);
            b.record(line++, null);
            b.toolResult("id" + (line - 1));
        }
        b.record(line, "msg_last");
        b.toolUse("last", last);
        return b.build();
    }

    private static PrecursorVerdict lastVerdict(PrecursorGrammar g, CallStream s) {
        return PrecursorGate.judge(g, s, s.size() - 1);
    }

    @Test
    void theLadderTopToBottom() {
        PrecursorGrammar g = grammar(EDIT_NEEDS_READ);
        PrecursorVerdict undeclared = lastVerdict(g, run(List.of("Read"), "Bash"));
        assertEquals(PrecursorStance.NO_SIGNAL, undeclared.stance());
        assertEquals(List.of(), undeclared.required());
        assertTrue(undeclared.reason().contains("not gated"));

        PrecursorVerdict first = lastVerdict(g, run(List.of(), "Edit"));
        assertEquals(PrecursorStance.NO_SIGNAL, first.stance());
        assertEquals(List.of("read"), first.required());
        assertTrue(first.reason().contains("no lookup could have fired yet"));

        PrecursorVerdict attested = lastVerdict(g, run(List.of("Grep", "Read"), "Edit"));
        assertEquals(PrecursorStance.ATTESTED, attested.stance());
        assertEquals(List.of("read"), attested.present());
        assertTrue(attested.reason().contains("Read returned a result before this call"), attested.reason());

        PrecursorVerdict refuted = lastVerdict(g, run(List.of("Grep", "Bash"), "Edit"));
        assertEquals(PrecursorStance.REFUTED, refuted.stance());
        assertEquals(List.of(), refuted.present());
        assertTrue(refuted.reason().contains("none from Read:"), refuted.reason());
    }

    @Test
    void anyOneRequiredNameIsEnoughAndPresentNamesWhichFired() {
        PrecursorGrammar g = grammar("[precursor.requires]\ncancel_order = [\"get_user_details\", \"get_order_details\"]\n"
                + "[precursor.aliases]\nget_order_details = \"find-order\"\n");
        PrecursorVerdict v = lastVerdict(g, run(List.of("Find.Order", "think", "GET_USER_DETAILS"), "Cancel-Order"));
        assertEquals(PrecursorStance.ATTESTED, v.stance());
        assertEquals(List.of("find_order", "get_order_details", "get_user_details"), v.required());
        assertEquals(List.of("find_order", "get_user_details"), v.present());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # [precursor.requires] of Edit, then any [precursor.aliases] (/ for a line feed) | REFUTED names        | ATTESTED by
            Edit = ["Read", "NotebookRead"]                                          | Read or NotebookRead | NotebookRead
            Edit = ["NotebookRead", "Read"]                                          | NotebookRead or Read | NotebookRead
            Edit = "Read" / [precursor.aliases] / Read = ["NotebookRead"]            | Read or NotebookRead | NotebookRead
            Edit = ["Read", "read", "NotebookRead"]                                  | Read or NotebookRead | NotebookRead
            Edit = ["Read"] / [precursor.aliases] / read = "NOTEBOOKREAD"            | Read or NOTEBOOKREAD | NOTEBOOKREAD
            """)
    void reasonsNameTheLookupsAsTheGrammarSpellsThemWhileMatchingStaysCanonical(String rules, String refutedNames,
                                                                               String attestedBy) {
        PrecursorGrammar g = grammar("[precursor.requires]\n" + rules.replace(" / ", "\n") + "\n");
        PrecursorVerdict refuted = lastVerdict(g, run(List.of("Bash"), "edit"));
        assertEquals(PrecursorStance.REFUTED, refuted.stance());
        assertEquals("results had come in, but none from " + refutedNames
                + ": the mandated lookup had not fired before this call", refuted.reason());
        // the JSON fields stay the reference's: canonical, sorted by code point
        assertEquals(List.of("notebookread", "read"), refuted.required());
        assertEquals("WARN: edit was called before " + refutedNames + " returned a result; check that the mandated lookup"
                + " ran", PrecursorGate.intervention(g, refuted).orElseThrow().message());
        assertEquals("REFUTED: none of " + refutedNames + " had returned a result; before it, 1 result had come in, from"
                + " Bash", PrecursorGate.explain(g, run(List.of("Bash"), "edit"), 1).sentence());

        PrecursorVerdict attested = lastVerdict(g, run(List.of("notebookread"), "Edit"));
        assertEquals(PrecursorStance.ATTESTED, attested.stance());
        assertEquals("a mandated lookup fired first: " + attestedBy + " returned a result before this call",
                attested.reason());
        assertEquals(List.of("notebookread"), attested.present());
    }

    @Test
    void aliasesAreNotTransitive() {
        // View counts as Read; Cat is an alias of View, which no rule requires, so Cat counts for nothing here.
        PrecursorGrammar g = grammar("[precursor.requires]\nEdit = \"Read\"\nWrite = \"View\"\n"
                + "[precursor.aliases]\nRead = \"View\"\nView = \"Cat\"\n");
        assertEquals(PrecursorStance.REFUTED, lastVerdict(g, run(List.of("Cat"), "Edit")).stance());
        assertEquals(PrecursorStance.ATTESTED, lastVerdict(g, run(List.of("View"), "Edit")).stance());
    }

    @ParameterizedTest(name = "case_sensitive={0}: {1} then {2} → {3}")
    @CsvSource({
            // Ours keeps the declared spelling: `Read` matches `Read`. The reference folded the grammar at load,
            // so with case_sensitive on it matched `read` and never `Read` (docs/VERDICTS.md, "Precursor gate").
            "true,  Read, Edit, ATTESTED",
            "true,  read, Edit, REFUTED",
            "true,  READ, Edit, REFUTED",
            "true,  Read, edit, NO_SIGNAL",
            "false, Read, Edit, ATTESTED",
            "false, read, Edit, ATTESTED",
            "false, READ, edit, ATTESTED",
            "false, Reads, Edit, REFUTED"
    })
    void caseSensitivityWorksWithTheDeclaredSpelling(boolean caseSensitive, String lookup, String mutation,
                                                     PrecursorStance expected) {
        PrecursorGrammar g = grammar("[precursor]\ncase_sensitive = " + caseSensitive + "\n" + EDIT_NEEDS_READ);
        assertEquals(expected, lastVerdict(g, run(List.of("Grep", lookup), mutation)).stance());
    }

    @Test
    void caseSensitivePresentKeepsTheSpelling() {
        PrecursorGrammar g = grammar("[precursor]\ncase_sensitive = true\n[precursor.requires]\nEdit = \"Read\"\n"
                + "[precursor.aliases]\nRead = \"Notebook-Read\"\n");
        PrecursorVerdict v = lastVerdict(g, run(List.of("Notebook.Read"), "Edit"));
        assertEquals(List.of("Notebook_Read", "Read"), v.required());
        assertEquals(List.of("Notebook_Read"), v.present());
    }

    @Test
    void theEmptyGrammarJudgesNothing() {
        CallStream s = run(List.of("Read", "Bash"), "Edit");
        assertEquals(List.of(), PrecursorGate.evaluate(PrecursorGrammar.EMPTY, s));
        for (int i = 0; i < s.size(); i++) {
            assertEquals(PrecursorStance.NO_SIGNAL, PrecursorGate.judge(PrecursorGrammar.EMPTY, s, i).stance());
        }
    }

    @Test
    void evaluateGivesOneVerdictPerGatedCallInFileOrder() {
        StreamBuilder b = new StreamBuilder();
        b.record(1, "m1");
        b.toolUse("1", "Edit"); // first call: NO_SIGNAL
        b.record(2, null);
        b.toolResult("1");
        b.record(3, "m2");
        b.toolUse("2", "Bash"); // not gated: no verdict
        b.record(4, null);
        b.toolResult("2");
        b.record(5, "m3");
        b.toolUse("3", "Edit"); // REFUTED
        b.record(6, null);
        b.toolResult("3");
        b.record(7, "m4");
        b.toolUse("4", "Read");
        b.record(8, null);
        b.toolResult("4");
        b.record(9, "m5");
        b.toolUse("5", "EDIT"); // ATTESTED
        List<PrecursorVerdict> v = PrecursorGate.evaluate(grammar(EDIT_NEEDS_READ), b.build());
        assertEquals(List.of("1 NO_SIGNAL", "5 REFUTED", "9 ATTESTED"),
                v.stream().map(x -> x.call().line() + " " + x.stance()).toList());
    }

    @Test
    void onlyRefutedWarnsAndTheWarningIsTheOnlyIntervention() {
        PrecursorGrammar g = grammar("[precursor.requires]\nEdit = [\"Read\", \"Grep\"]\n");
        PrecursorVerdict refuted = lastVerdict(g, run(List.of("Bash"), "Edit"));
        Optional<PrecursorWarning> w = PrecursorGate.intervention(g, refuted);
        assertTrue(refuted.warns());
        assertTrue(w.isPresent());
        assertEquals(List.of("Read", "Grep"), w.get().missing());
        assertEquals("WARN: Edit was called before Read or Grep returned a result; check that the mandated lookup ran",
                w.get().message());
        assertFalse(PrecursorGate.intervention(g, lastVerdict(g, run(List.of("Read"), "Edit"))).isPresent());
        assertFalse(PrecursorGate.intervention(g, lastVerdict(g, run(List.of(), "Edit"))).isPresent());
        assertFalse(PrecursorGate.intervention(g, lastVerdict(g, run(List.of("Bash"), "Write"))).isPresent());
    }

    @Test
    void aRequiredNameThatFiredOnlyAfterTheCallDoesNotCount() {
        StreamBuilder b = new StreamBuilder();
        b.record(1, "m1");
        b.toolUse("g", "Grep");
        b.record(2, null);
        b.toolResult("g");
        b.record(3, "m2");
        b.toolUse("e", "Edit");
        b.record(4, null);
        b.toolResult("e");
        b.record(5, "m3");
        b.toolUse("r", "Read");
        b.record(6, null);
        b.toolResult("r");
        CallStream s = b.build();
        assertEquals(PrecursorStance.REFUTED, PrecursorGate.judge(grammar(EDIT_NEEDS_READ), s, 1).stance());
    }
}

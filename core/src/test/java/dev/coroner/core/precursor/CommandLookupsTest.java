package dev.coroner.core.precursor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.fixtures.Fixtures;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code [precursor.commands]}: shell commands that count as a lookup for the gate (docs/VERDICTS.md, "Command
 * lookups"), for a Claude Code {@code Bash} call and a Codex {@code exec_command}/{@code shell} call alike.
 */
class CommandLookupsTest {
    private static final String TEXT = """
            [precursor.requires]
            Edit = ["Read"]
            apply_patch = "Read"

            [precursor.commands]
            Read = ["cat", "sed -n", "nl", "head", "tail", "rg"]
            """;
    private static final PrecursorGrammar GRAMMAR = GrammarLoader.parse(TEXT).grammar();
    private static final PrecursorGrammar NO_COMMANDS = GrammarLoader.parse("""
            [precursor.requires]
            Edit = ["Read"]
            apply_patch = "Read"
            """).grammar();

    @Test
    void theTableIsLoadedAsDeclaredAndAStringIsOnePrefix() {
        assertEquals(Map.of("Read", List.of("cat", "sed -n", "nl", "head", "tail", "rg")), GRAMMAR.commands());
        PrecursorGrammar one = GrammarLoader.parse("[precursor.requires]\nEdit = \"Read\"\n[precursor.commands]\nRead = \"cat\"\n").grammar();
        assertEquals(List.of("read"), one.commandLookups("cat a.py"));
        assertEquals(Map.of(), NO_COMMANDS.commands());
        assertEquals(List.of(), NO_COMMANDS.commandLookups("cat a.py"));
    }

    @Test
    void dottedKeysAndInlineTablesAreTheSameTable() {
        PrecursorGrammar dotted = GrammarLoader.parse("[precursor]\nrequires.Edit = \"Read\"\ncommands.Read = [\"cat\"]\n").grammar();
        PrecursorGrammar inline = GrammarLoader.parse("[precursor]\nrequires = { Edit = \"Read\" }\ncommands = { Read = [\"cat\"] }\n").grammar();
        assertEquals(List.of("read"), dotted.commandLookups("cat x"));
        assertEquals(List.of("read"), inline.commandLookups("cat x"));
    }

    @Test
    void aLookupNamedByAnAliasOrInAnotherCaseCountsAsTheNameItCanonicalisesTo() {
        PrecursorGrammar g = GrammarLoader.parse("""
                [precursor.requires]
                Edit = ["Read"]
                [precursor.aliases]
                Read = ["View"]
                [precursor.commands]
                view = ["less"]
                """).grammar();
        assertEquals(List.of("view"), g.commandLookups("less a.txt"));
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiter = '¦', quoteCharacter = '\u0000', textBlock = """
            cat src/app.py                                            ¦ read
            cat                                                       ¦ read
            catalog list                                              ¦ -
            /bin/cat a                                                ¦ -
            sed -n '1,80p' a.go                                       ¦ read
            sed -i 's/a/b/' a.go                                      ¦ -
            sed '1,80p' a.go                                          ¦ -
            nl -ba a.go | sed -n '1,80p'                              ¦ read
            cat a | grep b                                            ¦ -
            cat a && rm b                                             ¦ -
            cat a > b                                                 ¦ -
            cat a 2>/dev/null                                         ¦ read
            cd /repo && cat README.md                                 ¦ read
            LC_ALL=C head -n 5 a.txt                                  ¦ read
            bash -lc "sed -n '1,40p' x.rs"                            ¦ read
            bash -lc 'cd /repo && rg -n TODO src | head -20'          ¦ read
            bash -lc 'cat a; python3 b.py'                            ¦ -
            cat "$(git rev-parse --show-toplevel)/a"                  ¦ -
            cd /repo                                                  ¦ -
            """)
    void aCommandCountsOnlyWhenEveryCommandItRunsBeginsWithAPrefixOnAWordBoundary(String command, String lookups) {
        List<String> expected = lookups.equals("-") ? List.of() : List.of(lookups.split(","));
        assertEquals(expected, GRAMMAR.commandLookups(command));
    }

    @Test
    void aCommandOfSeveralLookupsCountsAsEachOfThem() {
        PrecursorGrammar g = GrammarLoader.parse("""
                [precursor.requires]
                Edit = ["Read", "Search"]
                [precursor.commands]
                Read = ["cat"]
                Search = ["rg", "grep"]
                """).grammar();
        assertEquals(List.of("read", "search"), g.commandLookups("cat a && rg b"));
        assertEquals(List.of("read", "search"), g.commandLookups("cat a | grep b"));
    }

    /** Calls as (tool, command) pairs, each answered in the record after it; returns the stream. */
    private static CallStream stream(String[]... calls) {
        CallStreamBuilder b = new CallStreamBuilder();
        long line = 1;
        for (int i = 0; i < calls.length; i++) {
            b.record(line, line * 100, 99, "m" + i);
            int c = b.toolUse("t" + i, calls[i][0], null, calls[i].length > 1 ? calls[i][1] : null);
            line++;
            b.record(line, line * 100, 99, null);
            b.answered(c);
            line++;
        }
        return b.build();
    }

    @Test
    void aBashCatBeforeAnEditAttestsItAndTheReasonNamesTheCommand() {
        CallStream s = stream(new String[] {"Bash", "ls"}, new String[] {"Bash", "cat src/app.py"},
                new String[] {"Edit"});
        PrecursorVerdict v = PrecursorGate.judge(GRAMMAR, s, 2);
        assertEquals(PrecursorStance.ATTESTED, v.stance());
        assertEquals(List.of("read"), v.present());
        assertEquals("a mandated lookup fired first: Read by `cat src/app.py` (the Bash call at line 3) returned a"
                + " result before this call", v.reason());
        // the same stream without the table: nothing the agent ran counts, as before
        assertEquals(PrecursorStance.REFUTED, PrecursorGate.judge(NO_COMMANDS, s, 2).stance());
    }

    @Test
    void aCodexPatchAfterASedIsAttestedAndAfterAnLsOrAWriteIsRefuted() {
        CallStream s = stream(new String[] {"exec_command", "ls -la"}, new String[] {"apply_patch"},
                new String[] {"exec_command", "bash -lc \"cat > notes.md <<'EOF'\nhi\nEOF\""}, new String[] {"apply_patch"},
                new String[] {"shell", "cd /repo && sed -n '1,200p' src/lib.rs"}, new String[] {"apply_patch"});
        List<PrecursorVerdict> verdicts = PrecursorGate.evaluate(GRAMMAR, s);
        assertEquals(List.of(PrecursorStance.REFUTED, PrecursorStance.REFUTED, PrecursorStance.ATTESTED),
                verdicts.stream().map(PrecursorVerdict::stance).toList());
        assertTrue(verdicts.get(2).reason().contains("Read by `cd /repo && sed -n '1,200p' src/lib.rs` (the shell call at line 9)"),
                verdicts.get(2).reason());
    }

    @Test
    void aCommandWhoseResultCameOnlyAfterTheCallDoesNotCount() {
        CallStreamBuilder b = new CallStreamBuilder();
        b.record(1, 0, 10, "m1");
        int cat = b.toolUse("t1", "Bash", null, "cat a");
        b.record(2, 10, 10, "m2");
        b.toolUse("t2", "Edit", null, null);
        b.record(3, 20, 10, null);
        b.answered(cat);
        CallStream s = b.build();
        // the Edit saw no result at all: NO_SIGNAL, never ATTESTED by a cat that answered later
        assertEquals(PrecursorStance.NO_SIGNAL, PrecursorGate.judge(GRAMMAR, s, 1).stance());
    }

    @Test
    void aCallTheHarnessRefusedIsNeverAttestedByACommandButStillByALookupTool() {
        CallStreamBuilder b = new CallStreamBuilder();
        b.record(1, 0, 10, "m1");
        int cat = b.toolUse("t1", "Bash", null, "cat a.py");
        b.record(2, 10, 10, null);
        b.answered(cat);
        b.record(3, 20, 10, "m2");
        int edit = b.toolUse("t2", "Edit", "/b.py", null);
        b.record(4, 30, 10, null);
        b.answered(edit, true, false); // "File has not been read yet"
        CallStream s = b.build();
        PrecursorVerdict v = PrecursorGate.judge(GRAMMAR, s, 1);
        assertEquals(PrecursorStance.REFUTED, v.stance());
        assertEquals(List.of(), v.present());
        assertEquals("only a command had counted as Read: Read by `cat a.py` (the Bash call at line 1), and this call's"
                + " own result failed: a command lookup never attests a call the harness refused (such as \"File has not"
                + " been read yet\")", v.reason());
        assertTrue(v.warns());
        PrecursorExplanation e = PrecursorGate.explain(GRAMMAR, s, 1);
        assertEquals("cat a.py", e.command());
        assertEquals("REFUTED: " + v.reason(), e.sentence());
        // a call whose result never came (the run ended first) was refused by nobody: the command attests it
        CallStreamBuilder open = new CallStreamBuilder();
        open.record(1, 0, 10, "m1");
        int catCall = open.toolUse("t1", "Bash", null, "cat a.py");
        open.record(2, 10, 10, null);
        open.answered(catCall);
        open.record(3, 20, 10, "m2");
        open.toolUse("t2", "apply_patch", "/b.py", null);
        assertEquals(PrecursorStance.ATTESTED, PrecursorGate.judge(GRAMMAR, open.build(), 1).stance());
        // the reference ladder is kept for lookup tools: a Read before a refused Edit attests it, as it always did
        CallStreamBuilder r = new CallStreamBuilder();
        r.record(1, 0, 10, "m1");
        int readCall = r.toolUse("t1", "Read", "/a.py", null);
        r.record(2, 10, 10, null);
        r.answered(readCall);
        r.record(3, 20, 10, "m2");
        int refusedEdit = r.toolUse("t2", "Edit", "/b.py", null);
        r.record(4, 30, 10, null);
        r.answered(refusedEdit, true, false);
        assertEquals(PrecursorStance.ATTESTED, PrecursorGate.judge(GRAMMAR, r.build(), 1).stance());
    }

    @Test
    void whenALookupToolAnsweredTheReasonIsTheToolsAsBefore() {
        CallStream s = stream(new String[] {"Read"}, new String[] {"Bash", "cat a"}, new String[] {"Edit"});
        PrecursorVerdict v = PrecursorGate.judge(GRAMMAR, s, 2);
        assertEquals(PrecursorStance.ATTESTED, v.stance());
        assertEquals("a mandated lookup fired first: Read returned a result before this call", v.reason());
        assertNull(PrecursorGate.attestingCommand(GRAMMAR, s, 2));
    }

    @Test
    void theExplanationNamesTheCommandThatMadeTheCallALookup() {
        CallStream s = stream(new String[] {"Bash", "cat src/app.py"}, new String[] {"Bash", "pytest -q"},
                new String[] {"Edit"});
        PrecursorExplanation e = PrecursorGate.explain(GRAMMAR, s, 2);
        assertEquals(PrecursorStance.ATTESTED, e.stance());
        assertEquals("cat src/app.py", e.command());
        assertEquals(1, e.satisfiedBy().line());
        assertEquals("read", e.satisfiedName());
        assertEquals("ATTESTED: Read by `cat src/app.py` (the Bash call at line 1, a command [precursor.commands] counts"
                + " as Read): its result came in before this call", e.sentence());
        assertEquals("cat src/app.py", PrecursorGate.attestingCommand(GRAMMAR, s, 2));
    }

    @Test
    void aLongCommandIsCutInTheReasonAndKeptWholeInTheExplanation() {
        String longRead = "cat " + "a/".repeat(300) + "x.py";
        CallStream s = stream(new String[] {"Bash", longRead}, new String[] {"Edit"});
        assertTrue(PrecursorGate.judge(GRAMMAR, s, 1).reason().contains("`" + longRead.substring(0, 200) + "…`"));
        assertEquals(longRead, PrecursorGate.explain(GRAMMAR, s, 1).command());
    }

    @Test
    void theProposersGrammarKeepsTheCommands() {
        PrecursorGrammar widened = GRAMMAR.withPrecursor("Write", "Read");
        assertEquals(GRAMMAR.commands(), widened.commands());
        CallStream s = stream(new String[] {"Bash", "cat a"}, new String[] {"Write"});
        assertEquals(PrecursorStance.ATTESTED, PrecursorGate.judge(widened, s, 1).stance());
    }

    @Test
    void aGrammarWithCommandsIsSavedInPlaceAndAProposedRuleGoesUnderRequires() {
        byte[] file = (TEXT + "\n[coroner.precursor]\nown_write = [\"apply_patch\"]\n").getBytes(StandardCharsets.UTF_8);
        GrammarTableText.Replaced same = GrammarTableText.replacePrecursor(file, GrammarTableText.precursorText(file));
        assertEquals(new String(file, StandardCharsets.UTF_8), new String(same.bytes(), StandardCharsets.UTF_8));
        ProposalText.Edit e = ProposalText.addLookup(TEXT, "Write", "Read");
        assertTrue(e.ok(), e::problem);
        assertTrue(e.text().contains("apply_patch = \"Read\"\nWrite = [\"Read\"]\n\n[precursor.commands]"), e.text());
        PrecursorGrammar g = GrammarLoader.parse(e.text()).grammar();
        assertEquals(GRAMMAR.commands(), g.commands());
    }

    @Test
    void theDidYouMeanFixOfAMisspeltLookupGivesAGrammarThatLoads() {
        String text = "[precursor.requires]\nEdit = [\"Read\"]\n[precursor.commands]\nRaed = [\"cat\"]\n";
        GrammarError unused = GrammarLoader.parse(text).errors().get(0);
        assertEquals(GrammarError.Kind.UNUSED_COMMANDS, unused.kind());
        String fixed = GrammarEdits.fix(text, unused).orElseThrow().apply(text);
        assertEquals(text.replace("Raed", "Read"), fixed);
        assertEquals(List.of("read"), GrammarLoader.parse(fixed).grammar().commandLookups("cat x"));
    }

    @Test
    void theBundledGrammarsBothNameTheReadCommands() {
        for (String name : List.of("claude-code.toml", "codex.toml")) {
            GrammarResult r = GrammarLoader.load(Fixtures.path("precursor/" + name));
            assertTrue(r.ok(), () -> name + " " + r.errors());
            assertEquals(List.of("cat", "sed -n", "nl", "head", "tail", "rg"), r.grammar().commands().get("Read"), name);
        }
        PrecursorGrammar codex = GrammarLoader.load(Fixtures.path("precursor/codex.toml")).grammar();
        assertEquals(List.of("apply_patch"), codex.rules().stream().map(PrecursorGrammar.Rule::tool).toList());
        assertEquals(List.of("apply_patch"), codex.exemptions().ownWrite());
    }
}

package dev.coroner.core.precursor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.index.TranscriptPass;
import dev.coroner.fixtures.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The forensic exemptions of claude-code.toml's [coroner.precursor] on the precursor/exemptions fixtures
 * (docs/VERDICTS.md, "Forensic exemptions"): a REFUTED call may become EXEMPT, nothing else changes, and a call
 * Claude Code itself refused because the file had not been read stays REFUTED.
 */
class ExemptionsTest {
    private static final PrecursorGrammar CLAUDE_CODE = GrammarLoader.load(Fixtures.path("precursor/claude-code.toml")).grammar();

    private static CallStream stream(String name) throws Exception {
        return TranscriptPass.run(Fixtures.path("precursor/exemptions/" + name + ".jsonl")).judgement().calls();
    }

    private static int call(CallStream s, String id) {
        return s.calls().stream().filter(c -> id.equals(c.id())).findFirst().orElseThrow().index();
    }

    @ParameterizedTest(name = "{0} {2} ({1}): {3} → {4}")
    @CsvSource(delimiter = '|', value = {
            "created-file       | toolu_01XCnew    | Write     | REFUTED | EXEMPT  | CREATED_FILE",
            "created-file       | toolu_01XCover   | Write     | REFUTED | REFUTED | ",
            "own-write          | toolu_01XOnew    | Write     | REFUTED | EXEMPT  | CREATED_FILE",
            "own-write          | toolu_01XOedit   | Edit      | REFUTED | EXEMPT  | OWN_WRITE",
            "own-write          | toolu_01XOmulti  | MultiEdit | REFUTED | EXEMPT  | OWN_WRITE",
            "own-write          | toolu_01XOother  | Edit      | REFUTED | REFUTED | ",
            "refused-not-read   | toolu_01XRedit   | Edit      | REFUTED | REFUTED | ",
            "refused-not-read   | toolu_01XRwrite  | Write     | REFUTED | REFUTED | ",
            "refused-not-read   | toolu_01XRnew    | Write     | REFUTED | EXEMPT  | CREATED_FILE",
            "refused-not-read   | toolu_01XRagain  | Edit      | REFUTED | REFUTED | ",
            "own-write-parallel | toolu_01XPnew    | Write     | REFUTED | EXEMPT  | CREATED_FILE",
            "own-write-parallel | toolu_01XPedit   | Edit      | REFUTED | REFUTED | ",
    })
    void anExemptionTurnsOnlyARefutedCallIntoExempt(String file, String id, String tool, PrecursorStance without,
                                                     PrecursorStance with, PrecursorExemption exemption) throws Exception {
        CallStream s = stream(file);
        int c = call(s, id);
        assertEquals(tool, s.call(c).tool());
        PrecursorVerdict reference = PrecursorGate.judge(CLAUDE_CODE.withoutExemptions(), s, c);
        assertEquals(without, reference.stance(), reference::reason);
        PrecursorVerdict v = PrecursorGate.judge(CLAUDE_CODE, s, c);
        assertEquals(with, v.stance(), v::reason);
        assertEquals(exemption, v.exemption());
        assertFalse(v.stance() == PrecursorStance.EXEMPT && v.warns(), "an EXEMPT call never warns");
        if (exemption != null) {
            assertTrue(v.reason().startsWith("EXEMPT by " + exemption.key() + ":"), v.reason());
            assertEquals(reference.required(), v.required());
            assertEquals(List.of(), v.present());
        }
    }

    @Test
    void aCallClaudeCodeRefusedBecauseTheFileWasNotReadIsNeverExempt() throws Exception {
        CallStream s = stream("refused-not-read");
        int refusals = 0;
        for (PrecursorVerdict v : PrecursorGate.evaluate(CLAUDE_CODE, s)) {
            if (!s.succeeded(v.call().index()) && s.answered(v.call().index())) {
                refusals++;
                assertEquals(PrecursorStance.REFUTED, v.stance(), v.call() + ": " + v.reason());
                assertTrue(v.warns());
            }
        }
        assertEquals(3, refusals);
    }

    @Test
    void theOwnWriteCitesTheEarlierWriteByLine() throws Exception {
        CallStream s = stream("own-write");
        PrecursorVerdict v = PrecursorGate.judge(CLAUDE_CODE, s, call(s, "toolu_01XOedit"));
        long writeLine = s.call(call(s, "toolu_01XOnew")).line();
        assertEquals("EXEMPT by own_write: Write of the same file_path (line " + writeLine
                + ") had returned successfully before this call, so it counts as the lookup", v.reason());
    }

    @Test
    void theGrammarsListsDecideWhichToolsCount() throws Exception {
        PrecursorGrammar onlyEdits = GrammarLoader.parse("[precursor.requires]\nEdit = \"Read\"\nWrite = \"Read\"\n"
                + "MultiEdit = \"Read\"\n[coroner.precursor]\nown_write = \"Edit\"\n").grammar();
        CallStream s = stream("own-write");
        // no created_file: the new file's Write stays REFUTED; its Edit cannot lean on a Write that does not count
        assertEquals(PrecursorStance.REFUTED, PrecursorGate.judge(onlyEdits, s, call(s, "toolu_01XOnew")).stance());
        assertEquals(PrecursorStance.REFUTED, PrecursorGate.judge(onlyEdits, s, call(s, "toolu_01XOedit")).stance());
        // the MultiEdit came after that Edit succeeded
        PrecursorVerdict multi = PrecursorGate.judge(onlyEdits, s, call(s, "toolu_01XOmulti"));
        assertEquals(PrecursorExemption.OWN_WRITE, multi.exemption(), multi::reason);
        assertTrue(multi.reason().startsWith("EXEMPT by own_write: Edit of the same file_path"), multi.reason());
    }

    @Test
    void exemptCallsAreCountedApartAndRaiseNoWarn() throws Exception {
        CallStream s = stream("own-write");
        PrecursorSummary without = PrecursorSummary.of(PrecursorGate.evaluate(CLAUDE_CODE.withoutExemptions(), s));
        PrecursorSummary with = PrecursorSummary.of(PrecursorGate.evaluate(CLAUDE_CODE, s));
        assertEquals(4, without.warnings());
        assertEquals(1, with.warnings());
        assertEquals(3, with.exempt());
        assertEquals("1 WARN (Edit ×1) · 4 gated calls: 0 ATTESTED, 1 REFUTED, 0 NO_SIGNAL, 3 EXEMPT", with.describe());
        assertEquals("4 WARN (Edit ×2, MultiEdit ×1, Write ×1) · 4 gated calls: 0 ATTESTED, 4 REFUTED, 0 NO_SIGNAL",
                without.describe());
    }

    @Test
    void thePassKeepsEachCallsFilePathAndWhatItsResultSaid() throws Exception {
        CallStream s = stream("created-file");
        int glob = call(s, "toolu_01XGglob");
        int created = call(s, "toolu_01XCnew");
        int over = call(s, "toolu_01XCover");
        assertNull(s.filePath(glob));
        assertEquals("/home/dev/shop/CHANGES.md", s.filePath(created));
        assertEquals("/home/dev/shop/export.py", s.filePath(over));
        assertTrue(s.succeeded(created) && s.created(created));
        assertTrue(s.succeeded(over));
        assertFalse(s.created(over), "an overwrite says the file was updated");
        CallStream refused = stream("refused-not-read");
        int edit = call(refused, "toolu_01XRedit");
        assertFalse(refused.succeeded(edit));
        assertFalse(refused.created(edit));
    }

    @Test
    void anAnswerlessCallIsNeverExempt() throws Exception {
        // no-result.jsonl's Read never answered; build a stream where the Write never answers either
        StreamBuilder b = new StreamBuilder();
        b.record(1, null);
        b.toolUse("g", "Glob");
        b.record(2, null);
        b.toolResult("g");
        b.record(3, null);
        b.toolUse("w", "Write");
        CallStream s = b.build();
        assertEquals(PrecursorStance.REFUTED, PrecursorGate.judge(CLAUDE_CODE, s, 1).stance());
    }
}

package dev.coroner.core.precursor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.fixtures.Fixtures;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/VERDICTS.md, "Coverage and proposals": the grammar text a proposal makes, every other byte kept. */
class ProposalTextTest {
    private static String fixture(String name) throws IOException {
        return Files.readString(Fixtures.path("precursor/" + name));
    }

    private static String edited(String text, String tool, String lookup) {
        ProposalText.Edit e = ProposalText.addLookup(text, tool, lookup);
        assertTrue(e.ok(), () -> e.problem());
        return e.text();
    }

    @Test
    void aNewRuleIsOneLineAtTheEndOfTheRequiresTableAndNothingElseMoves() throws IOException {
        String text = fixture("claude-code.toml");
        String anchor = "NotebookEdit = [\"Read\"]\n";
        String expected = text.replace(anchor, anchor + "mcp__acp__Edit = [\"mcp__acp__Read\"]\n");
        assertEquals(expected, edited(text, "mcp__acp__Edit", "mcp__acp__Read"));
    }

    @Test
    void aDosTomlKeepsItsOtherTablesAndComments() throws IOException {
        String text = fixture("dos.toml");
        String anchor = "Write = \"Read\"\n";
        assertEquals(text.replace(anchor, anchor + "MultiEdit = [\"Read\"]\n"), edited(text, "MultiEdit", "Read"));
    }

    @Test
    void aGrammarWithoutARequiresTableGetsOne() {
        assertEquals("# nothing gated yet\n[precursor]\ncase_sensitive = false\n\n[precursor.requires]\nEdit = [\"Read\"]\n"
                        + "\n[other]\nx = 1\n",
                edited("# nothing gated yet\n[precursor]\ncase_sensitive = false\n\n[other]\nx = 1\n", "Edit", "Read"));
        assertEquals("[precursor]\n\n[precursor.requires]\nEdit = [\"Read\"]\n", edited("[precursor]", "Edit", "Read"),
                "a last line without a line end gets one first");
    }

    @Test
    void wideningAddsTheLookupAfterTheLastNameAndKeepsTheComment() throws IOException {
        String text = fixture("dos.toml");
        assertEquals(text.replace("Edit = [\"Read\"]           # edit only what was read",
                "Edit = [\"Read\", \"Grep\"]           # edit only what was read"), edited(text, "Edit", "Grep"));
        assertEquals(text.replace("Write = \"Read\"\n", "Write = [\"Read\", \"Bash\"]\n"), edited(text, "Write", "Bash"),
                "a one-name string becomes an array");
        String multi = "[precursor.requires]\nEdit = [\n  \"Read\", # the usual\n  'View',\n] # done\n";
        assertEquals("[precursor.requires]\nEdit = [\n  \"Read\", # the usual\n  'View', \"Grep\",\n] # done\n",
                edited(multi, "Edit", "Grep"));
    }

    @Test
    void anEditIsIdempotentAndALookupTheRuleHasChangesNothing() throws IOException {
        String text = fixture("claude-code.toml");
        String once = edited(text, "Edit", "Grep");
        assertEquals(once, edited(once, "Edit", "Grep"));
        assertEquals(text, edited(text, "edit", "read"), "matched canonically, as the gate matches");
        assertEquals(text, edited(text, "Edit", "NotebookRead"), "an alias satisfies the rule already");
    }

    @Test
    void namesThatAreNotBareKeysAreQuotedAndLineEndsAreKept() {
        String text = "[precursor]\r\n[precursor.requires]\r\nEdit = \"Read\"\r\n";
        String out = edited(text, "my \"odd\" tool", "Read");
        assertEquals(text + "\"my \\\"odd\\\" tool\" = [\"Read\"]\r\n", out);
        assertEquals(List.of("read"), GrammarLoader.parse(out).grammar().required("my \"odd\" tool"));
    }

    @Test
    void whatItCannotEditSafelyIsRefusedWithTheReason() {
        ProposalText.Edit broken = ProposalText.addLookup("[precursor\nEdit = 1", "Edit", "Read");
        assertFalse(broken.ok());
        assertTrue(broken.problem().contains("does not load"), broken.problem());
        ProposalText.Edit inline = ProposalText.addLookup("[precursor]\nrequires = { Edit = \"Read\" }\n", "Write", "Read");
        assertFalse(inline.ok(), "an inline table cannot take a line");
        assertTrue(inline.problem().contains("inline table"), inline.problem());
        // a multi-line string value is rewritten into a list, and the text still loads
        ProposalText.Edit multiLine = ProposalText.addLookup("[precursor.requires]\nEdit = \"\"\"Read\"\"\"\n", "Edit", "Grep");
        assertTrue(multiLine.ok(), multiLine.problem());
        assertEquals(java.util.Set.of("read", "grep"), java.util.Set.copyOf(GrammarLoader.parse(multiLine.text()).grammar().required("Edit")));
    }

    @Test
    void theTextGivesTheGrammarTheProposerJudgedWith() throws IOException {
        String text = fixture("claude-code.toml");
        PrecursorGrammar g = GrammarLoader.parse(text).grammar();
        for (Proposal p : Proposer.propose(ProposalFixtures.all(), g, BigDecimal.ZERO)) {
            PrecursorGrammar fromText = GrammarLoader.parse(ProposalText.apply(text, p).text()).grammar();
            PrecursorGrammar judged = g.withPrecursor(p.tool(), p.precursor());
            assertEquals(judged.required(p.tool()), fromText.required(p.tool()), p.tool() + " <- " + p.precursor());
            assertEquals(judged.rules().size(), fromText.rules().size());
        }
    }
}

package dev.coroner.core.precursor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.terminal.TerminalState;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** docs/VERDICTS.md, "Coverage and proposals": what the proposer suggests, from which runs, and its ids. */
class ProposerTest {
    private static final BigDecimal LOW = new BigDecimal("0.3");

    private static List<String> rules(List<Proposal> ps) {
        return ps.stream().map(p -> p.tool() + "<-" + p.precursor()).toList();
    }

    private static Proposal find(List<Proposal> ps, String tool, String precursor) {
        return ps.stream().filter(p -> p.tool().equals(tool) && p.precursor().equals(precursor)).findFirst()
                .orElseThrow(() -> new AssertionError(tool + "<-" + precursor + " not in " + rules(ps)));
    }

    @Test
    void readIsProposedBeforeEditWithItsSupportItsMissAndTheWarnsItWouldAdd() {
        List<Proposal> ps = Proposer.propose(ProposalFixtures.all(), PrecursorGrammar.EMPTY,
                Proposer.DEFAULT_MIN_SUPPORT);
        Proposal p = find(ps, "Edit", "Read");
        assertEquals(2, p.held(), "a Read came before both Edits of read-then-edit");
        assertEquals(3, p.calls(), "the dead run's Edit is not counted");
        assertEquals(new BigDecimal("0.667"), p.support());
        assertEquals(List.of(new CallSite("propose/edit-unread.jsonl", 4, "toolu_P2edit")), p.misses());
        assertEquals(1, p.missesTotal());
        assertEquals(2, p.warnsAdded(), "edit-unread's Edit and the dead run's Edit would WARN");
        assertEquals(0, p.warnsRemoved());
        assertFalse(p.widens());
        assertEquals("Edit = [\"Read\"]", ProposalText.describe(p));
    }

    @Test
    void theMinimumSupportDecidesWhichLookupsAreProposedHighestSupportFirst() {
        List<Proposal> half = Proposer.propose(ProposalFixtures.all(), PrecursorGrammar.EMPTY,
                Proposer.DEFAULT_MIN_SUPPORT);
        assertEquals(List.of("Edit<-Read", "mcp__acp__Edit<-mcp__acp__Read", "mcp__linear__create_issue<-mcp__acp__Read",
                "mcp__linear__create_issue<-mcp__linear__get_issue", "Write<-Bash"), rules(half));
        List<Proposal> low = Proposer.propose(ProposalFixtures.all(), PrecursorGrammar.EMPTY, LOW);
        assertEquals(List.of("Edit<-Read", "Edit<-Bash", "Edit<-Grep"), rules(low).subList(0, 3),
                "support 2/3, then the two at 1/3 in byte-wise order");
        assertEquals(3, find(low, "Edit", "Bash").warnsAdded(), "read-then-edit's two Edits and the dead run's");
    }

    @Test
    void aRunThatDidNotEndHealthyTeachesNothing() {
        assertEquals(List.of(), Proposer.propose(List.of(ProposalFixtures.judged("died.jsonl")), PrecursorGrammar.EMPTY,
                BigDecimal.ZERO));
    }

    @Test
    void bookkeepingToolsAreNeitherProposedNorProposedFor() {
        List<Proposal> ps = Proposer.propose(ProposalFixtures.all(), PrecursorGrammar.EMPTY, BigDecimal.ZERO);
        assertTrue(ps.stream().noneMatch(p -> p.tool().equals("TodoWrite") || p.precursor().equals("TodoWrite")));
        assertTrue(ps.stream().noneMatch(p -> p.precursor().equals("mcp__acp__Edit")),
                "a mutating tool is never proposed as a lookup");
    }

    @Test
    void aGatedToolsRuleIsWidenedAndWhatItRequiresAlreadyIsNotProposedAgain() {
        PrecursorGrammar claudeCode = ProposalFixtures.grammar("precursor/claude-code.toml");
        List<Proposal> ps = Proposer.propose(ProposalFixtures.all(), claudeCode, LOW);
        assertTrue(ps.stream().noneMatch(p -> p.toolCanonical().equals("edit") && p.precursorCanonical().equals("read")));
        Proposal bash = find(ps, "Edit", "Bash");
        assertTrue(bash.widens());
        assertEquals(0, bash.warnsAdded(), "another lookup for a rule can only take WARNs away");
        assertEquals(1, bash.warnsRemoved(), "edit-unread's Edit came after a Bash");
        assertEquals("Edit = [..., \"Bash\"]", ProposalText.describe(bash));
        assertEquals(1, find(ps, "Edit", "Grep").warnsRemoved(), "the dead run's Edit came after a Grep");
    }

    @Test
    void missesAreCappedAndCounted() {
        String[] tools = new String[12];
        tools[0] = "Bash";
        for (int i = 1; i < tools.length; i++) {
            tools[i] = i == 6 ? "Read" : "Edit";
        }
        ObservedTranscript t = new ObservedTranscript("a", TerminalState.HEALTHY, ProposalFixtures.stream(tools));
        Proposal read = find(Proposer.propose(List.of(t), PrecursorGrammar.EMPTY, BigDecimal.ZERO), "Edit", "Read");
        assertEquals(10, read.calls());
        assertEquals(5, read.held(), "the Edits after line 13 came after the Read's result");
        assertEquals(5, read.missesTotal());
        assertEquals(List.of(3L, 5L, 7L, 9L, 11L), read.misses().stream().map(CallSite::line).toList());
        ObservedTranscript b = new ObservedTranscript("b", TerminalState.HEALTHY,
                ProposalFixtures.stream("Bash", "Edit", "Edit", "Edit", "Read", "Edit"));
        Proposal both = find(Proposer.propose(List.of(b, t), PrecursorGrammar.EMPTY, BigDecimal.ZERO), "Edit", "Read");
        assertEquals(8, both.missesTotal());
        assertEquals(Proposer.MISSES, both.misses().size());
        assertEquals(List.of("a", "a", "a", "a", "a"), both.misses().stream().map(CallSite::path).toList(),
                "the first misses in path order");
    }

    @Test
    void theSameTranscriptsInAnyOrderGiveEqualProposals() {
        List<ObservedTranscript> in = new ArrayList<>(ProposalFixtures.all());
        List<Proposal> first = Proposer.propose(in, PrecursorGrammar.EMPTY, LOW);
        Random r = new Random(11);
        for (int i = 0; i < 20; i++) {
            Collections.shuffle(in, r);
            assertEquals(first, Proposer.propose(in, PrecursorGrammar.EMPTY, LOW));
        }
    }

    @Test
    void theIdIsTheSha256OfTheCanonicalBytesOfTheRuleNotOfTheEvidence() throws Exception {
        byte[] canonical = Proposal.canonicalBytes("edit", "read", false);
        assertEquals("{\"kind\":\"coroner-proposal\",\"version\":1,\"tool\":\"edit\",\"precursor\":\"read\","
                + "\"case_sensitive\":false}", new String(canonical, StandardCharsets.UTF_8));
        String expected = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(canonical));
        Proposal all = find(Proposer.propose(ProposalFixtures.all(), PrecursorGrammar.EMPTY, LOW), "Edit", "Read");
        Proposal fewer = find(Proposer.propose(List.of(ProposalFixtures.judged("read-then-edit.jsonl")),
                PrecursorGrammar.EMPTY, LOW), "Edit", "Read");
        assertEquals(expected, all.id());
        assertEquals(all.id(), fewer.id(), "other evidence, the same rule, the same id");
        assertNotEquals(all.calls(), fewer.calls());
        assertNotEquals(Proposal.idOf("edit", "read", false), Proposal.idOf("edit", "read", true));
        assertNotEquals(Proposal.idOf("edit", "read", false), Proposal.idOf("read", "edit", false));
    }

    @Test
    void namesAreWrittenUnambiguouslyInTheCanonicalBytes() {
        assertEquals("\"a\\\"b\\\\c\\u000ad\"", Proposal.jsonString("a\"b\\c\nd"));
        assertEquals("\"x\\ud800y\"", Proposal.jsonString("x\ud800y"), "a lone surrogate is escaped, never lost");
        assertEquals("\"\ud83d\ude00\"", Proposal.jsonString("\ud83d\ude00"), "a pair is written as it is");
        assertNotEquals(Proposal.idOf("x\ud800", "r", false), Proposal.idOf("x\udc00", "r", false));
    }

    @Test
    void aMinimumOutsideZeroToOneIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> Proposer.propose(List.of(), PrecursorGrammar.EMPTY, new BigDecimal("1.01")));
        assertThrows(IllegalArgumentException.class,
                () -> Proposer.propose(List.of(), PrecursorGrammar.EMPTY, new BigDecimal("-0.1")));
    }
}

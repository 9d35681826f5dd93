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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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

    /**
     * Glob comes first in every run: it precedes every Edit (support 1.000) only because it precedes everything (lift
     * 1). Grep precedes half the Edits and little else; Read three Edits of four and more besides.
     */
    private static List<ObservedTranscript> liftRuns() {
        return List.of(
                new ObservedTranscript("l1", TerminalState.HEALTHY,
                        ProposalFixtures.stream("Glob", "Grep", "Read", "Edit", "Edit")),
                new ObservedTranscript("l2", TerminalState.HEALTHY,
                        ProposalFixtures.stream("Glob", "Read", "Edit", "LS", "LS")),
                new ObservedTranscript("l3", TerminalState.HEALTHY,
                        ProposalFixtures.stream("Glob", "LS", "LS", "LS", "Edit")));
    }

    @Test
    void lookupsAreRankedByLiftAndOneThatPrecedesEverythingIsNotProposed() {
        List<Proposal> ps = Proposer.propose(liftRuns(), PrecursorGrammar.EMPTY, Proposer.DEFAULT_MIN_SUPPORT);
        assertEquals(List.of("Edit<-Grep", "Edit<-Read"), rules(ps),
                "Grep (support 0.5) before Read (0.75): lift ranks; Glob (support 1, lift 1) is not proposed");
        Proposal grep = ps.get(0);
        assertEquals(2, grep.held());
        assertEquals(4, grep.calls());
        assertEquals(3, grep.baseHeld(), "Grep's result came before 3 calls of other tools");
        assertEquals(14, grep.baseCalls(), "15 calls, 1 of them Grep's own");
        assertEquals(new BigDecimal("2.333"), grep.lift(), "(2/4) / (3/14)");
        Proposal read = ps.get(1);
        assertEquals(new BigDecimal("0.750"), read.support());
        assertEquals(new BigDecimal("1.950"), read.lift(), "(3/4) / (5/13)");
        assertTrue(Proposer.propose(liftRuns(), PrecursorGrammar.EMPTY, BigDecimal.ZERO).stream()
                .noneMatch(p -> p.precursor().equals("Glob")), "lift 1 is no evidence at any support");
    }

    @Test
    void aToolNeedsTheMinimumNumberOfCallsBeforeAnythingIsProposedForIt() {
        assertEquals(2, Proposer.propose(liftRuns(), PrecursorGrammar.EMPTY, Proposer.DEFAULT_MIN_SUPPORT, 4).size(),
                "Edit has 4 calls");
        assertEquals(List.of(), Proposer.propose(liftRuns(), PrecursorGrammar.EMPTY, Proposer.DEFAULT_MIN_SUPPORT, 5));
        ObservedTranscript once = new ObservedTranscript("once", TerminalState.HEALTHY,
                ProposalFixtures.stream("Read", "Grep", "Bash", "Write", "LS"));
        assertEquals(List.of(), Proposer.propose(List.of(once), PrecursorGrammar.EMPTY, BigDecimal.ZERO),
                "a tool called once gets no rule at the default minimum of " + Proposer.DEFAULT_MIN_CALLS);
        assertEquals(List.of("Write<-Grep"), rules(Proposer.propose(List.of(once), PrecursorGrammar.EMPTY,
                BigDecimal.ZERO, 1)), "with a minimum of 1 it gets one; Read came before every call: lift 1");
        assertThrows(IllegalArgumentException.class,
                () -> Proposer.propose(List.of(), PrecursorGrammar.EMPTY, BigDecimal.ZERO, 0));
    }

    @Test
    void aShellAMutatingToolAndBookkeepingAreNeverProposedHoweverWellTheyPrecede() {
        // Bash, TodoWrite, mcp__x__update_page and TaskList come right before the Edits and nowhere else: support 1,
        // the highest lift; Grep is the only lookup
        ObservedTranscript t = new ObservedTranscript("s", TerminalState.HEALTHY, ProposalFixtures.stream("Read",
                "Grep", "Bash", "exec_command", "TodoWrite", "mcp__x__update_page", "TaskList", "Edit", "Edit", "Edit"));
        assertEquals(List.of("Edit<-Grep"), rules(Proposer.propose(List.of(t), PrecursorGrammar.EMPTY, BigDecimal.ZERO)));
    }

    @ParameterizedTest(name = "{0}: lookup {1}")
    @CsvSource({
            "Read, true", "Grep, true", "Glob, true", "LS, true", "NotebookRead, true", "WebFetch, true",
            "WebSearch, true", "mcp__linear-server__get_issue, true", "mcp__github__list_pull_requests, true",
            "mcp__acp__Read, true", "read_file, true",
            "Bash, false", "exec_command, false", "shell, false", "mcp__term__bash, false",
            "Edit, false", "Write, false", "mcp__acp__Edit, false", "mcp__linear__create_issue, false",
            "TodoWrite, false", "TodoRead, false", "TaskList, false", "Task, false", "BashOutput, false",
            "ExitPlanMode, false", "Skill, false"})
    void aLookupIsAToolThatOnlyReadsJudgedByItsName(String tool, boolean lookup) {
        assertEquals(lookup, LookupTools.looksLikeLookup(tool));
    }

    @Test
    void onTheFixturesReadIsTheOnlyRuleWithEnoughEvidence() {
        assertEquals(List.of("Edit<-Read"), rules(Proposer.propose(ProposalFixtures.all(), PrecursorGrammar.EMPTY,
                Proposer.DEFAULT_MIN_SUPPORT)), "the mcp tools and Write are called once or twice");
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
        Proposal grep = find(ps, "Edit", "Grep");
        assertTrue(grep.widens());
        assertEquals(0, grep.warnsAdded(), "another lookup for a rule can only take WARNs away");
        assertEquals(1, grep.warnsRemoved(), "the dead run's Edit came after a Grep");
        assertEquals("Edit = [..., \"Grep\"]", ProposalText.describe(grep));
        assertTrue(ps.stream().noneMatch(p -> p.precursor().equals("Bash")),
                "edit-unread's Edit came after a Bash, but a shell is no lookup");
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
        Proposal all = find(Proposer.propose(liftRuns(), PrecursorGrammar.EMPTY, LOW), "Edit", "Read");
        Proposal fewer = find(Proposer.propose(liftRuns().subList(0, 2), PrecursorGrammar.EMPTY, LOW), "Edit", "Read");
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

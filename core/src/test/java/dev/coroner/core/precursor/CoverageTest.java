package dev.coroner.core.precursor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.coroner.core.terminal.TerminalState;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** docs/VERDICTS.md, "Coverage and proposals": which tools look mutating, and which of them no rule gates. */
class CoverageTest {

    @ParameterizedTest(name = "{0} looks mutating: {1}")
    @CsvSource({
            "Edit, true", "Write, true", "MultiEdit, true", "NotebookEdit, true", "ApplyPatch, true",
            "apply_patch, true", "Delete, true", "mcp__acp__Edit, true", "mcp__acp__Write, true",
            "mcp__linear-server__create_issue, true", "mcp__github__update_pull_request, true",
            "str_replace_based_edit_tool, true", "edit-file, true", "remove.branch, true",
            "Read, false", "Bash, false", "Grep, false", "Glob, false", "WebFetch, false", "NotebookRead, false",
            "mcp__linear-server__get_issue, false", "mcp__acp__Read, false", "Editor, false", "Settings, false",
            "TodoWrite, false", "TaskCreate, false", "TaskUpdate, false", "mcp__edit__list_files, false"})
    void whetherAToolLooksMutatingIsDecidedByItsNameAlone(String tool, boolean mutating) {
        assertEquals(mutating, MutatingTools.looksMutating(tool));
    }

    @Test
    void withNoGrammarEveryMutatingLookingToolIsUngatedMostCallsFirst() {
        List<UngatedTool> ungated = Coverage.ungated(ProposalFixtures.all(), PrecursorGrammar.EMPTY);
        assertEquals(List.of("Edit", "mcp__acp__Edit", "mcp__linear__create_issue", "Write"),
                ungated.stream().map(UngatedTool::tool).toList());
        UngatedTool edit = ungated.get(0);
        assertEquals(4, edit.calls(), "a dead run's calls count for coverage");
        assertEquals(3, edit.transcripts());
        assertEquals(List.of(new CallSite("propose/died.jsonl", 4, "toolu_P3edit"),
                new CallSite("propose/edit-unread.jsonl", 4, "toolu_P2edit"),
                new CallSite("propose/read-then-edit.jsonl", 4, "toolu_P1edit1")), edit.examples());
    }

    @Test
    void aToolTheGrammarGatesIsCoveredWhateverItsSpelling() {
        List<UngatedTool> ungated = Coverage.ungated(ProposalFixtures.all(),
                ProposalFixtures.grammar("precursor/claude-code.toml"));
        assertEquals(List.of("mcp__acp__Edit", "mcp__linear__create_issue"),
                ungated.stream().map(UngatedTool::tool).toList());
        List<ObservedTranscript> lower = List.of(new ObservedTranscript("x", TerminalState.HEALTHY,
                ProposalFixtures.stream("Read", "edit", "EDIT", "Edit", "mcp__acp__Edit")));
        assertEquals(List.of("mcp__acp__Edit"), Coverage.ungated(lower,
                ProposalFixtures.grammar("precursor/claude-code.toml")).stream().map(UngatedTool::tool).toList());
        UngatedTool all = Coverage.ungated(lower, PrecursorGrammar.EMPTY).get(0);
        assertEquals(List.of("EDIT", "Edit", "edit"), all.spellings(), "byte-wise order");
        assertEquals(3, all.calls());
        assertEquals("EDIT", all.tool(), "a tie between spellings goes to the first in byte-wise order");
    }

    @Test
    void theAnswerDoesNotDependOnTheOrderTheTranscriptsCameIn() {
        List<ObservedTranscript> in = new ArrayList<>(ProposalFixtures.all());
        List<UngatedTool> first = Coverage.ungated(in, PrecursorGrammar.EMPTY);
        Random r = new Random(7);
        for (int i = 0; i < 10; i++) {
            Collections.shuffle(in, r);
            assertEquals(first, Coverage.ungated(in, PrecursorGrammar.EMPTY));
        }
    }

    @Test
    void twoTranscriptsWithOnePathAreRefusedNotCountedTwice() {
        ObservedTranscript t = ProposalFixtures.judged("mcp.jsonl");
        assertThrows(IllegalArgumentException.class, () -> Coverage.ungated(List.of(t, t), PrecursorGrammar.EMPTY));
    }
}

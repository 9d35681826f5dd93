package dev.coroner.core.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.coroner.core.workspace.Workspace.GrammarRef;
import dev.coroner.core.workspace.Workspace.Layout;
import dev.coroner.core.workspace.Workspace.Selection;
import dev.coroner.core.workspace.Workspace.TranscriptRef;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** docs/ARCHITECTURE.md, "Workspaces": the demo corpus and the bundled grammar are named bundled:…, wherever they are. */
class BundledNamesTest {
    @TempDir
    Path dir;

    @Test
    void aWorkspaceNamesTheBundledFilesByTheirPlaceUnderTheBundledFolderAndOpensThemFromAnother() {
        Path then = dir.resolve("then");
        Path now = dir.resolve("now");
        String demo = then.resolve("demo").resolve("s").resolve("agent.jsonl").toString();
        String mine = dir.resolve("mine.jsonl").toString();
        Workspace saved = new Workspace(List.of(new TranscriptRef(demo, "aa", 3), new TranscriptRef(mine, "bb", 4)),
                new GrammarRef(then.resolve("precursor").resolve("claude-code.toml").toString(), "cc", null),
                List.of(new Annotation(demo, "aa", 2, "a note", null)), List.of(),
                new Selection(demo, 2), Layout.NONE);

        Workspace named = new BundledNames(then).named(saved);
        assertEquals(List.of("bundled:demo/s/agent.jsonl", mine),
                named.transcripts().stream().map(TranscriptRef::path).toList());
        assertEquals("bundled:precursor/claude-code.toml", named.grammar().path());
        assertEquals("bundled:demo/s/agent.jsonl", named.annotations().get(0).transcript());
        assertEquals("bundled:demo/s/agent.jsonl", named.selection().transcript());

        Workspace opened = new BundledNames(now).resolved(named);
        String there = now.resolve("demo").resolve("s").resolve("agent.jsonl").toString();
        assertEquals(List.of(there, mine), opened.transcripts().stream().map(TranscriptRef::path).toList());
        assertEquals(now.resolve("precursor").resolve("claude-code.toml").toString(), opened.grammar().path());
        assertEquals(there, opened.annotations().get(0).transcript());
        assertEquals(there, opened.selection().transcript());
        assertEquals("aa", opened.transcripts().get(0).sha256(), "the hash recorded stays");
    }

    @ParameterizedTest
    @ValueSource(strings = {"bundled:../outside.jsonl", "bundled:demo/../../outside.jsonl", "bundled:", "bundled:/etc/passwd"})
    void aBundledNameThatWouldLeaveTheBundledFolderNamesNoFile(String name) {
        assertEquals(name, new BundledNames(dir.resolve("root")).resolve(name));
    }

    @Test
    void anInlineGrammarAndNoSelectionStayAsTheyAre() {
        Workspace w = new Workspace(List.of(), new GrammarRef(null, "dd", "[precursor]"), List.of(), List.of(), null,
                Layout.NONE);
        assertEquals(w, new BundledNames(dir).named(w));
        assertEquals(w, new BundledNames(dir).resolved(w));
    }
}

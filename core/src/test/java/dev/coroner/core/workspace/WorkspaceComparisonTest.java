package dev.coroner.core.workspace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.durable.Readability;
import dev.coroner.core.workspace.Workspace.Comparison;
import dev.coroner.core.workspace.Workspace.Layout;
import dev.coroner.core.workspace.Workspace.Selection;
import dev.coroner.core.workspace.Workspace.TranscriptRef;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/COMPARE.md, "Workspaces": a workspace keeps the two paths of a comparison and gives them back; one without a
 * comparison is written byte for byte as before, and a workspace written before comparisons existed opens as it did.
 */
class WorkspaceComparisonTest {
    /** A version 1 workspace as Coroner wrote it before it could hold a comparison. */
    private static final String BEFORE = """
            {
              "schema": {
                "family": "coroner-workspace",
                "version": 1
              },
              "transcripts": [
                {
                  "path": "runs/good.jsonl",
                  "sha256": null,
                  "size": -1
                }
              ],
              "grammar": null,
              "annotations": [
                {
                  "transcript": "runs/good.jsonl",
                  "sha256": null,
                  "line": 4,
                  "note": "kept",
                  "override": null
                }
              ],
              "rejected_proposals": [],
              "selection": {
                "transcript": "runs/good.jsonl",
                "line": 4
              },
              "layout": {
                "dividers": {
                  "main": [
                    0.25
                  ]
                },
                "panels": {}
              }
            }
            """;

    @TempDir
    Path dir;

    private Workspace with(Comparison c) {
        String good = dir.resolve("runs/good.jsonl").toString();
        return new Workspace(List.of(new TranscriptRef(good, null, -1)), null, List.of(), List.of(),
                new Selection(good, 4), new Layout(Map.of("main", List.of(0.25)), Map.of()), c, Workspace.Filters.NONE);
    }

    @Test
    void aComparisonIsSavedAndOpensAgain() throws Exception {
        Comparison c = new Comparison(dir.resolve("runs/good.jsonl").toString(), dir.resolve("runs/died.jsonl").toString());
        Workspace w = with(c);
        Path file = dir.resolve("w.coroner.json");
        WorkspaceFiles.atomic().save(file, w);
        String text = Files.readString(file);
        assertTrue(text.contains("\"comparison\": {\n    \"a\": "), text);
        assertTrue(text.indexOf("\"comparison\"") < text.indexOf("\"layout\""), "before the layout: " + text);
        WorkspaceFiles.Opened opened = WorkspaceFiles.open(file);
        assertEquals(Readability.READABLE, opened.verdict().readability());
        assertEquals(c, opened.workspace().comparison());
        assertEquals(w, opened.workspace());
        assertArrayEquals(Files.readAllBytes(file), WorkspaceFiles.bytes(opened.workspace()), "deterministic bytes");
        assertEquals(w.withComparison(null), opened.workspace().withComparison(null));
    }

    @Test
    void aWorkspaceWithoutAComparisonIsWrittenAsBefore() throws Exception {
        Path file = dir.resolve("old.coroner.json");
        Files.writeString(file, BEFORE, StandardCharsets.UTF_8);
        WorkspaceFiles.Opened opened = WorkspaceFiles.open(file);
        assertEquals(Readability.READABLE, opened.verdict().readability());
        Workspace w = opened.workspace();
        assertNull(w.comparison(), "an old workspace holds none");
        assertEquals("kept", w.annotations().get(0).note());
        assertEquals(dir.resolve("runs/good.jsonl").toString(), w.selection().transcript());
        // saved again (its paths now absolute, as the window saves them), no "comparison" key appears
        String again = new String(WorkspaceFiles.bytes(w), StandardCharsets.UTF_8);
        assertFalse(again.contains("comparison"), again);
        assertEquals(BEFORE.replace("\"runs/good.jsonl\"", "\"" + dir.resolve("runs/good.jsonl") + "\""), again,
                "the same bytes as a workspace of before, but for the paths made absolute");
    }

    @Test
    void relativeSidesAreReadAgainstTheWorkspacesFolderAndOutsideOnesAreAskedAbout() throws Exception {
        Path ws = dir.resolve("case");
        Files.createDirectories(ws);
        Path file = ws.resolve("w.coroner.json");
        Files.writeString(file, BEFORE.replace("  \"layout\"", "  \"comparison\": {\"a\": \"runs/good.jsonl\", "
                + "\"b\": \"../elsewhere/died.jsonl\"},\n  \"layout\""));
        WorkspaceFiles.Opened opened = WorkspaceFiles.open(file);
        Comparison c = opened.workspace().comparison();
        assertEquals(ws.resolve("runs/good.jsonl").toString(), c.a());
        assertEquals(dir.resolve("elsewhere/died.jsonl").toString(), c.b());
        assertTrue(opened.outside().contains(dir.resolve("elsewhere/died.jsonl")), "asked before it is read: "
                + opened.outside());
        assertFalse(opened.outside().contains(ws.resolve("runs/good.jsonl")));
    }

    @Test
    void aComparisonThatCannotBeReadRefusesTheFileRatherThanDropIt() throws Exception {
        Path file = dir.resolve("w.coroner.json");
        Files.writeString(file, BEFORE.replace("  \"layout\"", "  \"comparison\": {\"a\": 5},\n  \"layout\""));
        WorkspaceRefusedException e = assertThrows(WorkspaceRefusedException.class, () -> WorkspaceFiles.open(file));
        assertTrue(e.getMessage().contains("comparison"), e.getMessage());
        Files.writeString(file, BEFORE.replace("  \"layout\"", "  \"comparison\": null,\n  \"layout\""));
        assertNull(WorkspaceFiles.open(file).workspace().comparison(), "null: none");
    }

    @Test
    void bundledSidesAreNamedAndResolvedLikeTranscripts() throws Exception {
        Path bundled = dir.resolve("bundled");
        BundledNames names = new BundledNames(bundled);
        Workspace w = Workspace.empty().withComparison(new Comparison(bundled.resolve("demo/a.jsonl").toString(),
                dir.resolve("mine/b.jsonl").toString()));
        Workspace named = names.named(w);
        assertEquals("bundled:demo/a.jsonl", named.comparison().a());
        assertEquals(dir.resolve("mine/b.jsonl").toString(), named.comparison().b());
        assertTrue(BundledNames.names(named));
        assertEquals(w, names.resolved(named));
    }
}

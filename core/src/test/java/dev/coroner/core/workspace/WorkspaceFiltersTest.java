package dev.coroner.core.workspace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.workspace.Workspace.ColourRule;
import dev.coroner.core.workspace.Workspace.Filters;
import dev.coroner.core.workspace.Workspace.Layout;
import dev.coroner.core.workspace.Workspace.SavedFilter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/WORKBENCH.md, "Filter bars": a workspace keeps the filter bars' expressions, saved filters and colouring rules
 * in a {@code filters} key of its own, and a workspace without them writes the bytes it always wrote.
 */
class WorkspaceFiltersTest {
    @TempDir
    Path dir;

    private static Workspace plain() {
        return new Workspace(List.of(new Workspace.TranscriptRef("/a.jsonl", "00", 3)), null, List.of(), List.of(),
                null, Layout.NONE);
    }

    @Test
    void filtersAndColouringRulesReadBackTheSame() throws Exception {
        Filters f = new Filters("state == SYNTHETIC and class == RATE_LIMIT", "tool == \"Bash\"",
                List.of(new SavedFilter("rate limits", "transcript", "class == RATE_LIMIT"),
                        new SavedFilter("errors", "record", "error == true")),
                List.of(new ColourRule("error == true", "red"), new ColourRule("text contains \"<b>\"", "teal")));
        Workspace w = plain().withFilters(f);
        Path file = dir.resolve("w.coroner.json");
        WorkspaceFiles.atomic().save(file, w);
        String text = Files.readString(file);
        assertTrue(text.contains("\"filters\": {"), text);
        Workspace back = WorkspaceFiles.open(file).workspace();
        assertEquals(f, back.filters());
        assertEquals(w, back);
        assertArrayEquals(Files.readAllBytes(file), WorkspaceFiles.bytes(back), "deterministic bytes");
    }

    @Test
    void aWorkspaceWithoutFiltersWritesNoFiltersKey() {
        String text = new String(WorkspaceFiles.bytes(plain()), StandardCharsets.UTF_8);
        assertFalse(text.contains("filters"), text);
        assertEquals(Filters.NONE, plain().filters());
        assertTrue(text.endsWith("  \"layout\": {\n    \"dividers\": {},\n    \"panels\": {}\n  }\n}\n"), text);
    }

    @Test
    void aDamagedColouringRuleRefusesTheFileRatherThanDroppingIt() throws Exception {
        Path file = dir.resolve("w.coroner.json");
        Files.writeString(file, "{\"schema\":{\"family\":\"coroner-workspace\",\"version\":1},\"transcripts\":[],"
                + "\"filters\":{\"colouring\":[{\"expression\":\"error == true\"}]}}");
        WorkspaceRefusedException e = assertThrows(WorkspaceRefusedException.class, () -> WorkspaceFiles.open(file));
        assertTrue(e.getMessage().contains("filters.colouring[0]"), e.getMessage());
    }

    @Test
    void bundledNamesKeepTheFilters() {
        Filters f = new Filters("dead == true", "", List.of(), List.of(new ColourRule("kind == \"user\"", "blue")));
        Workspace w = plain().withFilters(f);
        BundledNames names = new BundledNames(dir);
        assertEquals(f, names.named(w).filters());
        assertEquals(f, names.resolved(w).filters());
    }
}

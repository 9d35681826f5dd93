package dev.coroner.core.precursor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.fixtures.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Saving a grammar back into a dos.toml rewrites its [precursor] table and keeps every other byte. */
class GrammarTableTextTest {
    private static byte[] dosToml() throws Exception {
        return Files.readAllBytes(Fixtures.path("precursor/dos.toml"));
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void loadThenSaveUnchangedIsByteForByteTheSameFile() throws Exception {
        byte[] file = dosToml();
        String table = GrammarTableText.precursorText(file);
        GrammarTableText.Replaced saved = GrammarTableText.replacePrecursor(file, table);
        assertTrue(saved.ok(), saved::problem);
        assertArrayEquals(file, saved.bytes());
    }

    @Test
    void theRegionIsThePrecursorTablesOwnLinesNotAStringThatLooksLikeAHeaderNorTheCommentsAroundIt() throws Exception {
        byte[] file = dosToml();
        GrammarTableText.Region r = GrammarTableText.locate(file, GrammarTableText.PRECURSOR).region();
        assertEquals(17, r.line(), "line 12 is inside a multi-line string");
        assertEquals("[precursor]\ncase_sensitive = false\n\n[precursor.requires]\nEdit = [\"Read\"]           # edit only what was read\n"
                + "Write = \"Read\"\n\n[precursor.aliases]\nRead = [\"NotebookRead\"]\n", GrammarTableText.precursorText(file));
        // the comment above the table and the one above [coroner.precursor] are not the table's: they stay
        GrammarTableText.Region ours = GrammarTableText.locate(file, List.of("coroner", "precursor")).region();
        assertEquals(28, ours.line());
        assertEquals("[coroner.precursor]\ncreated_file = [\"Write\"]\n",
                new String(file, ours.start(), ours.end() - ours.start(), StandardCharsets.UTF_8));
    }

    @Test
    void changingOneRuleChangesOnlyThatRegion() throws Exception {
        byte[] file = dosToml();
        String table = GrammarTableText.precursorText(file);
        String changed = table.replace("Write = \"Read\"\n", "Write = [\"Read\", \"Glob\"]   # a listing is enough for a new file\n");
        GrammarTableText.Replaced saved = GrammarTableText.replacePrecursor(file, changed);
        assertTrue(saved.ok(), saved::problem);
        GrammarTableText.Region r = GrammarTableText.locate(file, GrammarTableText.PRECURSOR).region();
        byte[] out = saved.bytes();
        int tail = file.length - r.end();
        assertArrayEquals(java.util.Arrays.copyOfRange(file, 0, r.start()), java.util.Arrays.copyOfRange(out, 0, r.start()));
        assertArrayEquals(java.util.Arrays.copyOfRange(file, r.end(), file.length),
                java.util.Arrays.copyOfRange(out, out.length - tail, out.length));
        assertEquals(changed, new String(out, r.start(), out.length - tail - r.start(), StandardCharsets.UTF_8));
        // the lines that differ are exactly the one rule
        List<String> before = new String(file, StandardCharsets.UTF_8).lines().toList();
        List<String> after = new String(out, StandardCharsets.UTF_8).lines().toList();
        assertEquals(before.size(), after.size());
        List<Integer> differ = new java.util.ArrayList<>();
        for (int i = 0; i < before.size(); i++) {
            if (!before.get(i).equals(after.get(i))) {
                differ.add(i + 1);
            }
        }
        assertEquals(List.of(22), differ);
        GrammarResult loaded = GrammarLoader.parse(out);
        assertEquals(List.of("glob", "notebookread", "read"), loaded.grammar().required("Write"));
        assertEquals(List.of("write"), loaded.grammar().exemptions().createdFile());
    }

    @Test
    void aByteOrderMarkAndCrlfLineEndsSurviveTheRoundTrip() {
        byte[] file = utf8("\uFEFF# config\r\n[precursor]\r\n[precursor.requires]\r\nEdit = \"Read\"\r\n\r\n[kernel]\r\nx = 1\r\n");
        String table = GrammarTableText.precursorText(file);
        assertEquals("[precursor]\r\n[precursor.requires]\r\nEdit = \"Read\"\r\n", table);
        assertArrayEquals(file, GrammarTableText.replacePrecursor(file, table).bytes());
        assertArrayEquals(utf8("\uFEFF# config\r\n[precursor.requires]\nEdit = \"Grep\"\n\r\n[kernel]\r\nx = 1\r\n"),
                GrammarTableText.replacePrecursor(file, "[precursor.requires]\nEdit = \"Grep\"\n").bytes());
    }

    @Test
    void aHeaderInsideAMultiLineArrayOrAStringIsNotAHeader() {
        byte[] file = utf8("[kernel]\nmatrix = [\n  [1, 2],\n  [3, 4],\n]\nnote = '''\n[precursor.requires]\n'''\n"
                + "[precursor.requires]\nEdit = \"Read\"\n");
        GrammarTableText.Region r = GrammarTableText.locate(file, GrammarTableText.PRECURSOR).region();
        assertEquals(9, r.line());
        assertEquals("[precursor.requires]\nEdit = \"Read\"\n", GrammarTableText.precursorText(file));
    }

    @Test
    void quotedAndSpacedHeadersAreRecognised() {
        byte[] file = utf8("[ \"precursor\" . 'requires' ]\nEdit = \"Read\"\n[precursorial]\nx = 1\n");
        assertEquals("[ \"precursor\" . 'requires' ]\nEdit = \"Read\"\n", GrammarTableText.precursorText(file));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "[precursor]\ncase_sensitive = false\n[kernel]\nx = 1\n[precursor.requires]\nEdit = \"Read\"\n",
            "precursor.requires.Edit = \"Read\"\n[kernel]\nx = 1\n",
            "precursor = { requires = { Edit = \"Read\" } }\n",
            "precursor.case_sensitive = true\n[precursor.requires]\nEdit = \"Read\"\n"})
    void aTableThatIsSplitOrWrittenWithoutItsHeaderIsNotSavedInPlace(String toml) {
        byte[] file = utf8(toml);
        assertTrue(GrammarLoader.parse(file).ok(), "a valid grammar, only not in one piece");
        GrammarTableText.Replaced r = GrammarTableText.replacePrecursor(file, "[precursor.requires]\nEdit = \"Grep\"\n");
        assertFalse(r.ok());
        assertNull(r.bytes());
        assertTrue(r.problem().contains("to save in place"), r.problem());
    }

    @Test
    void aNewTableThatDoesNotLoadIsNotSavedAndItsErrorsSayWhy() throws Exception {
        GrammarTableText.Replaced r = GrammarTableText.replacePrecursor(dosToml(), "[precursor]\nrequire = { Edit = \"Read\" }\n");
        assertFalse(r.ok());
        assertEquals(List.of(GrammarError.Kind.UNKNOWN_KEY), r.errors().stream().map(GrammarError::kind).toList());
    }

    @Test
    void aFileWithoutThePrecursorTableGetsItAppended() {
        byte[] file = utf8("[kernel]\nx = 1");
        GrammarTableText.Replaced r = GrammarTableText.replacePrecursor(file, "[precursor.requires]\nEdit = \"Read\"\n");
        assertEquals("[kernel]\nx = 1\n[precursor.requires]\nEdit = \"Read\"\n", new String(r.bytes(), StandardCharsets.UTF_8));
    }

    @Test
    void savingKeepsWhatAnotherProgramChangedInTheOtherTablesMeanwhile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("dos.toml");
        Files.write(file, dosToml());
        String table = GrammarTableText.precursorText(Files.readAllBytes(file));
        // the runtime rewrites its own table while the grammar is open in Coroner
        Files.writeString(file, Files.readString(file).replace("max_turns = 40", "max_turns = 80"));
        GrammarTableText.Replaced r = GrammarTableText.save(file, table.replace("Edit = [\"Read\"]", "Edit = [\"Read\", \"Grep\"]"));
        assertTrue(r.ok(), r::problem);
        String now = Files.readString(file);
        assertTrue(now.contains("max_turns = 80"));
        assertTrue(now.contains("Edit = [\"Read\", \"Grep\"]"));
        assertEquals(List.of("dos.toml"), Files.list(dir).map(p -> p.getFileName().toString()).toList(), "no temporary file left");
    }

    @Test
    void aRefusedSaveWritesNothing(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("dos.toml");
        Files.write(file, dosToml());
        GrammarTableText.Replaced r = GrammarTableText.save(file, "[precursor]\nbogus = 1\n");
        assertFalse(r.ok());
        assertArrayEquals(dosToml(), Files.readAllBytes(file));
    }

    /**
     * The lexer agrees with tomlj on every grammar fixture that loads: without the region it finds, the file holds no
     * [precursor] table any more, and everything else it held is still there.
     */
    @Test
    void removingTheRegionRemovesExactlyThePrecursorTableFromEveryFixture() throws Exception {
        List<Path> grammars;
        try (var files = Files.walk(Fixtures.path("precursor"))) {
            grammars = files.filter(p -> p.toString().endsWith(".toml")).sorted().toList();
        }
        int checked = 0;
        for (Path g : grammars) {
            byte[] file = Files.readAllBytes(g);
            org.tomlj.TomlParseResult before = org.tomlj.Toml.parse(new String(file, StandardCharsets.UTF_8));
            if (before.hasErrors() || !(before.get("precursor") instanceof org.tomlj.TomlTable)) {
                continue;
            }
            GrammarTableText.Located at = GrammarTableText.locate(file, GrammarTableText.PRECURSOR);
            assertTrue(at.region() != null, g + ": " + at.problem());
            GrammarTableText.Region r = at.region();
            String without = new String(file, 0, r.start(), StandardCharsets.UTF_8)
                    + new String(file, r.end(), file.length - r.end(), StandardCharsets.UTF_8);
            org.tomlj.TomlParseResult after = org.tomlj.Toml.parse(without);
            assertFalse(after.hasErrors(), g + ": " + after.errors());
            assertNull(after.get("precursor"), g.toString());
            java.util.Set<String> others = new java.util.TreeSet<>(before.dottedKeySet());
            others.removeIf(k -> k.equals("precursor") || k.startsWith("precursor."));
            assertEquals(others, new java.util.TreeSet<>(after.dottedKeySet()), g.toString());
            checked++;
        }
        assertTrue(checked >= 15, "checked " + checked);
    }

    @Test
    void theEditorsSaveTakesBothGrammarTablesFromTheEditorAndEveryOtherByteFromTheDisk() throws Exception {
        byte[] disk = dosToml();
        String text = new String(disk, StandardCharsets.UTF_8);
        String edited = text.replace("Write = \"Read\"\n", "Write = \"Read\"\nBash = [\"Grep\"]\n")
                .replace("created_file = [\"Write\"]\n", "created_file = [\"Write\"]\nown_write = [\"Write\"]\n")
                .replace("max_turns = 40", "max_turns = 99");
        byte[] onDiskNow = text.replace("keep_results = 200", "keep_results = 300").getBytes(StandardCharsets.UTF_8);
        GrammarTableText.Replaced r = GrammarTableText.replaceGrammar(onDiskNow, edited);
        assertTrue(r.ok(), r::problem);
        String expected = text.replace("keep_results = 200", "keep_results = 300")
                .replace("Write = \"Read\"\n", "Write = \"Read\"\nBash = [\"Grep\"]\n")
                .replace("created_file = [\"Write\"]\n", "created_file = [\"Write\"]\nown_write = [\"Write\"]\n");
        assertEquals(expected, new String(r.bytes(), StandardCharsets.UTF_8),
                "the grammar's tables from the editor, [kernel] and [tool_stream] as on disk");
        assertArrayEquals(disk, GrammarTableText.replaceGrammar(disk, text).bytes(), "unchanged text saves the same bytes");
    }
}

package dev.coroner.core.precursor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.precursor.GrammarError.Kind;
import dev.coroner.core.read.TranscriptFile;
import dev.coroner.fixtures.Fixtures;
import dev.coroner.fixtures.SpecialFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Every broken grammar in fixtures/precursor/bad gets a positioned error that says what to change. */
class GrammarErrorsTest {

    @ParameterizedTest(name = "{0} → {1}:{2} {3}")
    @CsvSource(delimiter = '|', value = {
            "syntax-unclosed-header.toml    | 1 | 20 | SYNTAX       | expected ]",
            "syntax-repeated-key.toml       | 3 | 1  | SYNTAX       | keep one of the two lines",
            "syntax-unquoted-value.toml     | 2 | 8  | SYNTAX       | put it in quotes",
            "unknown-table.toml             | 1 | 1  | NO_TABLE     | no [precursor] table; did you mean [precursor] for `precursors`?",
            "no-precursor-table.toml        | 1 | 1  | NO_TABLE     | no [precursor] table, so this file holds no grammar",
            "unknown-key.toml               | 2 | 1  | UNKNOWN_KEY  | unknown key `require` in [precursor]; did you mean `requires`?",
            "unknown-key-casesensitive.toml | 2 | 1  | UNKNOWN_KEY  | did you mean `case_sensitive`?",
            "case-sensitive-string.toml     | 2 | 1  | WRONG_TYPE   | `case_sensitive` must be true or false, not a string",
            "requires-string.toml           | 2 | 1  | WRONG_TYPE   | `requires` must be a table, not a string",
            "precursor-not-table.toml       | 1 | 1  | WRONG_TYPE   | `precursor` must be a table, not an array",
            "value-integer.toml             | 3 | 1  | WRONG_TYPE   | `Edit` must list its precursor tools as a string or an array of strings, not an integer",
            "element-integer.toml           | 2 | 17 | WRONG_TYPE   | item 2 of `Edit` must be a string (a tool name), not an integer",
            "element-array.toml             | 2 | 9  | WRONG_TYPE   | list the names in one flat array",
            "duplicate-case.toml            | 3 | 1  | DUPLICATE    | `edit` is the same tool as `Edit` at line 2, column 1",
            "duplicate-delimiters.toml      | 3 | 3  | DUPLICATE    | `get.order` is the same tool as `get-order` at line 2, column 1",
            "duplicate-alias.toml           | 5 | 1  | DUPLICATE    | `READ` is the same tool as `Read`",
            "empty-list.toml                | 2 | 1  | EMPTY        | `Edit` lists no precursor, so it would gate nothing",
            "empty-name.toml                | 2 | 17 | EMPTY        | item 2 of `Edit` is empty once trimmed",
            "unused-alias.toml              | 4 | 1  | UNUSED_ALIAS | no tool under [precursor.requires] lists `Raed` as a precursor; did you mean `Read`?",
            "aliases-array-of-tables.toml   | 3 | 1  | WRONG_TYPE   | `aliases` must be a table, not an array",
            "not-utf8.toml                  | 2 | 10 | ENCODING     | byte 0xe9 is not UTF-8",
            "exemption-unknown-key.toml     | 4 | 1  | UNKNOWN_KEY  | unknown key `create_file` in [coroner.precursor]; did you mean `created_file`?",
            "exemption-not-gated.toml       | 4 | 26 | UNUSED_EXEMPTION | `created_file` lists `Wirte`, which no rule under [precursor.requires] gates, so it would exempt nothing; did you mean `Write`?",
            "exemption-not-table.toml       | 4 | 1  | WRONG_TYPE   | `coroner.precursor` must be a table, not a string",
            "commands-not-table.toml        | 2 | 1  | WRONG_TYPE   | `commands` must be a table, not an array",
            "commands-unused.toml           | 5 | 1  | UNUSED_COMMANDS | commands that count as `Raed` change nothing: no rule under [precursor.requires] accepts `Raed` (as a precursor or an alias); did you mean `Read`?",
            "commands-empty-list.toml       | 5 | 1  | EMPTY        | `Read` lists no command, so it would count nothing as a lookup",
            "commands-element-integer.toml  | 5 | 16 | WRONG_TYPE   | item 2 of `Read` must be a string (a command prefix such as \"sed -n\"), not an integer",
            "commands-empty-prefix.toml     | 5 | 16 | EMPTY        | item 2 of `Read` is an empty command",
            "commands-shell-operator.toml   | 5 | 16 | BAD_COMMAND  | which a command prefix may not hold: it is plain words",
            "commands-duplicate.toml        | 6 | 1  | DUPLICATE    | `READ` is the same lookup as `Read` at line 5, column 1"
    })
    void eachMistakeIsReportedAtItsPlace(String file, int line, int column, Kind kind, String says) {
        GrammarResult r = GrammarLoader.load(Fixtures.path("precursor/bad/" + file));
        assertFalse(r.ok());
        assertNull(r.grammar(), "no silent default");
        assertEquals(1, r.errors().size(), () -> r.errors().toString());
        GrammarError e = r.errors().get(0);
        assertEquals(kind, e.kind(), e::message);
        assertEquals(line + ":" + column, e.line() + ":" + e.column(), e::message);
        assertTrue(e.message().contains(says), () -> "«" + e.message() + "» should say «" + says + "»");
        assertEquals(file + ":" + line + ":" + column + ": " + e.message(), e.describe(file));
    }

    @Test
    void everyErrorInAFileIsReportedInFileOrder() {
        GrammarResult r = GrammarLoader.load(Fixtures.path("precursor/bad/many-errors.toml"));
        assertEquals(List.of("3:1 WRONG_TYPE", "4:1 UNKNOWN_KEY", "6:1 WRONG_TYPE", "7:18 WRONG_TYPE"),
                r.errors().stream().map(e -> e.line() + ":" + e.column() + " " + e.kind()).toList());
        assertTrue(r.errors().get(1).message().contains("did you mean `aliases`?"));
        // a top-level key of another owner is no mistake in a grammar read out of a larger file: a note
        assertEquals(List.of(new GrammarNote(1, 1, "`title` is not part of a precursor grammar: left alone")), r.notes());
    }

    @Test
    void everyBadFixtureIsInTheTable() throws IOException {
        Set<String> covered = Set.of("syntax-unclosed-header.toml", "syntax-repeated-key.toml",
                "syntax-unquoted-value.toml", "unknown-table.toml", "unknown-key.toml", "unknown-key-casesensitive.toml",
                "case-sensitive-string.toml", "requires-string.toml", "precursor-not-table.toml", "value-integer.toml",
                "element-integer.toml", "element-array.toml", "duplicate-case.toml", "duplicate-delimiters.toml",
                "duplicate-alias.toml", "empty-list.toml", "empty-name.toml", "unused-alias.toml",
                "aliases-array-of-tables.toml", "not-utf8.toml", "many-errors.toml", "no-precursor-table.toml",
                "exemption-unknown-key.toml", "exemption-not-gated.toml", "exemption-not-table.toml",
                "commands-not-table.toml", "commands-unused.toml", "commands-empty-list.toml",
                "commands-element-integer.toml", "commands-empty-prefix.toml", "commands-shell-operator.toml",
                "commands-duplicate.toml");
        try (Stream<Path> files = Files.list(Fixtures.path("precursor/bad"))) {
            Set<String> present = files.map(p -> p.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
            assertEquals(new TreeSet<>(covered), present);
        }
    }

    @Test
    void aSyntaxErrorIsNotFollowedByGuessesAboutTheRest() {
        GrammarResult r = GrammarLoader.parse("[precursor.requires\nEdit = 3\nbogus = true\n");
        assertTrue(r.errors().stream().allMatch(e -> e.kind() == Kind.SYNTAX), r.errors()::toString);
    }

    @Test
    void duplicatesDependOnCaseSensitivity() {
        assertTrue(GrammarLoader.parse("[precursor]\ncase_sensitive = true\n[precursor.requires]\nEdit = \"Read\"\nedit = \"Read\"\n").ok());
        GrammarResult r = GrammarLoader.parse("[precursor]\ncase_sensitive = true\n[precursor.requires]\n"
                + "\"Check-Access\" = \"Read\"\n\"Check.Access\" = \"Read\"\n");
        assertEquals(List.of("5:1 DUPLICATE"), r.errors().stream().map(e -> e.line() + ":" + e.column() + " " + e.kind()).toList());
        assertTrue(r.errors().get(0).message().contains("once '-' and '.' are read as '_'"));
    }

    @Test
    void anUnknownKeyFarFromAnyKnownOneGetsNoGuess() {
        GrammarResult r = GrammarLoader.parse("[precursor]\nmaximum_retries = 3\n");
        assertEquals(1, r.errors().size());
        assertFalse(r.errors().get(0).message().contains("did you mean"), r.errors().get(0).message());
        assertTrue(r.errors().get(0).message().contains("the keys are case_sensitive, requires, aliases and commands"));
    }

    @Test
    void aMissingFileIsAnErrorNotTheEmptyGrammar(@TempDir Path dir) {
        GrammarResult r = GrammarLoader.load(dir.resolve("nope.toml"));
        assertEquals(List.of(new GrammarError(0, 0, Kind.FILE, "no such file")), r.errors());
        assertEquals("nope.toml: no such file", r.errors().get(0).describe("nope.toml"));
    }

    @Test
    void aDirectoryIsAnError(@TempDir Path dir) {
        GrammarResult r = GrammarLoader.load(dir);
        assertEquals(Kind.FILE, r.errors().get(0).kind());
        assertTrue(r.errors().get(0).message().contains("is a directory"));
    }

    @Test
    void aNamedPipeIsRefusedUnopenedNotWaitedOn(@TempDir Path dir) throws IOException {
        Path fifo = SpecialFiles.fifo(dir.resolve("g.toml"));
        GrammarResult r = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> GrammarLoader.load(fifo));
        assertEquals(List.of(new GrammarError(0, 0, Kind.FILE, TranscriptFile.NOT_A_REGULAR_FILE)), r.errors());
    }

    @Test
    void anEndlessDeviceIsRefusedUnread() {
        GrammarResult r = assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> GrammarLoader.load(SpecialFiles.ENDLESS_DEVICE));
        assertEquals(List.of(new GrammarError(0, 0, Kind.FILE, TranscriptFile.NOT_A_REGULAR_FILE)), r.errors());
    }

    @ParameterizedTest(name = "{0} nested")
    @ValueSource(strings = {"[", "{x="})
    void aThousandNestedBracketsAreALimitErrorAtTheFirstBracketTooDeep(String open) {
        // 2 KB that overflowed the TOML parser's stack before the limit
        String text = "[precursor.requires]\nEdit = " + open.repeat(1000) + "\n";
        GrammarResult r = GrammarLoader.parse(text);
        int column = "Edit = ".length() + open.length() * GrammarLoader.MAX_NESTING + 1;
        assertEquals(List.of(new GrammarError(2, column, Kind.LIMIT, "arrays and tables nest deeper than "
                + GrammarLoader.MAX_NESTING + " levels here; a grammar needs two or three")), r.errors());
    }

    @Test
    void nestingUpToTheLimitIsParsedAndJudgedAsUsual() {
        int levels = GrammarLoader.MAX_NESTING - 1; // the [precursor.requires] header is one level too
        String text = "[precursor.requires]\nEdit = " + "[".repeat(levels) + "\"Read\"" + "]".repeat(levels) + "\n";
        GrammarResult r = GrammarLoader.parse(text);
        assertEquals(Kind.WRONG_TYPE, r.errors().get(0).kind(), r.errors().toString());
    }

    @Test
    void bracketsInStringsAndCommentsDoNotCountAsNesting() {
        String deep = "[".repeat(200);
        String text = "# " + deep + "\n[precursor.requires]\nEdit = [\"" + deep + "\", '" + deep + "', \"\"\"\n"
                + deep + "\n\"\"\", \"\\\"" + deep + "\"] # " + deep + "\n";
        GrammarResult r = GrammarLoader.parse(text);
        assertTrue(r.errors().stream().noneMatch(e -> e.kind() == Kind.LIMIT), r.errors().toString());
    }

    @Test
    void aHugeFileIsRefusedUnread(@TempDir Path dir) throws IOException {
        Path big = dir.resolve("big.toml");
        Files.write(big, new byte[GrammarLoader.MAX_GRAMMAR_BYTES + 1]);
        GrammarResult r = GrammarLoader.load(big);
        assertEquals(Kind.FILE, r.errors().get(0).kind());
        assertTrue(r.errors().get(0).message().contains("is refused"));
    }

    @Test
    void columnsCountCodePointsNotUtf16Units() {
        // U+1F4DD is two UTF-16 units but one character: the 3 is the 16th character of its line.
        GrammarResult r = GrammarLoader.parse("[precursor.requires]\n\"\uD83D\uDCDD\" = [\"Lire\", 3]\n");
        assertEquals("2:16", r.errors().get(0).line() + ":" + r.errors().get(0).column());
    }

    @Test
    void anEncodingErrorIsPlacedByCharactersToo() {
        byte[] bytes = {'[', 'p', 'r', 'e', 'c', 'u', 'r', 's', 'o', 'r', ']', '\n', '#', ' ', (byte) 0xC3, (byte) 0xA9,
                ' ', (byte) 0xFF, '\n'};
        GrammarResult r = GrammarLoader.parse(bytes);
        assertEquals(List.of(new GrammarError(2, 5, Kind.ENCODING, "byte 0xff is not UTF-8; save the grammar as UTF-8")),
                r.errors());
    }
}

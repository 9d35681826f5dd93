package dev.coroner.core.precursor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.fixtures.Fixtures;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GrammarLoaderTest {

    private static PrecursorGrammar ok(String toml) {
        GrammarResult r = GrammarLoader.parse(toml);
        assertTrue(r.ok(), () -> "expected no errors, got " + r.errors());
        return r.grammar();
    }

    @Test
    void claudeCodeGrammarGatesTheFourEditingToolsOnRead() {
        GrammarResult r = GrammarLoader.load(Fixtures.path("precursor/claude-code.toml"));
        assertTrue(r.ok(), () -> r.errors().toString());
        PrecursorGrammar g = r.grammar();
        assertEquals(List.of("Edit", "Write", "MultiEdit", "NotebookEdit"),
                g.rules().stream().map(PrecursorGrammar.Rule::tool).toList());
        assertEquals(List.of("notebookread", "read"), g.required("Edit"));
        assertEquals(List.of("notebookread", "read"), g.required("write"));
        assertEquals(List.of(), g.required("Bash"));
        assertFalse(g.caseSensitive());
    }

    @Test
    void customerServiceGrammarMatchesMixedSpellingsAndAliases() {
        GrammarResult r = GrammarLoader.load(Fixtures.path("precursor/customer-service.toml"));
        assertTrue(r.ok(), () -> r.errors().toString());
        List<String> all = List.of("find_order", "find_user_id_by_email", "find_user_id_by_name_zip",
                "get_order_details", "get_user_details", "lookup_order");
        for (String tool : List.of("cancel_order", "Modify.Order", "modify-order", "EXCHANGE_ITEMS", "exchange.items")) {
            assertEquals(all, r.grammar().required(tool), tool);
        }
    }

    @Test
    void aStringIsAOneElementList() {
        assertEquals(ok("[precursor.requires]\nEdit = [\"Read\"]\n").required("Edit"),
                ok("[precursor.requires]\nEdit = \"Read\"\n").required("Edit"));
        assertEquals(List.of("read", "view"),
                ok("[precursor.requires]\nEdit = \"Read\"\n[precursor.aliases]\nRead = \"View\"\n").required("Edit"));
    }

    @ParameterizedTest(name = "an empty [precursor] table: {0}")
    @ValueSource(strings = {"[precursor]\n", "# nothing gated\n[precursor]\n", "[precursor]\ncase_sensitive = true\n",
            "[kernel]\nx = 1\n[precursor]\n"})
    void anEmptyPrecursorTableIsTheEmptyGrammar(String toml) {
        PrecursorGrammar g = ok(toml);
        assertTrue(g.isEmpty());
        assertEquals(List.of(), g.required("Edit"));
    }

    @ParameterizedTest(name = "no [precursor] table: {0}")
    @ValueSource(strings = {"", "# nothing here\n", "\n\n", "[kernel]\nmax_turns = 40\n", "[coroner.precursor]\nown_write = \"Write\"\n"})
    void noPrecursorTableAtAllIsAnErrorNotTheEmptyGrammar(String toml) {
        GrammarResult r = GrammarLoader.parse(toml);
        assertNull(r.grammar());
        assertEquals(List.of("1:1 NO_TABLE"), r.errors().stream().map(e -> e.line() + ":" + e.column() + " " + e.kind()).toList());
        assertTrue(r.errors().get(0).message().contains("add a [precursor] header"), r.errors().get(0).message());
    }

    @Test
    void theEmptyGrammarFixtureLoadsAsEmpty() {
        GrammarResult r = GrammarLoader.load(Fixtures.path("precursor/empty.toml"));
        assertTrue(r.grammar().isEmpty());
        assertEquals(List.of(), r.notes());
    }

    @Test
    void aDosTomlIsReadForItsPrecursorTablesAndEveryOtherTableIsANote() {
        GrammarResult r = GrammarLoader.load(Fixtures.path("precursor/dos.toml"));
        assertTrue(r.ok(), () -> r.errors().toString());
        assertEquals(List.of("Edit", "Write"), r.grammar().rules().stream().map(PrecursorGrammar.Rule::tool).toList());
        assertEquals(List.of("notebookread", "read"), r.grammar().required("Edit"));
        assertEquals(new PrecursorGrammar.Exemptions(List.of("write"), List.of()), r.grammar().exemptions());
        // the string that holds "[precursor]" on a line of its own is a string, not a second table
        assertEquals(List.of("2:1 `title`", "4:1 `kernel`", "8:1 `tool_stream`", "31:1 `intervention`"), r.notes().stream()
                .map(n -> n.line() + ":" + n.column() + " " + n.message().substring(0, n.message().indexOf(' '))).toList());
        assertTrue(r.notes().stream().allMatch(n -> n.message().endsWith("is not part of a precursor grammar: left alone")));
    }

    @Test
    void insideThePrecursorTableItStaysStrictWhateverElseTheFileHolds() {
        GrammarResult r = GrammarLoader.parse("[kernel]\nmax_turns = 40\n[precursor]\nrequire = { Edit = \"Read\" }\n");
        assertNull(r.grammar());
        assertEquals(List.of("4:1 UNKNOWN_KEY"), r.errors().stream().map(e -> e.line() + ":" + e.column() + " " + e.kind()).toList());
        assertEquals(List.of("1:1"), r.notes().stream().map(n -> n.line() + ":" + n.column()).toList());
    }

    @Test
    void exemptionsAreReadFromCoronerPrecursorAsCanonicalNames() {
        PrecursorGrammar g = ok("[precursor.requires]\nWrite = \"Read\"\nEdit = \"Read\"\n[coroner.precursor]\n"
                + "created_file = \"write\"\nown_write = [\"Write\", \"Multi-Edit\", \"Edit\"]\n");
        assertEquals(new PrecursorGrammar.Exemptions(List.of("write"), List.of("edit", "multi_edit", "write")), g.exemptions());
        assertEquals(PrecursorGrammar.Exemptions.NONE, g.withoutExemptions().exemptions());
        assertEquals(g.required("Edit"), g.withoutExemptions().required("Edit"));
        assertEquals(PrecursorGrammar.Exemptions.NONE, ok("[precursor.requires]\nWrite = \"Read\"\n").exemptions());
    }

    @Test
    void otherKeysOfTheCoronerTableAreLeftAloneWithANote() {
        GrammarResult r = GrammarLoader.parse("[precursor.requires]\nWrite = \"Read\"\n[coroner.workspace]\nlayout = \"wide\"\n");
        assertTrue(r.ok(), () -> r.errors().toString());
        assertEquals(List.of("3:1 `coroner.workspace` is not part of a precursor grammar: left alone"),
                r.notes().stream().map(n -> n.line() + ":" + n.column() + " " + n.message()).toList());
    }

    @Test
    void anEmptyExemptionListIsAnError() {
        GrammarResult r = GrammarLoader.parse("[precursor.requires]\nWrite = \"Read\"\n[coroner.precursor]\nown_write = []\n");
        assertEquals(List.of("4:1 EMPTY"), r.errors().stream().map(e -> e.line() + ":" + e.column() + " " + e.kind()).toList());
    }

    @Test
    void caseSensitiveKeepsTheDeclaredSpelling() {
        PrecursorGrammar g = ok("[precursor]\ncase_sensitive = true\n[precursor.requires]\nEdit = \"Read\"\n");
        assertTrue(g.caseSensitive());
        assertEquals(List.of("Read"), g.required("Edit"));
        assertEquals(List.of(), g.required("edit"), "a case-sensitive grammar does not gate `edit`");
    }

    @Test
    void caseSensitiveGrammarsMayDeclareBothCases() {
        PrecursorGrammar g = ok("[precursor]\ncase_sensitive = true\n[precursor.requires]\nEdit = \"Read\"\nedit = \"read\"\n");
        assertEquals(List.of("Read"), g.required("Edit"));
        assertEquals(List.of("read"), g.required("edit"));
    }

    @Test
    void dottedKeysAndInlineTablesAreTheSameGrammar() {
        PrecursorGrammar dotted = ok("precursor.requires.Edit = \"Read\"\nprecursor.case_sensitive = false\n");
        PrecursorGrammar inline = ok("[precursor]\nrequires = { Edit = \"Read\" }\n");
        assertEquals(List.of("read"), dotted.required("Edit"));
        assertEquals(List.of("read"), inline.required("Edit"));
    }

    @Test
    void quotedKeysWithDotsAreOneToolName() {
        PrecursorGrammar g = ok("[precursor.requires]\n\"Exchange.Items\" = \"get-order\"\n");
        assertEquals(List.of("get_order"), g.required("exchange_items"));
    }

    @Test
    void aByteOrderMarkIsDropped() {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        byte[] body = "[precursor.requires]\nEdit = \"Read\"\n".getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[bom.length + body.length];
        System.arraycopy(bom, 0, all, 0, bom.length);
        System.arraycopy(body, 0, all, bom.length, body.length);
        GrammarResult r = GrammarLoader.parse(all);
        assertTrue(r.ok(), () -> r.errors().toString());
        assertEquals(List.of("read"), r.grammar().required("Edit"));
    }

    @Test
    void aListedPrecursorTwiceCountsOnce() {
        assertEquals(List.of("read"), ok("[precursor.requires]\nEdit = [\"Read\", \"read\", \" READ \"]\n").required("Edit"));
    }

    @Test
    void aGrammarWithErrorsHasNoGrammarAtAll() {
        GrammarResult r = GrammarLoader.parse("[precursor.requires]\nEdit = \"Read\"\nWrite = 3\n");
        assertFalse(r.ok());
        assertNull(r.grammar(), "a grammar with a mistake is never half-used");
    }

    /**
     * Found by Jazzer (core/src/test/resources/dev/coroner/core/fuzz/ReaderFuzzTestInputs/grammarLoader/): tomlj
     * asserts an escape it matched is whole, so under -ea (surefire's default) a short backslash-u or -U escape threw
     * AssertionError out of parse; it is the syntax error tomlj gives without -ea, at the escape.
     */
    @ParameterizedTest
    @ValueSource(strings = {"y = \"\\u12\"", "y = \"\\U\"", "y = \"\\Unexpected\""})
    void aShortUnicodeEscapeIsASyntaxErrorAtTheEscapeWithAssertionsOn(String line) {
        GrammarResult r = GrammarLoader.parse("[precursor.requires]\na = \"\\\\u\"\n" + line + "\n");
        assertNull(r.grammar());
        assertEquals(GrammarError.Kind.SYNTAX, r.errors().get(0).kind(), () -> r.errors().toString());
        assertEquals("TOML syntax: Invalid unicode escape sequence", r.errors().get(0).message());
        assertEquals(3, r.errors().get(0).line());
        assertEquals(6, r.errors().get(0).column());
    }

    /**
     * Found by Jazzer (ReaderFuzzTestInputs/grammarLoader/bad-escape-in-table-header-key): tomlj throws, rather than
     * collects, a bad escape in a quoted key of a table header, so it escaped parse as TomlParseError, with or
     * without -ea; it is a syntax error at the escape, as the same escape in any other key is.
     */
    @ParameterizedTest
    @ValueSource(strings = {"[precursor.\"\\q\"]", "[[precursor.\"\\q\"]]", "[precursor]\n\"\\q\" = 1"})
    void aBadEscapeInAQuotedKeyIsASyntaxErrorWhereverTheKeyIs(String toml) {
        GrammarResult r = GrammarLoader.parse(toml + "\n");
        assertNull(r.grammar());
        assertEquals(1, r.errors().size(), () -> r.errors().toString());
        assertEquals(GrammarError.Kind.SYNTAX, r.errors().get(0).kind());
        assertEquals("TOML syntax: Invalid escape sequence '\\q'", r.errors().get(0).message());
        assertEquals(toml.startsWith("[precursor]\n") ? 2 : 1, r.errors().get(0).line());
    }
}

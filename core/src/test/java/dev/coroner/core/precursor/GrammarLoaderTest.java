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

    @ParameterizedTest(name = "no [precursor] table: {0}")
    @ValueSource(strings = {"", "# nothing here\n", "\n\n", "[precursor]\n"})
    void noPrecursorTableIsTheEmptyGrammar(String toml) {
        PrecursorGrammar g = ok(toml);
        assertTrue(g.isEmpty());
        assertEquals(List.of(), g.required("Edit"));
    }

    @Test
    void theEmptyGrammarFixtureLoadsAsEmpty() {
        GrammarResult r = GrammarLoader.load(Fixtures.path("precursor/empty.toml"));
        assertSame(PrecursorGrammar.EMPTY, r.grammar());
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
}

package dev.coroner.core.precursor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.fixtures.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Edits made from the evidence change only the line they touch (or add lines), keep comments, and load. */
class GrammarEditsTest {
    private static final String GRAMMAR = """
            # my grammar
            [precursor]
            case_sensitive = false

            [precursor.requires]
            Edit = ["Read"]   # read first
            Write = "Read"

            # aliases below
            [precursor.aliases]
            Read = ["NotebookRead"]
            """;

    private static String applied(GrammarEdits.Result r, String text) {
        assertTrue(r.ok(), r.problem());
        String out = r.edit().apply(text);
        assertTrue(GrammarLoader.parse(out).ok() || !GrammarLoader.parse(out).errors().stream()
                .anyMatch(e -> e.kind() == GrammarError.Kind.SYNTAX), out);
        return out;
    }

    @Test
    void requiringALookupBeforeANewToolAddsOneLineUnderRequiresAndKeepsEveryComment() {
        String out = applied(GrammarEdits.requireLookup(GRAMMAR, "Bash", "Grep"), GRAMMAR);
        assertEquals(GRAMMAR.replace("Write = \"Read\"\n", "Write = \"Read\"\nBash = [\"Grep\"]\n"), out);
        assertEquals(List.of("grep"), GrammarLoader.parse(out).grammar().required("Bash"));
    }

    @Test
    void requiringAnotherLookupOfAGatedToolExtendsItsListKeepingTheTrailingComment() {
        String out = applied(GrammarEdits.requireLookup(GRAMMAR, "edit", "Grep"), GRAMMAR);
        assertEquals(GRAMMAR.replace("Edit = [\"Read\"]   # read first", "Edit = [\"Read\", \"Grep\"]   # read first"), out);
        String again = applied(GrammarEdits.requireLookup(out, "Write", "Grep"), out);
        assertTrue(again.contains("Write = [\"Read\", \"Grep\"]\n"), again);
    }

    @Test
    void aNameAlreadyListedIsRefusedWithTheReason() {
        GrammarEdits.Result r = GrammarEdits.requireLookup(GRAMMAR, "Edit", "read");
        assertFalse(r.ok());
        assertEquals("Edit already lists Read", r.problem());
    }

    @Test
    void anAliasIsAddedToItsPrecursorsList() {
        String out = applied(GrammarEdits.addAlias(GRAMMAR, "Read", "View"), GRAMMAR);
        assertTrue(out.endsWith("Read = [\"NotebookRead\", \"View\"]\n"), out);
    }

    @Test
    void anExemptionMakesTheCoronerTableAtTheEndWhenThereIsNone() {
        String out = applied(GrammarEdits.exempt(GRAMMAR, PrecursorExemption.CREATED_FILE, "Write"), GRAMMAR);
        assertEquals(GRAMMAR + "\n[coroner.precursor]\ncreated_file = [\"Write\"]\n", out);
        assertEquals(List.of("write"), GrammarLoader.parse(out).grammar().exemptions().createdFile());
    }

    @Test
    void aRequiresTableIsMadeAfterThePrecursorTableNotAfterTheOthersOfADosToml() throws Exception {
        String dos = Files.readString(Fixtures.path("precursor/dos.toml"), StandardCharsets.UTF_8);
        String noRules = dos.replace("[precursor.requires]\nEdit = [\"Read\"]           # edit only what was read\nWrite = \"Read\"\n\n", "")
                .replace("[precursor.aliases]\nRead = [\"NotebookRead\"]\n", "").replace("created_file = [\"Write\"]\n", "");
        String out = applied(GrammarEdits.requireLookup(noRules, "Edit", "Read"), noRules);
        int rule = out.indexOf("[precursor.requires]\nEdit = [\"Read\"]\n");
        assertTrue(rule > out.indexOf("case_sensitive") && rule < out.indexOf("\n[coroner.precursor]"), out);
        assertEquals(noRules, out.replace("\n[precursor.requires]\nEdit = [\"Read\"]\n", ""));
    }

    @Test
    void aToolNameThatIsNotABareKeyIsQuoted() {
        String out = applied(GrammarEdits.requireLookup(GRAMMAR, "mcp.fs/write \"x\"", "Read"), GRAMMAR);
        assertTrue(out.contains("\"mcp.fs/write \\\"x\\\"\" = [\"Read\"]\n"), out);
        assertEquals(List.of("notebookread", "read"), GrammarLoader.parse(out).grammar().required("mcp.fs/write \"x\""));
    }

    @Test
    void textThatIsNotTomlYetIsNotEdited() {
        assertFalse(GrammarEdits.requireLookup("[precursor.requires\nEdit = ", "Edit", "Read").ok());
    }

    @Test
    void theDidYouMeanFixPutsTheSuggestedNameWhereTheMistakeIs() {
        String text = "[precursor]\nrequries = 1\n";
        GrammarError e = GrammarLoader.parse(text).errors().get(0);
        assertEquals("requires", e.suggestion());
        assertEquals("[precursor]\nrequires = 1\n", GrammarEdits.fix(text, e).orElseThrow().apply(text));
        String table = "[precusor]\n[precusor.requires]\nEdit = \"Read\"\n";
        GrammarError noTable = GrammarLoader.parse(table).errors().get(0);
        assertEquals("[precursor]\n[precusor.requires]\nEdit = \"Read\"\n",
                GrammarEdits.fix(table, noTable).orElseThrow().apply(table));
        String exemption = "[precursor.requires]\nWrite = \"Read\"\n[coroner.precursor]\ncreated_file = [\"Wirte\"]\n";
        GrammarError unused = GrammarLoader.parse(exemption).errors().get(0);
        String fixed = GrammarEdits.fix(exemption, unused).orElseThrow().apply(exemption);
        assertTrue(GrammarLoader.parse(fixed).ok(), fixed);
    }

    @Test
    void anErrorWithoutASuggestionHasNoFix() {
        String text = "[precursor]\nzzzzzzzz = 1\n";
        GrammarError e = GrammarLoader.parse(text).errors().get(0);
        assertTrue(GrammarEdits.fix(text, e).isEmpty());
    }
}

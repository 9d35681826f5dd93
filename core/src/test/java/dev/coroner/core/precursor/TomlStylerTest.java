package dev.coroner.core.precursor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.precursor.TomlStyler.Kind;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The grammar editor's colours: text in, spans out, on any text a person may be half-way through typing. */
class TomlStylerTest {
    /** Each span as "KIND:text", in order. */
    private static List<String> styled(String text) {
        List<String> out = new ArrayList<>();
        for (TomlStyler.Span s : TomlStyler.spans(text)) {
            out.add(s.kind() + ":" + text.substring(s.start(), s.end()));
        }
        return out;
    }

    @Test
    void aRuleLineIsKeyPunctuationAndStringsAndItsCommentIsAComment() {
        assertEquals(List.of("KEY:Edit", "PUNCTUATION:=", "PUNCTUATION:[", "STRING:\"Read\"", "PUNCTUATION:,",
                "STRING:'View'", "PUNCTUATION:]", "COMMENT:# read first"),
                styled("Edit = [\"Read\", 'View'] # read first"));
    }

    @Test
    void headersAreTablesAndValuesKeepTheirKinds() {
        assertEquals(List.of("TABLE:[precursor]", "KEY:case_sensitive", "PUNCTUATION:=", "BOOLEAN:false",
                "TABLE:[[x.y]]", "KEY:n", "PUNCTUATION:=", "NUMBER:-1_000", "KEY:d", "PUNCTUATION:=", "NUMBER:1979-05-27"),
                styled("[precursor]\ncase_sensitive = false\n[[x.y]]\nn = -1_000\nd = 1979-05-27\n"));
    }

    @Test
    void aQuotedKeyIsAKeyAndADottedKeyIsKeysAndDots() {
        assertEquals(List.of("KEY:\"mcp Edit\"", "PUNCTUATION:=", "STRING:\"Read\"", "KEY:a", "PUNCTUATION:.", "KEY:b",
                "PUNCTUATION:=", "NUMBER:1"), styled("\"mcp Edit\" = \"Read\"\na.b = 1"));
    }

    @Test
    void aMultiLineArrayKeepsItsStringsAsValuesAcrossLines() {
        assertEquals(List.of("KEY:Edit", "PUNCTUATION:=", "PUNCTUATION:[", "STRING:\"Read\"", "PUNCTUATION:,",
                "COMMENT:# first", "STRING:\"View\"", "PUNCTUATION:]"), styled("Edit = [\n  \"Read\", # first\n  \"View\"\n]"));
    }

    @Test
    void aMultiLineStringThatHoldsAHeaderIsOneString() {
        String text = "banner = \"\"\"\n[precursor]\n\"\"\"\n[kernel]";
        assertEquals(List.of("KEY:banner", "PUNCTUATION:=", "STRING:\"\"\"\n[precursor]\n\"\"\"", "TABLE:[kernel]"),
                styled(text));
    }

    @Test
    void anInlineTableHasKeysInside() {
        assertEquals(List.of("KEY:t", "PUNCTUATION:=", "PUNCTUATION:{", "KEY:a", "PUNCTUATION:=", "STRING:\"x\"",
                "PUNCTUATION:,", "KEY:b", "PUNCTUATION:=", "BOOLEAN:true", "PUNCTUATION:}"), styled("t = { a = \"x\", b = true }"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "Edit = [\"Read", "[precursor", "x = \"\"\"never ends", "]]]}}}", "= = =",
            "\"\\", "a = 'b\nc = [[[", "#", "\r\n\t", "Edit = [\"Read\" # unclosed\n[precursor.aliases]"})
    void halfTypedTextNeverFailsAndItsSpansStayInOrderInsideTheText(String text) {
        int at = 0;
        for (TomlStyler.Span s : TomlStyler.spans(text)) {
            assertTrue(s.start() >= at && s.end() <= text.length(), s + " in " + text);
            at = s.end();
        }
    }

    @Test
    void anUnterminatedStringEndsAtItsLineSoTheNextLineIsStyledAgain() {
        assertEquals(List.of("KEY:a", "PUNCTUATION:=", "STRING:\"open", "KEY:b", "PUNCTUATION:=", "NUMBER:2"),
                styled("a = \"open\nb = 2"));
    }

    @Test
    void kindsCoverCommentTableKeyStringNumberAndPunctuation() {
        List<Kind> kinds = TomlStyler.spans("# c\n[t]\nk = [\"s\", 1]").stream().map(TomlStyler.Span::kind).toList();
        assertTrue(kinds.containsAll(List.of(Kind.COMMENT, Kind.TABLE, Kind.KEY, Kind.STRING, Kind.NUMBER, Kind.PUNCTUATION)));
    }
}

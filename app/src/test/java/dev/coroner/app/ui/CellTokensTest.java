package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.CellTokens.Kind;
import dev.coroner.app.ui.CellTokens.Piece;
import dev.coroner.app.ui.model.Drawable;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A timeline cell's text in pieces: a tab or an escape character as a token apart from a typed backslash, a harness
 * tag as a tag token, everything kept, every other {@code <…>} left as text.
 */
class CellTokensTest {
    @Test
    void aTabIsATokenAndABackslashTThatWasTypedStaysText() {
        assertEquals(List.of(new Piece("← ok  1", Kind.TEXT), new Piece("\\t", Kind.CONTROL),
                new Piece("import flask, and a typed \\t", Kind.TEXT)),
                CellTokens.of("← ok  1\timport flask, and a typed \\t"));
        assertFalse(CellTokens.plain("1\timport"));
        assertTrue(CellTokens.plain("a typed \\t is text"));
    }

    @Test
    void escapeAndBidiCharactersAreTokensOfTheirEscape() {
        assertEquals(List.of(new Piece("\\x1b", Kind.CONTROL), new Piece("[31mred", Kind.TEXT),
                new Piece("\\u{202e}", Kind.CONTROL), new Piece("evil", Kind.TEXT)),
                CellTokens.of("\u001b[31mred\u202eevil"));
    }

    @Test
    void harnessTagsAreTokensAndOtherTagsStayText() {
        assertEquals(List.of(new Piece("<command-message>", Kind.TAG), new Piece("init is analyzing", Kind.TEXT),
                new Piece("</command-message>", Kind.TAG), new Piece(" ", Kind.TEXT),
                new Piece("<command-name>", Kind.TAG), new Piece("/init", Kind.TEXT),
                new Piece("</command-name>", Kind.TAG), new Piece(" <div>x</div> a < b", Kind.TEXT)),
                CellTokens.of("<command-message>init is analyzing</command-message> <command-name>/init</command-name>"
                        + " <div>x</div> a < b"));
        assertTrue(CellTokens.plain("<div>x</div> a < b"));
    }

    @Test
    void nothingIsLostAndAnEmojiTheFontsDrawIsText() {
        String raw = "😀 <system-reminder>x</system-reminder>\u0000\ud800";
        StringBuilder joined = new StringBuilder();
        CellTokens.of(raw, cp -> true).forEach(p -> joined.append(p.text()));
        assertEquals("😀 <system-reminder>x</system-reminder>\\x00\\u{d800}", joined.toString());
        assertEquals(List.of(new Piece("😀 a smile", Kind.TEXT)), CellTokens.of("😀 a smile", cp -> true),
                "a surrogate pair is one character, not two lone halves");
    }

    @Test
    void anEmojiTheFontsCannotDrawIsNamedInAGlyphTokenNotAnEmptyBox() {
        assertEquals(List.of(new Piece("ship it ", Kind.TEXT), new Piece(":rocket:", Kind.GLYPH),
                new Piece(" ", Kind.TEXT), new Piece(":white heavy check mark:", Kind.GLYPH)),
                CellTokens.of("ship it 🚀 ✅", cp -> !Drawable.pictograph(cp)));
    }
}

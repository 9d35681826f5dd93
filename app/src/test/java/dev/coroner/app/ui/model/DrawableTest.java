package dev.coroner.app.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** A label's text with each pictograph the fonts lack written as its placeholder, and every other character kept. */
class DrawableTest {
    @Test
    void writesEachPictographTheFontsLackAsItsNameAndKeepsTheRest() {
        assertEquals("ship it :rocket: :white heavy check mark: — naïve 中文",
                Drawable.shown("ship it \uD83D\uDE80 \u2705 — naïve 中文", cp -> !Drawable.pictograph(cp)));
        // a font that has the check mark but not the rocket
        assertEquals(":rocket: \u2705", Drawable.shown("\uD83D\uDE80 \u2705", cp -> cp != 0x1F680));
    }

    @Test
    void aTextAllDrawableIsTheSameString() {
        String s = "plain text, accents é, CJK 中文, and a lone surrogate \uD83D";
        assertSame(s, Drawable.shown(s, cp -> !Drawable.pictograph(cp)));
    }
}

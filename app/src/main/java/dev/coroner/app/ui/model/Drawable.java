package dev.coroner.app.ui.model;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntPredicate;

/**
 * Pictographs (emoji) the fonts of this machine cannot draw, and the placeholder the window shows for them
 * (docs/WORKBENCH.md, "Emoji"). Without an emoji font JavaFX drew each one as an empty box, which says neither
 * that a character is there nor which. The question goes to AWT's logical sans-serif font, which falls back through
 * the same system fonts (fontconfig on Linux) as JavaFX's text; it is asked once per pictograph, and only for
 * pictographs: every other character is drawn as it is. An AWT that cannot answer is taken to say yes.
 */
public final class Drawable {
    private static final Map<Integer, Boolean> KNOWN = new ConcurrentHashMap<>();

    private Drawable() {
    }

    /** Whether {@code cp} is a pictograph: the emoji blocks, the dingbats and symbols, the variation selector-16. */
    public static boolean pictograph(int cp) {
        return (cp >= 0x1F000 && cp <= 0x1FAFF) || (cp >= 0x2600 && cp <= 0x27BF) || (cp >= 0x2B00 && cp <= 0x2BFF)
                || cp == 0xFE0F;
    }

    /** Whether the window can draw {@code cp}: any character but a pictograph the fonts lack. */
    public static boolean canDraw(int cp) {
        return !pictograph(cp) || KNOWN.computeIfAbsent(cp, Drawable::askFonts);
    }

    /** {@code cp}'s placeholder: its Unicode name between colons (":rocket:"), or its code (":U+1FAF9:"). */
    public static String placeholder(int cp) {
        String name = Character.getName(cp);
        return ":" + (name == null ? String.format("U+%04X", cp) : name.toLowerCase(Locale.ROOT)) + ":";
    }

    /**
     * Asks the fonts their first question now (the answer is kept, as every answer is): AWT's first font takes about
     * 150 ms in a cold JVM. The window calls it while it is built, before it is shown and before any transcript is
     * read, so neither the FX thread while the corpus loads (every label goes through {@code Safe.text}) nor the pass's
     * threads pay for it later.
     */
    public static void warmUp() {
        canDraw(0x2705);
    }

    /** {@code s} with each pictograph the fonts cannot draw written as its placeholder: a label's text. */
    public static String shown(String s) {
        return shown(s, Drawable::canDraw);
    }

    /** {@link #shown(String)}, where {@code canDraw} says which characters the fonts can draw. */
    public static String shown(String s, IntPredicate canDraw) {
        StringBuilder out = null;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            int n = Character.charCount(cp);
            boolean drawn = !pictograph(cp) || canDraw.test(cp);
            if (!drawn && out == null) {
                out = new StringBuilder(s.length() + 16).append(s, 0, i);
            }
            if (out != null) {
                if (drawn) {
                    out.appendCodePoint(cp);
                } else {
                    out.append(placeholder(cp));
                }
            }
            i += n;
        }
        return out == null ? s : out.toString();
    }

    private static boolean askFonts(int cp) {
        try {
            return new java.awt.Font(java.awt.Font.SANS_SERIF, java.awt.Font.PLAIN, 12).canDisplay(cp);
        } catch (Throwable e) { // no font configuration, no AWT: draw it and let the platform show what it can
            return true;
        }
    }
}

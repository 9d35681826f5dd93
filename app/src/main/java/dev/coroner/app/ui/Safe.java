package dev.coroner.app.ui;

import dev.coroner.app.ui.model.Drawable;
import dev.coroner.core.text.ControlChars;

/**
 * Transcript text is hostile (docs/WORKBENCH.md, "Hostile text"): before the window draws a string that came from a
 * transcript or a file name — a verdict card, a finding, a tooltip, a corpus name, a timeline cell — its control
 * characters and the invisible bidi and line-breaking characters are written as visible escapes, as the command line
 * does. A right-to-left override cannot make "evil" read "live", and an ESC or a CR cannot reach a label raw. A
 * pictograph the fonts cannot draw is written as its placeholder (":rocket:", {@link Drawable}), not an empty box.
 */
final class Safe {
    private Safe() {
    }

    static String text(String s) {
        return s == null ? null : ControlChars.escape(Drawable.shown(s));
    }

    /** Parts of a tooltip, each made safe, on lines of their own (the line breaks are ours). */
    static String lines(String... parts) {
        StringBuilder s = new StringBuilder();
        for (String p : parts) {
            if (p == null || p.isEmpty()) {
                continue;
            }
            if (s.length() > 0) {
                s.append('\n');
            }
            s.append(text(p));
        }
        return s.toString();
    }
}

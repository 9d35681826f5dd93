package dev.coroner.app.ui;

import dev.coroner.app.ui.model.Drawable;
import dev.coroner.app.ui.model.HarnessTags;
import dev.coroner.core.text.ControlChars;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.regex.Matcher;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;

/**
 * A transcript text in a timeline cell with what is not plain text drawn as tokens (docs/WORKBENCH.md, "Hostile text").
 * A control or invisible character is its escape (backslash-t, backslash-x1b, backslash-u{202e}) in a token box, so a tab
 * never reads as the backslash and {@code t} a text may hold; a tag Claude Code writes into prompts and results
 * ({@code <command-name>}, {@code <system-reminder>} …) is itself in a tag box, so it reads as markup, not as what the
 * person typed. A pictograph the fonts cannot draw (an emoji, on a machine without an emoji font) is its name between
 * colons in a glyph box ({@link Drawable}), not an empty box. Nothing is dropped: the tokens hold the very text, or
 * name the very character, only drawn apart. Any other tag ({@code <div>} in code) stays text.
 */
final class CellTokens {

    /** What a piece of a cell's text is. */
    enum Kind { TEXT, CONTROL, TAG, GLYPH }

    /** A piece of a cell's text, already safe to draw. */
    record Piece(String text, Kind kind) {
    }

    private CellTokens() {
    }

    /** {@code raw} in pieces: its text, its unsafe characters each as a {@link Kind#CONTROL} piece, its harness tags. */
    static List<Piece> of(String raw) {
        return of(raw, Drawable::canDraw);
    }

    /** {@link #of(String)}, where {@code canDraw} says which characters the fonts can draw. */
    static List<Piece> of(String raw, IntPredicate canDraw) {
        List<Piece> pieces = new ArrayList<>();
        StringBuilder plain = new StringBuilder();
        Matcher tag = HarnessTags.PATTERN.matcher(raw);
        for (int i = 0; i < raw.length(); ) {
            int cp = raw.codePointAt(i);
            if (ControlChars.isUnsafe(cp)) {
                flush(plain, pieces);
                pieces.add(new Piece(ControlChars.escape(raw.substring(i, i + Character.charCount(cp))), Kind.CONTROL));
                i += Character.charCount(cp);
            } else if (!canDraw.test(cp)) {
                flush(plain, pieces);
                pieces.add(new Piece(Drawable.placeholder(cp), Kind.GLYPH));
                i += Character.charCount(cp);
            } else if (cp == '<' && tag.region(i, raw.length()).lookingAt() && HarnessTags.NAMES.contains(tag.group(1))) {
                flush(plain, pieces);
                pieces.add(new Piece(tag.group(), Kind.TAG));
                i = tag.end();
            } else {
                plain.appendCodePoint(cp);
                i += Character.charCount(cp);
            }
        }
        flush(plain, pieces);
        return pieces;
    }

    /** Whether {@code raw} is all plain text: no token to draw, the cell's own text does. */
    static boolean plain(String raw) {
        return tokens(raw) == null;
    }

    /** {@code raw}'s pieces drawn on one line ({@link #node}), or null when it is all plain text. */
    static Node line(String raw) {
        List<Piece> pieces = tokens(raw);
        return pieces == null ? null : node(pieces);
    }

    /** {@code raw}'s pieces, or null when it is all plain text. */
    private static List<Piece> tokens(String raw) {
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '<' || ControlChars.isUnsafe(c) || Drawable.pictograph(c)) {
                // a surrogate too: the pieces tell a pair (an emoji) from a lone one
                List<Piece> pieces = of(raw);
                return pieces.stream().allMatch(p -> p.kind() == Kind.TEXT) ? null : pieces;
            }
        }
        return null;
    }

    /** The pieces on one line, as a line of text: whatever reaches the cell's end is cut there. */
    static Node node(List<Piece> pieces) {
        PiecesLine line = new PiecesLine(1);
        line.getStyleClass().addAll("cell-pieces", "cell-tokens");
        for (Piece p : pieces) {
            Label l = new Label(p.text());
            l.setTextOverrun(OverrunStyle.ELLIPSIS);
            l.setMinWidth(0);
            switch (p.kind()) {
                case CONTROL -> l.getStyleClass().add("cell-token-control");
                case TAG -> l.getStyleClass().add("cell-token-tag");
                case GLYPH -> l.getStyleClass().add("cell-token-glyph");
                case TEXT -> { }
            }
            line.getChildren().add(l);
        }
        return line;
    }

    private static void flush(StringBuilder plain, List<Piece> pieces) {
        if (plain.length() > 0) {
            pieces.add(new Piece(plain.toString(), Kind.TEXT));
            plain.setLength(0);
        }
    }
}

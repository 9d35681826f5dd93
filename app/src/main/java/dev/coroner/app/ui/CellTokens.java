package dev.coroner.app.ui;

import dev.coroner.core.text.ControlChars;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;

/**
 * A transcript text in a timeline cell with what is not plain text drawn as tokens (docs/ARCHITECTURE.md, "Workbench").
 * A control or invisible character is its escape (backslash-t, backslash-x1b, backslash-u{202e}) in a token box, so a tab
 * never reads as the backslash and {@code t} a text may hold; a tag Claude Code writes into prompts and results
 * ({@code <command-name>}, {@code <system-reminder>} …) is itself in a tag box, so it reads as markup, not as what the
 * person typed. Nothing is dropped or renamed: the tokens hold the very text, only drawn apart. Any other tag
 * ({@code <div>} in code) stays text.
 */
final class CellTokens {
    /** The tags Claude Code's harness writes into a transcript's texts. */
    static final Set<String> HARNESS_TAGS = Set.of("command-name", "command-message", "command-args",
            "command-contents", "local-command-stdout", "local-command-stderr", "local-command-caveat",
            "system-reminder", "user-prompt-submit-hook", "bash-input", "bash-stdout", "bash-stderr",
            "task-notification", "user-memory-input");
    private static final Pattern TAG = Pattern.compile("</?([a-z][a-z-]{0,40})>");

    /** What a piece of a cell's text is. */
    enum Kind { TEXT, CONTROL, TAG }

    /** A piece of a cell's text, already safe to draw. */
    record Piece(String text, Kind kind) {
    }

    private CellTokens() {
    }

    /** {@code raw} in pieces: its text, its unsafe characters each as a {@link Kind#CONTROL} piece, its harness tags. */
    static List<Piece> of(String raw) {
        List<Piece> pieces = new ArrayList<>();
        StringBuilder plain = new StringBuilder();
        Matcher tag = TAG.matcher(raw);
        for (int i = 0; i < raw.length(); ) {
            int cp = raw.codePointAt(i);
            if (ControlChars.isUnsafe(cp)) {
                flush(plain, pieces);
                pieces.add(new Piece(ControlChars.escape(raw.substring(i, i + Character.charCount(cp))), Kind.CONTROL));
                i += Character.charCount(cp);
            } else if (cp == '<' && tag.region(i, raw.length()).lookingAt() && HARNESS_TAGS.contains(tag.group(1))) {
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
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '<' || ControlChars.isUnsafe(c)) { // a surrogate too: the pieces tell a pair from a lone one
                return of(raw).stream().allMatch(p -> p.kind() == Kind.TEXT);
            }
        }
        return true;
    }

    /** The pieces side by side: text that gives way first, tokens whole. */
    static Node node(List<Piece> pieces) {
        HBox box = new HBox(1);
        box.getStyleClass().addAll("cell-pieces", "cell-tokens");
        box.setAlignment(Pos.CENTER_LEFT);
        for (Piece p : pieces) {
            Label l = new Label(p.text());
            if (p.kind() == Kind.TEXT) {
                l.setTextOverrun(OverrunStyle.ELLIPSIS);
                l.setMinWidth(0);
            } else {
                l.getStyleClass().add(p.kind() == Kind.CONTROL ? "cell-token-control" : "cell-token-tag");
                l.setMinWidth(Region.USE_PREF_SIZE);
            }
            box.getChildren().add(l);
        }
        return box;
    }

    private static void flush(StringBuilder plain, List<Piece> pieces) {
        if (plain.length() > 0) {
            pieces.add(new Piece(plain.toString(), Kind.TEXT));
            plain.setLength(0);
        }
    }
}

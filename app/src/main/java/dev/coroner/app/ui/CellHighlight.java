package dev.coroner.app.ui;

import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;

/**
 * The applied search in a timeline cell (docs/WORKBENCH.md, "Search"): the cell's text in pieces, every place that
 * holds the search (ignoring ASCII case, as the search does) marked {@code cell-search-hit}. The text given is already
 * made safe to show ({@link Safe}).
 */
final class CellHighlight {
    private CellHighlight() {
    }

    /** Whether {@code text} holds {@code needle}; never for an empty one. */
    static boolean holds(String text, String needle) {
        return text != null && needle != null && !needle.isEmpty() && StyledArea.asciiLower(text).contains(StyledArea.asciiLower(needle));
    }

    /** The text in pieces with its places marked, or null when it does not hold the needle. */
    static Node pieces(String text, String needle) {
        if (!holds(text, needle)) {
            return null;
        }
        HBox box = new HBox();
        box.getStyleClass().add("cell-pieces");
        box.setAlignment(Pos.CENTER_LEFT);
        String hay = StyledArea.asciiLower(text);
        String n = StyledArea.asciiLower(needle);
        int from = 0;
        for (int at = hay.indexOf(n); at >= 0; at = hay.indexOf(n, at + n.length())) {
            add(box, text.substring(from, at), false);
            add(box, text.substring(at, at + n.length()), true);
            from = at + n.length();
        }
        add(box, text.substring(from), false);
        return box;
    }

    private static void add(HBox box, String piece, boolean hit) {
        if (piece.isEmpty()) {
            return;
        }
        Label l = new Label(piece);
        l.setTextOverrun(OverrunStyle.ELLIPSIS);
        if (hit) {
            l.getStyleClass().add("cell-search-hit");
            l.setMinWidth(Region.USE_PREF_SIZE); // the match is what the eye looks for: the rest gives way first
        } else {
            l.setMinWidth(0);
        }
        box.getChildren().add(l);
    }
}

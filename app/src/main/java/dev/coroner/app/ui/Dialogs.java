package dev.coroner.app.ui;

import javafx.scene.Node;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.layout.Region;

/** What every dialog of the window does so that it never cuts its own text. */
final class Dialogs {
    private Dialogs() {
    }

    /**
     * Makes {@code pane} as tall as its wrapped text needs (a dialog pane's minimum is otherwise smaller than its
     * text, and the window manager's first size cuts it to "…") and its buttons as wide as their labels.
     */
    static DialogPane whole(DialogPane pane) {
        pane.setMinHeight(Region.USE_PREF_SIZE);
        // the button bar's skin sets every button's minimum to the bar's (70 px) unless that is "as preferred"
        if (pane.lookup(".button-bar") instanceof javafx.scene.control.ButtonBar bar) {
            bar.setButtonMinWidth(Region.USE_PREF_SIZE);
        }
        for (ButtonType t : pane.getButtonTypes()) {
            Node b = pane.lookupButton(t);
            if (b instanceof Region r) {
                r.setMinWidth(Region.USE_PREF_SIZE);
            }
        }
        return pane;
    }
}

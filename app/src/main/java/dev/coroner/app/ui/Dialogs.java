package dev.coroner.app.ui;

import javafx.scene.Node;
import javafx.scene.control.ButtonBar;
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
        for (ButtonType t : pane.getButtonTypes()) {
            Node b = pane.lookupButton(t);
            if (b instanceof Region r) {
                // the button bar gives "uniform" buttons the width of the widest it measured, which was too narrow
                // for "Write report" (cut to "Write re…"): each button is as wide as its own label
                ButtonBar.setButtonUniformSize(b, false);
                r.setMinWidth(Region.USE_PREF_SIZE);
            }
        }
        return pane;
    }
}

package dev.coroner.app.ui;

import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.input.KeyCombination;

/**
 * View ▸ Corpus panel and Detail panel (docs/WORKBENCH.md, "Layout"): a side panel folds away to give the timeline
 * the width, and comes back where it was, at the width it had.
 */
final class PanelToggles {
    private PanelToggles() {
    }

    /**
     * @param panels  the corpus, timeline and detail, left to right
     * @param grammar the grammar panel, which takes the detail's place while it is open: then the detail toggle only
     *                says whether the detail comes back when the grammar closes
     */
    static List<MenuItem> items(SplitPane panels, Node corpus, Node timeline, Node detail, Node grammar) {
        return List.of(toggle("Show corpus panel", "Shortcut+Shift+1", panels, corpus, null),
                toggle("Show detail panel", "Shortcut+Shift+3", panels, detail, grammar));
    }

    private static MenuItem toggle(String text, String accelerator, SplitPane panels, Node side, Node standIn) {
        CheckMenuItem item = new CheckMenuItem(text);
        item.getStyleClass().add("panel-toggle");
        item.setSelected(true);
        item.setAccelerator(KeyCombination.keyCombination(accelerator));
        double[] width = {-1};
        item.selectedProperty().addListener((o, was, shown) -> {
            if (!shown && !panels.getItems().contains(side)) {
                return; // in the stand-in's place: nothing to fold
            }
            if (shown && standIn != null && panels.getItems().contains(standIn)) {
                return; // it comes back when the stand-in leaves
            }
            if (!shown) {
                width[0] = side.getLayoutBounds().getWidth() / Math.max(1, panels.getWidth());
                double[] at = panels.getDividerPositions();
                boolean left = panels.getItems().indexOf(side) == 0;
                panels.getItems().remove(side);
                // the other dividers stay where they were: the timeline, beside the folded panel, takes its width
                panels.setDividerPositions(left ? java.util.Arrays.copyOfRange(at, 1, at.length)
                        : java.util.Arrays.copyOf(at, at.length - 1));
            } else if (!panels.getItems().contains(side)) {
                boolean left = side.getStyleClass().contains("corpus-panel");
                if (left) {
                    panels.getItems().add(0, side);
                } else {
                    panels.getItems().add(side);
                }
                restore(panels, side, left, width[0]);
            }
        });
        return item;
    }

    private static void restore(SplitPane panels, Node side, boolean left, double fraction) {
        if (fraction <= 0) {
            return;
        }
        int n = panels.getItems().size();
        double[] at = panels.getDividerPositions();
        if (left) {
            at[0] = fraction;
        } else {
            at[n - 2] = 1 - fraction;
        }
        panels.setDividerPositions(at);
    }
}

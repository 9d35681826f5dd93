package dev.coroner.app.ui;

import javafx.scene.Scene;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableView;
import javafx.scene.control.skin.VirtualFlow;

/**
 * Keeps a tree's selected row where it is on screen when rows come in or go above it (docs/ARCHITECTURE.md,
 * "Workbench"). While a corpus is judged, the sub-agents a session spawned but that were not opened become rows only
 * once the session is analysed; on a real corpus they pushed the transcript the window had opened out of the corpus
 * panel (from row 111 of rows 107–114 to row 238). Checked after each layout of the scene: a selected row the person
 * scrolled out of sight, or a newly selected one, is left where it is.
 */
final class SelectionInSight<T> implements Runnable {
    private final TreeTableView<T> tree;
    /** The scene whose layouts this follows, or null. */
    private Scene scene;
    private TreeItem<T> item;
    private int row = -1;
    /** How many rows below the first one shown the selected row was after the last layout; -1: not in sight. */
    private int offset = -1;

    SelectionInSight(TreeTableView<T> tree) {
        this.tree = tree;
    }

    /** Follows the layouts of {@code now} (the tree's scene), and no longer those of the scene before; null: none. */
    void follow(Scene now) {
        if (scene != null) {
            scene.removePostLayoutPulseListener(this);
        }
        scene = now;
        if (now != null) {
            now.addPostLayoutPulseListener(this);
        }
    }

    /** After a layout: puts the selected row back where it was on screen if it moved, and remembers where it is. */
    @Override
    public void run() {
        TreeItem<T> selected = tree.getSelectionModel().getSelectedItem();
        VirtualFlow<?> flow = tree.lookup(".virtual-flow") instanceof VirtualFlow<?> f ? f : null;
        if (selected == null || flow == null || flow.getFirstVisibleCell() == null) {
            item = null;
            offset = -1;
            return;
        }
        int now = tree.getRow(selected);
        if (selected == item && offset >= 0 && now >= 0 && now != row) {
            tree.scrollTo(Math.max(0, now - offset));
            tree.layout(); // in this pulse, before it is drawn
        }
        item = selected;
        row = now;
        int top = flow.getFirstVisibleCell().getIndex();
        offset = now >= top && now <= flow.getLastVisibleCell().getIndex() ? now - top : -1;
    }
}

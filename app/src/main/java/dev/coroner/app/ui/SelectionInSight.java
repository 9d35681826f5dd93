package dev.coroner.app.ui;

import javafx.scene.Scene;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableView;
import javafx.scene.control.skin.VirtualFlow;

/**
 * Keeps a tree's selected row where it is on screen when rows come in or go above it (docs/WORKBENCH.md, "The corpus
 * tree"). While a corpus is judged, the sub-agents a session spawned but that were not opened become rows only once the
 * session is analysed; on a real corpus they pushed the transcript the window had opened out of the corpus panel (from
 * row 111 of rows 107–114 to row 238). Checked after each layout of the scene: a selected row the person scrolled out
 * of sight, or a newly selected one, is left where it is.
 */
final class SelectionInSight<T> implements Runnable {
    private final TreeTableView<T> tree;
    /** The scene whose layouts this follows, or null. */
    private Scene scene;
    private TreeItem<T> item;
    private int row = -1;
    /** How many rows below the first one shown the selected row was after the last layout; -1: not in sight. */
    private int offset = -1;
    /** Where {@link #place} asked for the row, until it is there; -1: no such request. */
    private int wanted = -1;
    /** The first row shown and the rows the tree had after the last layout. */
    private int top = -1;
    private int count = -1;

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

    /**
     * Shows {@code selected} (the selected row) {@code rows} rows below the first one shown, and keeps asking for that
     * place at each layout until it is reached — rows may come in above it first, or the tree may still be too short
     * to scroll — or until the person scrolls or selects. A scroll alone would leave it wherever the rows that came
     * in pushed it: on a real corpus, 3 to 6 rows down from one run to the next, as the sessions' sub-agents came in.
     */
    void place(TreeItem<T> selected, int rows) {
        int now = tree.getRow(selected);
        item = selected;
        wanted = rows;
        row = -1; // not placed yet: the next layout scrolls to it
        tree.scrollTo(Math.max(0, now - rows));
    }

    /** After a layout: puts the selected row back where it was on screen if it moved, and remembers where it is. */
    @Override
    public void run() {
        TreeItem<T> selected = tree.getSelectionModel().getSelectedItem();
        if (selected == null) {
            item = null;
            offset = -1;
            wanted = -1;
            return;
        }
        VirtualFlow<?> flow = tree.lookup(".virtual-flow") instanceof VirtualFlow<?> f ? f : null;
        if (flow == null || flow.getFirstVisibleCell() == null) {
            return; // no rows drawn yet: a placement waits for them
        }
        int now = tree.getRow(selected);
        int shownTop = flow.getFirstVisibleCell().getIndex();
        int rows = tree.getExpandedItemCount();
        if (selected != item || (now == row && rows == count && shownTop != top)) {
            wanted = -1; // another row selected, or the person scrolled: theirs is the place now
        }
        // a placement not reached yet is tried again whenever rows came or went (never on every pulse: a place the
        // tree cannot scroll to, near its end, would otherwise ask for a layout forever)
        boolean retry = wanted >= 0 && rows != count && now - shownTop != wanted;
        int target = wanted >= 0 ? wanted : offset;
        if (selected == item && target >= 0 && now >= 0 && (now != row || retry)) {
            int want = Math.max(0, now - target);
            tree.scrollTo(want);
            tree.layout(); // in this pulse, before it is drawn
            if (flow.getFirstVisibleCell().getIndex() != want) {
                // asked in the pulse the rows changed, the scroll can land a row off (measured against the rows before:
                // one snapshot of a real corpus in three); laid out, the flow scrolls exactly
                flow.scrollToTop(want);
                tree.layout();
            }
            shownTop = flow.getFirstVisibleCell().getIndex();
        }
        item = selected;
        row = now;
        top = shownTop;
        count = rows;
        offset = now >= shownTop && now <= flow.getLastVisibleCell().getIndex() ? now - shownTop : -1;
        if (offset == wanted || offset < 0) {
            wanted = -1; // reached, or out of sight
        }
    }
}

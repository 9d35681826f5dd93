package dev.coroner.app.ui;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.control.TreeItem;

/**
 * Blank rows for the window's tables to make their rows on while the window is built, before it is shown
 * (docs/WORKBENCH.md, "Rows made ahead"). JavaFX makes a table's rows, with their cells, skins and CSS, the first
 * time the table holds anything, all in one layout. In a cold JVM that was the window's longest stall while a corpus
 * loads. Laid out once on these blanks, a table keeps the rows it made aside and the first transcript only fills them.
 * A blank row's item is {@code null}: every cell and value factory of these tables shows it as an empty row.
 */
final class RowsAhead {
    /** More rows than any screen shows at the smallest type: the table makes only those it shows. */
    static final int BLANKS = 200;

    private RowsAhead() {
    }

    /** {@link #BLANKS} blank items, for a table. */
    static <T> ObservableList<T> items() {
        return FXCollections.observableArrayList(Collections.nCopies(BLANKS, (T) null));
    }

    /** {@link #BLANKS} blank tree items, for a tree table's root. */
    static <T> List<TreeItem<T>> treeItems() {
        List<TreeItem<T>> blanks = new ArrayList<>(BLANKS);
        for (int i = 0; i < BLANKS; i++) {
            blanks.add(new TreeItem<>());
        }
        return blanks;
    }
}

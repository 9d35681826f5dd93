package dev.coroner.app.ui;

import dev.coroner.app.ui.model.FindingGroup;
import dev.coroner.app.ui.model.FindingItem;
import dev.coroner.app.ui.model.FindingsViewModel;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableCell;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The findings panel: every verdict of the corpus, grouped by kind, worst first; a click on a finding goes to its
 * line, a click on a chip to the first finding of its kind.
 */
final class FindingsView extends VBox {
    /** The columns after the finding itself, each with how it reads a finding and how it is drawn. */
    private enum Column {
        TRANSCRIPT("transcript", 220), LINE("line", 60), REASON("reason", 600);

        final String title;
        final double width;

        Column(String title, double width) {
            this.title = title;
            this.width = width;
        }

        String text(FindingItem i) {
            return switch (this) {
                case TRANSCRIPT -> Safe.text(i.transcript());
                case LINE -> i.finding().line() > 0 ? String.valueOf(i.finding().line()) : "";
                case REASON -> Safe.text(i.finding().reason());
            };
        }
    }

    private final FindingsViewModel model;
    private final Subscriptions attached = new Subscriptions();
    private final TreeTableView<Object> tree = new TreeTableView<>(new TreeItem<>());
    /** The count chips: they wrap to a second line rather than be cut, in a narrow window or beside the "so far" mark. */
    private final FlowPane chips = new FlowPane(14, 4);
    /** The findings' right-click menu: Copy, Copy as Markdown, and whatever other features append. */
    private final ContextMenus<FindingItem> menus = new ContextMenus<>(tree, () ->
            tree.getSelectionModel().getSelectedItem() != null
                    && tree.getSelectionModel().getSelectedItem().getValue() instanceof FindingItem i ? i : null);
    private boolean syncing;

    private static final javafx.css.PseudoClass CHOSEN = javafx.css.PseudoClass.getPseudoClass("chosen");
    private final Label partial = new Label("so far: still judging");

    /** @param judging whether the corpus is still read or judged: the counts are then marked partial */
    FindingsView(FindingsViewModel model, ObservableValue<Boolean> judging) {
        this.model = model;
        partial.getStyleClass().add("findings-partial");
        attached.bind(partial.visibleProperty(), judging);
        partial.managedProperty().bind(partial.visibleProperty());
        getStyleClass().addAll("panel", "findings-panel");
        Label title = new Label("FINDINGS");
        title.getStyleClass().add("panel-title");
        title.setMinWidth(Region.USE_PREF_SIZE);
        partial.setMinWidth(Region.USE_PREF_SIZE);
        chips.setAlignment(Pos.CENTER_LEFT);
        chips.setMinWidth(0);
        HBox.setHgrow(chips, Priority.ALWAYS);
        HBox header = new HBox(14, title, chips, partial);
        header.getStyleClass().add("panel-header");
        header.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(header, createTree());
        VBox.setVgrow(tree, Priority.ALWAYS);
        attached.show(model.groups(), this::rebuild);
        attached.onChange(model.onlyProperty(), k -> rebuild());
        attached.onChange(model.selectedProperty(), this::follow);
    }

    ContextMenus<FindingItem> menus() {
        return menus;
    }

    /** Rows grow with the type (zoom): {@code factor} times the timeline's {@link TimelineView#ROW_HEIGHT}. */
    void scaleRows(double factor) {
        tree.setFixedCellSize(Math.round(TimelineView.ROW_HEIGHT * factor));
    }

    TreeTableView<Object> tree() {
        return tree;
    }

    /** Stops following the view model: the window is closing. */
    void detach() {
        attached.unsubscribeAll();
    }

    private TreeTableView<Object> createTree() {
        tree.getStyleClass().add("findings-tree");
        // the list takes what the header leaves: when the panel is short, it shrinks, never the header (whose count chips
        // may wrap to a second line)
        tree.setMinHeight(0);
        tree.setPrefHeight(0);
        scaleRows(1);
        tree.setShowRoot(false);
        tree.setColumnResizePolicy(TreeTableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        tree.setPlaceholder(new Label("No findings yet."));
        TreeTableColumn<Object, Object> what = new TreeTableColumn<>("finding");
        what.setPrefWidth(430);
        what.setSortable(false);
        what.setCellValueFactory(p -> new ReadOnlyObjectWrapper<>(p.getValue().getValue()));
        what.setCellFactory(c -> new TreeTableCell<>() {
            @Override
            protected void updateItem(Object v, boolean empty) {
                super.updateItem(v, empty);
                getStyleClass().remove("group-cell");
                if (empty || v == null) {
                    setText(null);
                    setGraphic(null);
                } else if (v instanceof FindingGroup g) {
                    setText(g.title());
                    setGraphic(Glyphs.icon(Glyphs.of(g.kind()), 13));
                    getStyleClass().add("group-cell");
                } else {
                    FindingItem i = (FindingItem) v;
                    setText(Safe.text(i.finding().title()));
                    setGraphic(Glyphs.icon(Glyphs.of(i.finding().kind()), 12));
                }
            }
        });
        tree.getColumns().add(what);
        for (Column c : Column.values()) {
            tree.getColumns().add(column(c));
        }
        tree.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> {
            if (!syncing && now != null && now.getValue() instanceof FindingItem i) {
                model.select(i);
            }
        });
        return tree;
    }

    private static TreeTableColumn<Object, String> column(Column which) {
        TreeTableColumn<Object, String> c = new TreeTableColumn<>(which.title);
        c.setPrefWidth(which.width);
        c.setSortable(false);
        c.setCellValueFactory(p -> new ReadOnlyObjectWrapper<>(
                p.getValue().getValue() instanceof FindingItem i ? which.text(i) : ""));
        if (which == Column.LINE) {
            c.setMinWidth(56); // a narrow window squeezes the other columns, never a line number into "…"
            c.getStyleClass().addAll("number-column", "mono");
        }
        if (which == Column.TRANSCRIPT) {
            c.setCellFactory(col -> new TreeTableCell<>() {
                {
                    setTextOverrun(javafx.scene.control.OverrunStyle.CENTER_ELLIPSIS);
                }

                @Override
                protected void updateItem(String s, boolean empty) {
                    super.updateItem(s, empty);
                    setText(empty ? null : s);
                }
            });
        }
        if (which == Column.REASON) {
            c.setCellFactory(col -> new TreeTableCell<>() {
                @Override
                protected void updateItem(String s, boolean empty) {
                    super.updateItem(s, empty);
                    setText(empty ? null : s);
                    if (empty || s == null || s.isEmpty()) {
                        Tips.clear(this);
                    } else {
                        Tips.lazy(this, () -> s);
                    }
                }
            });
        }
        return c;
    }

    private void rebuild() {
        syncing = true;
        try {
            // one change to the root: item by item, the tree would re-count its rows after every add
            List<TreeItem<Object>> groups = new ArrayList<>();
            List<Label> chipLabels = new ArrayList<>();
            for (FindingGroup g : model.groups()) {
                if (model.shows(g)) {
                    TreeItem<Object> group = new TreeItem<>(g);
                    group.setExpanded(true);
                    List<TreeItem<Object>> items = new ArrayList<>(g.items().size());
                    g.items().forEach(i -> items.add(new TreeItem<>(i)));
                    group.getChildren().setAll(items);
                    groups.add(group);
                }
                Label chip = new Label(g.title(), Glyphs.icon(Glyphs.of(g.kind()), 12));
                chip.setMinWidth(Region.USE_PREF_SIZE); // a count is read whole or not at all
                chip.getStyleClass().addAll("finding-chip", "chip-" + Glyphs.css(g.kind().severity()));
                chip.pseudoClassStateChanged(CHOSEN, g.kind() == model.onlyProperty().get());
                if (!g.items().isEmpty()) { // a chip shows only its kind and goes to the first; again: every kind
                    chip.setOnMouseClicked(e -> model.toggleOnly(g.kind()));
                    String kind = g.kind().count(2).replaceFirst("^2 ", "");
                    Tips.lazy(chip, () -> g.kind() == model.onlyProperty().get() ? "show every finding again"
                            : "show only " + kind + " and go to the first");
                }
                chipLabels.add(chip);
            }
            tree.getRoot().getChildren().setAll(groups);
            chips.getChildren().setAll(chipLabels);
        } finally {
            syncing = false;
        }
        follow(model.selectedProperty().get());
    }

    private void follow(FindingItem item) {
        syncing = true;
        try {
            for (TreeItem<Object> g : tree.getRoot().getChildren()) {
                for (TreeItem<Object> i : g.getChildren()) {
                    if (i.getValue().equals(item)) {
                        tree.getSelectionModel().select(i);
                        tree.scrollTo(Math.max(0, tree.getRow(i) - 2));
                        return;
                    }
                }
            }
        } finally {
            syncing = false;
        }
    }
}

package dev.coroner.app.ui;

import dev.coroner.core.read.Harness;
import dev.coroner.app.ui.model.CorpusNode;
import dev.coroner.app.ui.model.CorpusSearch;
import dev.coroner.app.ui.model.CorpusTriage;
import dev.coroner.app.ui.model.CorpusViewModel;
import dev.coroner.app.ui.model.Navigator;
import java.util.List;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableRow;
import javafx.scene.control.TreeTableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** The corpus panel: the chart of states, then sessions with their sub-agents, sortable by any column. */
final class CorpusView extends VBox {
    private static final PseudoClass DANGLING = PseudoClass.getPseudoClass("dangling");

    private final CorpusViewModel model;
    private final Navigator navigator;
    private final TreeTableView<CorpusNode> tree = new TreeTableView<>(new TreeItem<>());
    /** The rows' right-click menu: Copy, and whatever other features append. */
    private final ContextMenus<CorpusNode> menus = new ContextMenus<>(tree, () ->
            tree.getSelectionModel().getSelectedItem() == null ? null : tree.getSelectionModel().getSelectedItem().getValue());
    /** The panel's bindings and listeners: made when it is built, removed by {@link #detach()}. */
    private final Subscriptions attached = new Subscriptions();
    /** One listener per row of the tree, on its node's children; a row leaving the tree removes its own. */
    private final Subscriptions rows = new Subscriptions();
    private boolean following;
    private final CorpusTriage triage;
    private final CorpusTriageBar triageBar;
    /** The corpus filter bar (docs/WORKBENCH.md, "Filter bars"). */
    private final FilterBar filterBar;
    /** Keeps the selected row where it is on screen while rows come in above it. */
    private final SelectionInSight<CorpusNode> inSight = new SelectionInSight<>(tree);
    /** Whether the tree now holds plain rows cut down by triage (true) or rows that mirror the model (false). */
    private boolean reshaped;
    /** What the reshaped rows show now: the nodes that passed, to leave the rows alone when the same pass again. */
    private Object shownShape;
    private final StateChart chart;
    /** What the corpus spent, once the composition root hands it over ({@link #showCosts}); null before. */
    private dev.coroner.app.ui.model.CorpusCosts costs;
    /** A corpus row's height at 100 % type: its name over its first prompt. */
    static final double ROW_HEIGHT = 38;

    CorpusView(CorpusViewModel model, Navigator navigator, CorpusTriage triage, CorpusSearch search,
               dev.coroner.app.ui.model.FilterBook book) {
        this.model = model;
        this.navigator = navigator;
        this.triage = triage;
        this.triageBar = new CorpusTriageBar(triage, search);
        this.filterBar = new FilterBar(triage.where(), book, "transcript", "filter: state == SYNTHETIC and class != AUTH");
        filterBar.getStyleClass().add("corpus-filter");
        getStyleClass().addAll("panel", "corpus-panel");
        Label title = new Label("CORPUS");
        title.getStyleClass().add("panel-title");
        Label count = new Label();
        count.getStyleClass().add("panel-info");
        count.getStyleClass().add("corpus-count");
        // "5 of 152 shown" while triage filters: the count follows the filter, as F8 does
        attached.show(model.tallyProperty(), t -> count.setText(triage.count()));
        attached.onChange(triage.versionProperty(), v -> count.setText(triage.count()));
        HBox header = new HBox(8, title, count, triageBar.searchLine());
        header.getStyleClass().add("panel-header");
        header.setAlignment(Pos.CENTER_LEFT);
        chart = new StateChart();
        // while files are listed there is no tally yet: the chart says it is reading, never "no transcripts open"
        // while a filter holds transcripts back the chart counts the ones shown, as "n of N shown" does
        Runnable showChart = () -> chart.show(triage.filtering() ? triage.shownTally() : model.tallyProperty().get(),
                model.busyProperty().get());
        attached.show(model.tallyProperty(), t -> showChart.run());
        attached.onChange(model.busyProperty(), busy -> showChart.run());
        attached.onChange(triage.versionProperty(), v -> showChart.run());
        attached.bindBidirectional(chart.harnessShown().selectedProperty(), model.showHarnessProperty());
        attached.show(triage.deathsByClass(), this::showDeaths);
        getChildren().addAll(header, filterBar, chart, triageBar, createNotes(), createTree());
        VBox.setVgrow(tree, Priority.ALWAYS);
    }

    /**
     * Shows {@link RowsAhead}'s blank rows instead of the corpus ({@code true}), or the corpus again: the tree makes
     * its rows on the blanks while the window is built.
     */
    void showBlankRows(boolean blank) {
        rows.unsubscribeAll();
        tree.getRoot().getChildren().setAll(blank ? RowsAhead.treeItems() : List.of());
        shownShape = null;
        if (!blank) {
            refill();
        }
    }

    /** Stops following the model: the window is closing. */
    void detach() {
        triageBar.detach();
        filterBar.detach();
        attached.unsubscribeAll();
        inSight.follow(null);
        rows.unsubscribeAll();
    }

    /** How many listeners the panel holds now: for the test that a rebuilt tree leaves none behind. */
    int subscriptions() {
        return attached.size() + rows.size();
    }

    /**
     * Shows what the corpus spent: the chart's cost line and each class of death in dollars, the cost column's switch
     * (docs/WORKBENCH.md, "Cost"). Called once by the composition root.
     */
    void showCosts(dev.coroner.app.ui.model.CorpusCosts costs) {
        this.costs = costs;
        attached.show(costs.totalsProperty(), t -> {
            showCost();
            showDeaths();
        });
        attached.onChange(costs.pricesNoteProperty(), note -> showCost());
        attached.onChange(model.tallyProperty(), t -> showCost()); // a file found unreadable: the sum is a lower bound
        // while a filter holds transcripts back the cost line sums the ones shown, as the bar counts them
        attached.onChange(triage.versionProperty(), v -> {
            showCost();
            showDeaths();
        });
        attached.bindBidirectional(chart.costShown().selectedProperty(), column(CorpusColumns.COST).visibleProperty());
    }

    /**
     * Moves the divider after this panel by {@code px} (the panel is the first of its split pane), as far as the next
     * panel lets it: the person can move it back.
     */
    private void widen(double px) {
        javafx.scene.Parent p = getParent();
        while (p != null && !(p instanceof javafx.scene.control.SplitPane)) {
            p = p.getParent();
        }
        if (p instanceof javafx.scene.control.SplitPane split && !split.getItems().isEmpty()
                && split.getItems().get(0) == this && !split.getDividers().isEmpty() && split.getWidth() > 0) {
            double[] at = split.getDividerPositions();
            double next = at.length > 1 ? at[1] : 1;
            split.setDividerPosition(0, Math.max(0, Math.min(next - 0.05, at[0] + px / split.getWidth())));
            // laid out now with every other column held at its width: the tree fits its columns to the wider panel
            // (spread over all of them, the names had lost 40 px of the 66 the cost column brought)
            List<javafx.scene.control.TreeTableColumn<CorpusNode, ?>> held = tree.getVisibleLeafColumns().stream()
                    .filter(c -> c != tree.getColumns().get(0)).toList();
            double[] max = held.stream().mapToDouble(javafx.scene.control.TreeTableColumn::getMaxWidth).toArray();
            held.forEach(c -> c.setMaxWidth(Math.min(c.getMaxWidth(), c.getPrefWidth())));
            try {
                split.layout();
            } finally {
                for (int i = 0; i < held.size(); i++) {
                    held.get(i).setMaxWidth(max[i]);
                }
            }
        }
    }

    private void showDeaths() {
        chart.showDeaths(triage.deathsByClass(), triage::choose, costs == null ? d -> null : costs::deadCost,
                triage.filtering());
    }

    private void showCost() {
        if (!triage.filtering()) {
            chart.showCost(costs.totalsProperty().get(), costs.pricesNoteProperty().get(), false,
                    model.tallyProperty().get().unreadable());
            return;
        }
        java.util.Set<java.nio.file.Path> shown = new java.util.HashSet<>();
        for (CorpusNode n : triage.matching()) {
            shown.add(n.path());
        }
        chart.showCost(costs.totalsOf(shown::contains), costs.pricesNoteProperty().get(), true,
                triage.shownTally().unreadable());
    }

    /** The column titled {@code title}. */
    javafx.scene.control.TreeTableColumn<CorpusNode, ?> column(String title) {
        return tree.getColumns().stream().filter(c -> title.equals(c.getText())).findFirst().orElseThrow();
    }

    TreeTableView<CorpusNode> tree() {
        return tree;
    }

    /**
     * Every row is two lines high, {@code factor} times {@link #ROW_HEIGHT} with the type (zoom). A fixed height spares
     * the tree from measuring rows to estimate its length: with thousands of rows that measuring was the longest stall
     * of a cold window's first layout.
     */
    void scaleRows(double factor) {
        tree.setFixedCellSize(Math.round(ROW_HEIGHT * factor));
    }

    /**
     * The columns' widths times {@code factor} with the type (zoom), fitted to the panel again: the constrained policy
     * does not refit on a changed preferred width, and after zooming in and out the columns stayed wider than the panel,
     * cut at its edge. The name column takes what the others leave, as when the panel is resized.
     */
    void scaleColumns(double factor) {
        ColumnScale.scale(tree.getColumns(), factor);
        tree.layout();
        tree.getColumnResizePolicy().call(new TreeTableView.ResizeFeatures<>(tree, null, 0.0));
    }

    ContextMenus<CorpusNode> menus() {
        return menus;
    }

    /** What was skipped while opening (an empty folder, a symlink loop): said once, never hidden. */
    private Label createNotes() {
        Label notes = new Label();
        notes.getStyleClass().add("corpus-notes");
        notes.setWrapText(true);
        attached.show(model.notes(), () -> {
            List<String> all = model.notes();
            notes.setText(all.isEmpty() ? "" : Safe.text(all.size() == 1 ? all.get(0) : all.size() + " notes: " + all.get(0) + " …"));
            notes.setVisible(!all.isEmpty());
            notes.setManaged(!all.isEmpty());
            Tips.lazy(notes, () -> Safe.lines(model.notes().toArray(String[]::new)));
        });
        return notes;
    }

    private TreeTableView<CorpusNode> createTree() {
        tree.getStyleClass().add("corpus-tree");
        tree.setShowRoot(false);
        tree.setColumnResizePolicy(TreeTableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        Label placeholder = new Label();
        attached.bind(placeholder.textProperty(), model.busyProperty().map(busy -> busy ? "Listing the transcripts…"
                : "Open transcripts: File ▸ Open, or drop files and folders here."));
        tree.setPlaceholder(placeholder);
        tree.getColumns().addAll(CorpusColumns.all(() -> costs == null ? "" : costs.pricesNoteProperty().get()));
        // the name is what a person reads first: at a laptop's width the record count gives way (the ⊕ menu shows it)
        tree.setTableMenuButtonVisible(true);
        // and so does the file's name: the rows are named by their titles, the file names in the row's tooltip
        tree.getColumns().stream().filter(c -> "Records".equals(c.getText()) || "File".equals(c.getText()))
                .forEach(c -> c.setVisible(false));
        // and so do tokens and cost: the chart says what the corpus and its deaths cost, its switch (or ⊕) shows them
        column(CorpusColumns.TOKENS).setVisible(false);
        column(CorpusColumns.COST).setVisible(false);
        // shown, they widen the panel by their width (from the timeline's): at 1280 the names keep what room they had;
        // so does the harness column, shown once the corpus mixes harnesses (the names had shrunk to a few letters)
        for (String title : List.of(CorpusColumns.TOKENS, CorpusColumns.COST, CorpusColumns.HARNESS)) {
            var c = column(title);
            attached.onChange(c.visibleProperty(), shown -> widen(shown ? c.getPrefWidth() : -c.getPrefWidth()));
        }
        tree.setRowFactory(t -> new Row());
        scaleRows(1);
        attached.show(model.roots(), this::refill);
        // the harness column shows once the corpus mixes harnesses: a corpus of one harness keeps its width for names
        // (the timeline, the detail and the grammar in force say which harness it is)
        var harness = column(CorpusColumns.HARNESS);
        attached.show(model.roots(), () -> harness.setVisible(holds(Harness.CODEX) && holds(Harness.CLAUDE_CODE)));
        attached.onChange(triage.versionProperty(), v -> refill());
        attached.onChange(tree.getSelectionModel().selectedItemProperty(), now -> {
            if (!following && now != null) {
                open(now.getValue());
            }
        });
        attached.onChange(model.currentProperty(), this::follow);
        attached.show(tree.sceneProperty(), inSight::follow);
        return tree;
    }

    /**
     * Shows the corpus as triage asks: the session tree mirroring the model, or plain rows cut down by the filters (a
     * session with the sub-agents that pass, or one flat list of transcripts), sorted by the columns chosen.
     */
    private void refill() {
        boolean reshape = triage.reshapes();
        if (reshape != reshaped) {
            rows.unsubscribeAll(); // mirrored rows stop listening; plain rows never did
            tree.getRoot().getChildren().clear();
            reshaped = reshape;
            shownShape = null;
        }
        if (!reshape) {
            CorpusTreeItem.mirror(tree.getRoot(), model.roots(), rows);
        } else {
            Object shape = triage.flatProperty().get() ? triage.matching() : triage.tree();
            if (shape.equals(shownShape)) {
                return; // verdicts came in but the same rows pass: keep the rows, the selection and the scroll
            }
            shownShape = shape;
            List<TreeItem<CorpusNode>> shown = new java.util.ArrayList<>();
            if (triage.flatProperty().get()) {
                triage.matching().forEach(n -> shown.add(new TreeItem<>(n)));
            } else {
                triage.tree().forEach((root, kids) -> {
                    TreeItem<CorpusNode> r = new TreeItem<>(root);
                    r.setExpanded(true);
                    kids.forEach(k -> r.getChildren().add(new TreeItem<>(k)));
                    shown.add(r);
                });
            }
            // the selection is let go before the rows are replaced and taken again after (follow, below): the
            // selection model's walk over a thousand removed rows was most of a filter's time on the FX thread
            following = true;
            try {
                tree.getSelectionModel().clearSelection();
                tree.getRoot().getChildren().setAll(shown);
            } finally {
                following = false;
            }
            if (!tree.getSortOrder().isEmpty()) {
                tree.sort();
            }
        }
        follow(model.currentProperty().get());
    }

    FilterBar filterBar() {
        return filterBar;
    }

    CorpusTriageBar triageBar() {
        return triageBar;
    }

    private void open(CorpusNode n) {
        if (n.path() != null) {
            navigator.goTo(n.path(), 0);
        } else if (n.spawnedByProperty().get() != null) {
            navigator.goTo(n.spawnedByProperty().get().path(), n.spawnedByProperty().get().line());
        }
    }

    private void follow(CorpusNode n) {
        following = true;
        try {
            TreeItem<CorpusNode> item = find(tree.getRoot(), n);
            if (item == null) {
                tree.getSelectionModel().clearSelection();
            } else if (tree.getSelectionModel().getSelectedItem() != item) {
                tree.getSelectionModel().select(item);
                inSight.place(item, 3);
            }
        } finally {
            following = false;
        }
    }

    private static TreeItem<CorpusNode> find(TreeItem<CorpusNode> at, CorpusNode n) {
        if (n == null) {
            return null;
        }
        if (at.getValue() == n) {
            return at;
        }
        for (TreeItem<CorpusNode> c : at.getChildren()) {
            TreeItem<CorpusNode> f = find(c, n);
            if (f != null) {
                return f;
            }
        }
        return null;
    }

    /** A row: its tooltip says where the file is, that it changed while it was read, and why it got its verdict. */
    private static final class Row extends TreeTableRow<CorpusNode> {
        @Override
        protected void updateItem(CorpusNode n, boolean empty) {
            super.updateItem(n, empty);
            if (empty || n == null) {
                Tips.clear(this);
                pseudoClassStateChanged(DANGLING, false);
                return;
            }
            // made on the first hover, not with the row: a tooltip per row was a good part of the tree's first layout
            Tips.lazyBound(this, () -> javafx.beans.binding.Bindings.createStringBinding(() -> Safe.lines(
                    n.path() == null ? n.name() : n.path().toString(), n.changedProperty().get(),
                    n.noteProperty().get(), n.spawnedByProperty().get() == null ? null : n.spawnedByProperty().get().label(),
                    CorpusColumns.spendLine(n.spendProperty().get())),
                    n.noteProperty(), n.changedProperty(), n.spendProperty()));
            pseudoClassStateChanged(DANGLING, n.kind() == CorpusNode.Kind.MISSING_SESSION
                    || n.kind() == CorpusNode.Kind.MISSING_SUBAGENT);
        }
    }

    /** Whether a transcript of the corpus (a group's "session not opened" row is none) was written by {@code h}. */
    private boolean holds(Harness h) {
        return model.roots().stream().anyMatch(r -> (r.path() != null && r.harnessProperty().get() == h)
                || r.children().stream().anyMatch(c -> c.path() != null && c.harnessProperty().get() == h));
    }
}

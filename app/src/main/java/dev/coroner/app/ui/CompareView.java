package dev.coroner.app.ui;

import dev.coroner.app.ui.model.CompareRow;
import dev.coroner.app.ui.model.CompareViewModel;
import dev.coroner.app.ui.model.KeyDifference;
import dev.coroner.core.compare.CorpusComparison;
import dev.coroner.core.compare.Op;
import dev.coroner.core.compare.PairChange;
import dev.coroner.core.compare.Side;
import dev.coroner.core.compare.TranscriptComparison;
import dev.coroner.core.findings.TranscriptAnalyser;
import dev.coroner.core.terminal.TerminalVerdict;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.css.PseudoClass;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;

/**
 * The Compare view (docs/WORKBENCH.md, "Compare view"): two timelines of calls side by side, their rows aligned as the
 * diff aligns them (a gap where one side made no call), scrolled and selected together; each side's verdict above it;
 * the selected row's record of each side below. Two folders add their table of pairs above, a click opens a pair.
 * F8 / Shift+F8 step to the next / previous difference.
 */
final class CompareView extends BorderPane {
    private static final PseudoClass GAP = PseudoClass.getPseudoClass("gap");
    private static final PseudoClass CHANGED = PseudoClass.getPseudoClass("changed");
    private static final PseudoClass ONLY = PseudoClass.getPseudoClass("only");
    private static final PseudoClass FIRST = PseudoClass.getPseudoClass("first-divergence");

    private final CompareViewModel model;
    private final Subscriptions attached = new Subscriptions();
    private final TableView<CompareRow> tableA = new TableView<>();
    private final TableView<CompareRow> tableB = new TableView<>();
    private final TableView<CorpusComparison.Pair> pairsTable = new TableView<>();
    private boolean syncing;

    CompareView(CompareViewModel model) {
        this.model = model;
        getStyleClass().addAll("compare-view", "panel");
        SplitPane sides = new SplitPane(side(tableA, true), side(tableB, false));
        sides.getStyleClass().add("compare-sides");
        SplitPane details = new SplitPane(detail(model.detailA(), "compare-detail-a"),
                detail(model.detailB(), "compare-detail-b"));
        SplitPane rowsAndDetail = new SplitPane(sides, details);
        rowsAndDetail.setOrientation(Orientation.VERTICAL);
        rowsAndDetail.setDividerPositions(0.62);
        SplitPane.setResizableWithParent(details, false);
        Node pairs = createPairs();
        SplitPane main = new SplitPane(rowsAndDetail);
        main.setOrientation(Orientation.VERTICAL);
        attached.show(model.foldersProperty(), f -> {
            boolean shown = main.getItems().contains(pairs);
            if (f != null && !shown) {
                main.getItems().add(0, pairs);
                main.setDividerPositions(0.3);
            } else if (f == null && shown) {
                main.getItems().remove(pairs);
            }
        });
        setTop(createHeader());
        setCenter(main);
        lockScrolling();
        // F8 / Shift+F8 wherever the keyboard is in the view: a filter, ahead of the tables' own keys
        addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.E && e.isShortcutDown() && !e.isShiftDown()) {
                chooseAndExport();
                e.consume();
            } else if (e.getCode() == KeyCode.F8 && !e.isShortcutDown() && !e.isAltDown()) {
                if (e.isShiftDown()) {
                    model.previousDifference();
                } else {
                    model.nextDifference();
                }
                e.consume();
            }
        });
    }

    TableView<CompareRow> tableA() {
        return tableA;
    }

    TableView<CompareRow> tableB() {
        return tableB;
    }

    TableView<CorpusComparison.Pair> pairsTable() {
        return pairsTable;
    }

    /** Stops following the model: the window is closing. */
    void detach() {
        attached.unsubscribeAll();
    }

    private Node createHeader() {
        Label title = new Label("COMPARE");
        title.getStyleClass().add("panel-title");
        title.setMinWidth(Region.USE_PREF_SIZE);
        Label counts = new Label();
        counts.getStyleClass().addAll("panel-info", "compare-counts");
        attached.bind(counts.textProperty(), javafx.beans.binding.Bindings.createStringBinding(() -> {
            if (model.readingProperty().get()) {
                return "reading…";
            }
            TranscriptComparison c = model.comparisonProperty().get();
            if (c != null) {
                int first = c.firstDivergence();
                return CompareViewModel.counts(c) + " · " + (first < 0 ? "the same calls"
                        : "first divergence at row " + (first + 1));
            }
            CorpusComparison f = model.foldersProperty().get();
            return f == null ? "" : f.summary();
        }, model.readingProperty(), model.comparisonProperty(), model.foldersProperty()));
        Label message = new Label();
        message.getStyleClass().add("compare-message");
        message.setWrapText(true);
        attached.bind(message.textProperty(), model.messageProperty().map(Safe::text));
        message.visibleProperty().bind(message.textProperty().isNotEmpty());
        message.managedProperty().bind(message.visibleProperty());
        Button previous = new Button("◀ Previous difference");
        previous.setOnAction(e -> model.previousDifference());
        Tips.lazy(previous, () -> "Shift+F8");
        Button next = new Button("Next difference ▶");
        next.setOnAction(e -> model.nextDifference());
        Tips.lazy(next, () -> "F8");
        Button export = new Button("Export…");
        export.getStyleClass().add("compare-export");
        export.setOnAction(e -> chooseAndExport());
        Tips.lazy(export, () -> "Ctrl+E: the comparison as a report (.html or .json), redacted");
        export.disableProperty().bind(model.comparisonProperty().isNull().and(model.foldersProperty().isNull()));
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox row = new HBox(8, title, counts, grow, previous, next, export);
        row.setAlignment(Pos.CENTER_LEFT);
        row.getStyleClass().add("panel-header");
        VBox top = new VBox(row, message);
        top.getStyleClass().add("compare-header");
        return top;
    }

    /** One side: its verdict line, then its calls. */
    private Node side(TableView<CompareRow> table, boolean a) {
        Label name = new Label();
        name.getStyleClass().addAll("compare-side-name", a ? "compare-side-a" : "compare-side-b");
        name.setTextOverrun(javafx.scene.control.OverrunStyle.CENTER_ELLIPSIS);
        attached.bind(name.textProperty(), (a ? model.pathAProperty() : model.pathBProperty())
                .map(p -> (a ? "A  " : "B  ") + Safe.text(String.valueOf(p.getFileName()))).orElse(a ? "A" : "B"));
        attached.bind(name.tooltipProperty(), (a ? model.pathAProperty() : model.pathBProperty())
                .map(p -> Tips.of(Safe.text(p.toString()))));
        Label verdict = new Label();
        verdict.getStyleClass().add("compare-verdict");
        attached.bind(verdict.textProperty(), model.comparisonProperty().map(c -> verdict(a ? c.a() : c.b())).orElse(""));
        HBox head = new HBox(10, name, verdict);
        name.setMinWidth(60);
        verdict.setMinWidth(Region.USE_PREF_SIZE);
        head.setAlignment(Pos.CENTER_LEFT);
        head.getStyleClass().add("panel-subheader");
        createTable(table, a);
        VBox box = new VBox(head, table);
        VBox.setVgrow(table, Priority.ALWAYS);
        box.getStyleClass().add(a ? "compare-a" : "compare-b");
        return box;
    }

    /** "HEALTHY · 4 calls · 0 WARN · 0 unmatched blocks". */
    static String verdict(Side s) {
        TerminalVerdict v = s.verdict();
        return TranscriptAnalyser.stateLabel(v) + " · " + s.calls() + (s.calls() == 1 ? " call" : " calls")
                + (s.warnings() == null ? "" : " · " + s.warnings() + " WARN") + " · " + s.unmatched()
                + (s.unmatched() == 1 ? " unmatched block" : " unmatched blocks");
    }

    private void createTable(TableView<CompareRow> table, boolean a) {
        table.getStyleClass().addAll("compare-table", "timeline-table");
        table.setItems(model.rows());
        table.setFixedCellSize(TimelineView.ROW_HEIGHT);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        Label empty = new Label();
        attached.bind(empty.textProperty(), javafx.beans.binding.Bindings.createStringBinding(() ->
                model.readingProperty().get() ? "Reading…"
                        : model.comparisonProperty().get() != null ? "Neither transcript made a call."
                        : model.foldersProperty().get() != null ? "Click a pair above to compare its two transcripts."
                        : "", model.readingProperty(), model.comparisonProperty(), model.foldersProperty()));
        table.setPlaceholder(empty);
        table.getColumns().addAll(List.of(
                column("", 22, r -> mark(r, a), "compare-mark"),
                column("line", 52, r -> (a ? r.gapInA() : r.gapInB()) ? "" : String.valueOf(a ? r.aLine() : r.bLine()),
                        "mono", "number-column"),
                column("tool", 90, r -> a ? r.aTool() : r.bTool()),
                keyColumn(a)));
        table.getColumns().forEach(c -> c.setSortable(false)); // the alignment's order is the evidence's order
        table.setRowFactory(t -> new Row(a));
        attached.onChange(table.getSelectionModel().selectedIndexProperty(), now -> {
            if (!syncing) {
                model.select(now.intValue());
            }
        });
        attached.onChange(model.selectedProperty(), now -> show(table, now.intValue()));
        attached.onChange(model.rows(), () -> show(table, model.selectedProperty().get()));
    }

    /** Reflects the model's selection in {@code table}, scrolled into view when it is out of it. */
    private void show(TableView<CompareRow> table, int position) {
        syncing = true;
        try {
            if (position < 0) {
                table.getSelectionModel().clearSelection();
                return;
            }
            if (table.getSelectionModel().getSelectedIndex() != position) {
                table.getSelectionModel().clearAndSelect(position);
            }
            table.layout();
            VirtualFlow<?> flow = flow(table);
            boolean inView = flow != null && flow.getFirstVisibleCell() != null && flow.getLastVisibleCell() != null
                    && position > flow.getFirstVisibleCell().getIndex() && position < flow.getLastVisibleCell().getIndex();
            if (!inView) { // both sides to the same row: locked, they are at the same place anyway
                table.scrollTo(Math.max(0, position - 5));
            }
        } finally {
            syncing = false;
        }
    }

    /** The two sides scroll as one: each side's position follows the other's. */
    private void lockScrolling() {
        for (TableView<CompareRow> t : List.of(tableA, tableB)) {
            t.skinProperty().addListener((o, was, now) -> bindFlows());
        }
    }

    private boolean flowsBound;

    private void bindFlows() {
        VirtualFlow<?> fa = flow(tableA);
        VirtualFlow<?> fb = flow(tableB);
        if (flowsBound || fa == null || fb == null) {
            return;
        }
        flowsBound = true;
        attached.bindBidirectional(fa.positionProperty(), fb.positionProperty());
    }

    static VirtualFlow<?> flow(TableView<?> table) {
        return table.getSkin() instanceof javafx.scene.control.skin.TableViewSkin<?> skin
                ? (VirtualFlow<?>) skin.getChildren().stream().filter(n -> n instanceof VirtualFlow).findFirst()
                .orElse(null) : null;
    }

    private static String mark(CompareRow r, boolean a) {
        return switch (r.op()) {
            case SAME -> "";
            case CHANGED -> "!";
            case ONLY_A -> a ? "−" : "";
            case ONLY_B -> a ? "" : "+";
        };
    }

    private TableColumn<CompareRow, String> column(String title, double width, Function<CompareRow, String> text,
                                                   String... css) {
        TableColumn<CompareRow, String> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setMinWidth(width);
        c.setCellValueFactory(p -> new ReadOnlyObjectWrapper<>(p.getValue() == null ? null
                : Safe.text(text.apply(p.getValue()))));
        c.getStyleClass().addAll(css);
        return c;
    }

    /** The key: its text, with the part a changed row changed marked. */
    private TableColumn<CompareRow, CompareRow> keyColumn(boolean a) {
        TableColumn<CompareRow, CompareRow> c = new TableColumn<>("input");
        c.setPrefWidth(300);
        c.setCellValueFactory(p -> new ReadOnlyObjectWrapper<>(p.getValue()));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(CompareRow r, boolean empty) {
                super.updateItem(r, empty);
                setText(null);
                if (empty || r == null || (a ? r.gapInA() : r.gapInB())) {
                    setGraphic(null);
                    Tips.clear(this);
                    return;
                }
                String text = a ? r.aText() : r.bText(); // escaped by the model
                KeyDifference.Span d = a ? r.aDiff() : r.bDiff();
                setGraphic(keyText(text, d));
                Tips.lazy(this, () -> text);
            }
        });
        c.getStyleClass().add("compare-key-column");
        return c;
    }

    static Node keyText(String text, KeyDifference.Span d) {
        if (d.isEmpty() || d.end() > text.length()) {
            Label l = new Label(text);
            l.getStyleClass().add("compare-key");
            return l;
        }
        Label before = new Label(text.substring(0, d.start()));
        Label changed = new Label(text.substring(d.start(), d.end()));
        Label after = new Label(text.substring(d.end()));
        for (Label l : List.of(before, changed, after)) {
            l.getStyleClass().add("compare-key");
            l.setMinWidth(Region.USE_PREF_SIZE);
        }
        after.setMinWidth(0);
        changed.getStyleClass().add("compare-key-changed");
        HBox box = new HBox(before, changed, after);
        box.getStyleClass().add("compare-key-pieces");
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    /** A row: a gap on this side, a changed row, a row only this side has, and the first divergence are styled. */
    private final class Row extends TableRow<CompareRow> {
        private final boolean a;

        Row(boolean a) {
            this.a = a;
        }

        @Override
        protected void updateItem(CompareRow r, boolean empty) {
            super.updateItem(r, empty);
            boolean none = empty || r == null;
            pseudoClassStateChanged(GAP, !none && (a ? r.gapInA() : r.gapInB()));
            pseudoClassStateChanged(CHANGED, !none && r.op() == Op.CHANGED);
            pseudoClassStateChanged(ONLY, !none && (a ? r.op() == Op.ONLY_A : r.op() == Op.ONLY_B));
            TranscriptComparison c = model.comparisonProperty().get();
            pseudoClassStateChanged(FIRST, !none && c != null && c.firstDivergence() == r.row());
        }
    }

    /** One side's record of the selected row, as the detail panel renders it. */
    private Node detail(dev.coroner.app.ui.model.CompareDetail d, String css) {
        Label head = new Label();
        head.getStyleClass().addAll("compare-detail-header", "panel-info");
        attached.bind(head.textProperty(), d.headerProperty().map(Safe::text));
        StyledArea area = new StyledArea("message-text");
        attached.show(d.detailProperty(), r -> area.show(r == null
                ? new dev.coroner.app.ui.model.StyledText("", List.of()) : r.message()));
        VBox box = new VBox(4, head, area.node());
        VBox.setVgrow(area.node(), Priority.ALWAYS);
        box.getStyleClass().addAll("compare-detail", css);
        return box;
    }

    /** The folders' pairs, new deaths first; a click opens one. */
    private Node createPairs() {
        pairsTable.getStyleClass().add("compare-pairs");
        pairsTable.setItems(model.pairs());
        pairsTable.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        pairsTable.setFixedCellSize(TimelineView.ROW_HEIGHT);
        pairsTable.getColumns().addAll(List.of(
                pairColumn("change", 90, p -> p.change().json()),
                pairColumn("A", 170, p -> p.va() == null ? "—" : TranscriptAnalyser.stateLabel(p.va())),
                pairColumn("B", 170, p -> p.vb() == null ? "—" : TranscriptAnalyser.stateLabel(p.vb())),
                pairColumn("transcript", 300, CompareView::pairPath)));
        pairsTable.getColumns().forEach(c -> c.setSortable(false)); // sorted by change, as the view says
        pairsTable.setRowFactory(t -> {
            TableRow<CorpusComparison.Pair> row = new TableRow<>() {
                @Override
                protected void updateItem(CorpusComparison.Pair p, boolean empty) {
                    super.updateItem(p, empty);
                    for (PairChange c : PairChange.values()) {
                        pseudoClassStateChanged(PseudoClass.getPseudoClass(c.json().replace('_', '-')),
                                !empty && p != null && p.change() == c);
                    }
                }
            };
            return row;
        });
        attached.onChange(pairsTable.getSelectionModel().selectedItemProperty(), p -> {
            if (p != null) {
                model.openPair(p);
            }
        });
        Label title = new Label("PAIRS");
        title.getStyleClass().add("panel-title");
        Label hint = new Label();
        hint.getStyleClass().add("panel-info");
        // the folders' summary stays in sight while a pair is open below
        attached.bind(hint.textProperty(), model.foldersProperty().map(f -> Safe.text(f.summary())
                + "   ·   new deaths first · click a pair to compare it").orElse(""));
        HBox head = new HBox(8, title, hint);
        head.setAlignment(Pos.CENTER_LEFT);
        head.getStyleClass().add("panel-subheader");
        VBox box = new VBox(head, pairsTable);
        VBox.setVgrow(pairsTable, Priority.ALWAYS);
        return box;
    }

    private static String pairPath(CorpusComparison.Pair p) {
        return p.pathB() != null && !p.pathB().equals(p.path()) ? p.path() + " → " + p.pathB() + " (same session)"
                : p.path();
    }

    private static TableColumn<CorpusComparison.Pair, String> pairColumn(String title, double width,
                                                                        Function<CorpusComparison.Pair, String> text) {
        TableColumn<CorpusComparison.Pair, String> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setMinWidth(Math.min(width, 80));
        c.setCellValueFactory(p -> new ReadOnlyObjectWrapper<>(p.getValue() == null ? null
                : Safe.text(text.apply(p.getValue()))));
        return c;
    }

    /** File chooser, then the preview of what redaction hides, then the report written. */
    void chooseAndExport() {
        javafx.stage.FileChooser chooser = new javafx.stage.FileChooser();
        chooser.setTitle("Export the comparison");
        chooser.getExtensionFilters().addAll(new javafx.stage.FileChooser.ExtensionFilter("Reports (*.html, *.json)",
                "*.html", "*.json"), new javafx.stage.FileChooser.ExtensionFilter("All files", "*"));
        chooser.setInitialFileName("coroner-comparison.html");
        java.io.File f = chooser.showSaveDialog(getScene() == null ? null : getScene().getWindow());
        if (f != null) {
            export(f.toPath());
        }
    }

    /** Builds the report for {@code target}, previews its redactions, and writes it when the person agrees. */
    void export(Path target) {
        model.export(target, this::preview, m -> note("Export the comparison", m));
    }

    private void preview(dev.coroner.app.ui.model.CompareExport.Prepared p) {
        javafx.scene.control.Alert a = new javafx.scene.control.Alert(javafx.scene.control.Alert.AlertType.CONFIRMATION);
        a.setTitle("Export the comparison");
        a.setHeaderText(Safe.text("Write " + p.target().getFileName() + "? The comparison of "
                + (p.document().folders() ? "two folders" : "two transcripts") + ", redacted."));
        a.setContentText(Safe.text(p.redactions()));
        a.getDialogPane().setId("compare-export-preview");
        javafx.scene.control.ButtonType write = new javafx.scene.control.ButtonType("Write report",
                javafx.scene.control.ButtonBar.ButtonData.OK_DONE);
        a.getButtonTypes().setAll(write, javafx.scene.control.ButtonType.CANCEL);
        a.getDialogPane().setPrefWidth(560);
        Dialogs.whole(a.getDialogPane());
        if (getScene() != null) {
            a.initOwner(getScene().getWindow());
        }
        a.setOnHidden(e -> {
            if (a.getResult() == write) {
                model.write(p, m -> { }, m -> note("Export the comparison", m));
            }
        });
        a.show();
    }

    private void note(String header, String message) {
        javafx.scene.control.Alert a = new javafx.scene.control.Alert(javafx.scene.control.Alert.AlertType.WARNING);
        a.setHeaderText(header);
        a.setContentText(Safe.text(message));
        Dialogs.whole(a.getDialogPane());
        if (getScene() != null) {
            a.initOwner(getScene().getWindow());
        }
        a.show();
    }

    /** The path shown in a window title. */
    static String title(Path a, Path b) {
        return "Coroner — compare " + Safe.text(String.valueOf(a.getFileName())) + " with "
                + Safe.text(String.valueOf(b.getFileName()));
    }
}

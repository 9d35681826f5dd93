package dev.coroner.app.ui;

import dev.coroner.app.ui.model.CorpusNode;
import dev.coroner.app.ui.model.Navigator;
import dev.coroner.app.ui.model.Sizes;
import dev.coroner.app.ui.model.TimelineRow;
import dev.coroner.app.ui.model.TimelineViewModel;
import dev.coroner.core.findings.Marker;
import dev.coroner.core.findings.MarkerKind;
import dev.coroner.core.index.RowFlags;
import dev.coroner.core.terminal.TerminalState;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ObservableValue;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The timeline panel: a virtualised table over the transcript's index (only visible rows are built), the overview
 * ruler beside it, and a header naming the transcript and where it came from.
 */
final class TimelineView extends VBox {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter FULL_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS 'UTC'")
            .withZone(ZoneOffset.UTC);
    private static final PseudoClass TERMINAL = PseudoClass.getPseudoClass("terminal");
    /** A colouring rule's tint on a row, one pseudo-class per tint (docs/WORKBENCH.md, "Colouring rules"). */
    private static final List<PseudoClass> TINTS = dev.coroner.app.ui.model.FilterBook.TINTS.stream()
            .map(t -> PseudoClass.getPseudoClass("tint-" + t)).toList();
    private static final PseudoClass PROBLEM = PseudoClass.getPseudoClass("problem");
    private static final PseudoClass TOOL_ERROR = PseudoClass.getPseudoClass("tool-error");
    private static final PseudoClass HARNESS = PseudoClass.getPseudoClass("harness-record");
    private static final PseudoClass FINDING = PseudoClass.getPseudoClass("finding");
    private static final PseudoClass MATCH = PseudoClass.getPseudoClass("search-match");
    /** A Codex turn's start, end and abort (docs/FORMAT.md, "Codex CLI rollouts"): markers a person scans for. */
    private static final PseudoClass TURN_START = PseudoClass.getPseudoClass("turn-start");
    private static final PseudoClass TURN_END = PseudoClass.getPseudoClass("turn-end");
    private static final PseudoClass TURN_ABORTED = PseudoClass.getPseudoClass("turn-aborted");
    private static final List<PseudoClass> STATES = List.of(TerminalState.values()).stream()
            .map(s -> PseudoClass.getPseudoClass(Glyphs.css(s))).toList();

    /** Every timeline row is this tall: the ruler relies on it to sit marks beside their rows. */
    static final double ROW_HEIGHT = 24;

    /** Block badges of one kind are told apart by their label: each names its block. */
    private static final Set<MarkerKind> BLOCKS = EnumSet.of(MarkerKind.BLOCK_MATCHED, MarkerKind.BLOCK_UNMATCHED);

    private final TimelineViewModel model;
    private final Navigator navigator;
    private final TableView<TimelineRow> table = new TableView<>();
    /** The panel's bindings and listeners: made when it is built, removed by {@link #detach()}. */
    private final Subscriptions attached = new Subscriptions();
    private boolean syncing;
    /** The rows' right-click menu: Copy, and whatever other features append. */
    private final ContextMenus<TimelineRow> menus = new ContextMenus<>(table, () -> table.getSelectionModel().getSelectedItem());

    private final dev.coroner.app.ui.model.FilterBook book;
    /** The timeline filter bar, over record fields (docs/WORKBENCH.md, "Filter bars"). */
    private final FilterBar filterBar;

    TimelineView(TimelineViewModel model, Navigator navigator, dev.coroner.app.ui.model.FilterBook book) {
        this.model = model;
        this.navigator = navigator;
        this.book = book;
        this.filterBar = new FilterBar(model.filters().where(), book, "record",
                "filter rows: tool == \"Bash\" and error");
        filterBar.getStyleClass().add("timeline-filter");
        getStyleClass().addAll("panel", "timeline-panel");
        OverviewRuler ruler = new OverviewRuler(model::select, () -> table.getItems().size(), table::getFixedCellSize);
        attached.show(model.ruler(), () -> ruler.show(model.ruler()));
        HBox body = new HBox(createTable(), ruler);
        HBox.setHgrow(table, Priority.ALWAYS);
        VBox.setVgrow(body, Priority.ALWAYS);
        getChildren().addAll(createHeader(), body);
    }

    /**
     * Shows {@link RowsAhead}'s blank rows instead of the model's ({@code true}), or the model's again: the table makes
     * its rows on the blanks while the window is built.
     */
    void showBlankRows(boolean blank) {
        table.itemsProperty().unbind();
        if (blank) {
            table.setItems(RowsAhead.items());
        } else {
            table.itemsProperty().bind(model.rowsProperty()); // detach() unbinds it, as the binding made with the table
        }
    }

    /** Stops following the model: the window is closing. */
    void detach() {
        filterBar.detach();
        attached.unsubscribeAll();
    }

    FilterBar filterBar() {
        return filterBar;
    }

    TableView<TimelineRow> table() {
        return table;
    }

    /** Rows grow with the type (zoom): {@code factor} times {@link #ROW_HEIGHT}. */
    void scaleRows(double factor) {
        table.setFixedCellSize(Math.round(ROW_HEIGHT * factor));
    }

    /** The rows' right-click menu, for features to append their section to. */
    ContextMenus<TimelineRow> menus() {
        return menus;
    }

    private Node createHeader() {
        Label title = new Label("TIMELINE");
        title.getStyleClass().add("panel-title");
        Label file = new Label();
        file.getStyleClass().add("timeline-file");
        attached.bind(file.textProperty(),
                model.pathProperty().map(p -> Safe.text(p.getFileName().toString())).orElse("no transcript"));
        attached.bind(file.tooltipProperty(), model.pathProperty().map(p -> Tips.of(Safe.text(p.toString()))));
        Label status = new Label();
        status.getStyleClass().add("panel-info");
        attached.bind(status.textProperty(), model.statusProperty());
        Label match = new Label();
        match.getStyleClass().addAll("panel-info", "match-info");
        attached.bind(match.textProperty(), model.filters().matchInfoProperty());
        match.setMinWidth(Region.USE_PREF_SIZE); // a count is read whole: "3 of 15 matches", never "3 of 15 …"
        Tips.lazy(match, () -> "F3 / Shift+F3: next / previous match");
        ProgressBar progress = new ProgressBar();
        progress.getStyleClass().add("index-progress");
        attached.bind(progress.progressProperty(), model.progressProperty());
        attached.bind(progress.visibleProperty(), model.indexingProperty());
        progress.managedProperty().bind(progress.visibleProperty());
        Hyperlink parent = new Hyperlink();
        parent.getStyleClass().add("parent-link");
        parent.setGraphic(Glyphs.icon(dev.coroner.icons.Icon.LINK, 11));
        attached.bind(parent.textProperty(), model.parentLinkProperty().map(l -> Safe.text(l.label())));
        attached.bind(parent.visibleProperty(), model.parentLinkProperty().isNotNull());
        parent.managedProperty().bind(parent.visibleProperty());
        parent.setOnAction(e -> {
            var l = model.parentLinkProperty().get();
            if (l != null) {
                navigator.goTo(l.path(), l.line());
            }
        });
        title.setMinWidth(Region.USE_PREF_SIZE);
        file.setMinWidth(80); // long names shrink, keeping both ends: the end is what tells them apart
        file.setTextOverrun(javafx.scene.control.OverrunStyle.CENTER_ELLIPSIS);
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox header = new HBox(8, title, file, status, grow, progress, match);
        header.getStyleClass().add("panel-header");
        header.setAlignment(Pos.CENTER_LEFT);
        HBox sub = new HBox(8, parent);
        sub.getStyleClass().add("panel-subheader");
        sub.setAlignment(Pos.CENTER_LEFT);
        sub.visibleProperty().bind(parent.visibleProperty());
        sub.managedProperty().bind(sub.visibleProperty());
        return new VBox(header, sub, filterBar);
    }

    private TableView<TimelineRow> createTable() {
        table.getStyleClass().add("timeline-table");
        attached.bind(table.itemsProperty(), model.rowsProperty());
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        Label empty = new Label();
        attached.bind(empty.textProperty(), Bindings.createStringBinding(() ->
                model.pathProperty().get() == null ? "Select a transcript in the corpus."
                        : model.indexingProperty().get() ? "Reading…"
                        : model.indexProperty().get() == null ? model.statusProperty().get()
                        : model.indexProperty().get().size() == 0 ? "No records: the file holds no non-blank line."
                        : "No row matches the filters. View ▸ Show every row.",
                model.pathProperty(), model.indexingProperty(), model.indexProperty(), model.statusProperty(),
                model.rowsProperty()));
        table.setPlaceholder(empty);
        table.setFixedCellSize(ROW_HEIGHT);
        table.getColumns().addAll(List.of(marksColumn(),
                column("line", 50, r -> String.valueOf(r.line()), "mono", "number-column"),
                timeColumn(),
                column("gap", 58, r -> r.gap() == TimelineRow.NO_TIME ? "" : Sizes.gap(r.gap()), "mono", "number-column",
                        "gap-column"),
                column("kind", 80, TimelineView::kind),
                column("model", 96, TimelineView::model, "model-column"),
                summaryColumn()));
        table.getColumns().forEach(c -> c.setSortable(false)); // file order is the evidence's order
        table.setRowFactory(t -> new Row(() -> model.filters().hitsProperty().get(),
                r -> book.tints() && model.indexProperty().get() != null
                        ? book.tintOf(model.indexProperty().get(), r.row(), r.summaryProperty().get()) : null));
        attached.onChange(book.versionProperty(), v -> table.refresh());
        attached.onChange(model.filters().hitsProperty(), h -> table.refresh());
        attached.onChange(table.getSelectionModel().selectedIndexProperty(), now -> {
            if (!syncing) {
                model.select(now.intValue());
            }
        });
        attached.onChange(model.selectedProperty(), now -> show(now.intValue()));
        attached.onChange(model.rowsProperty(), now -> show(model.selectedProperty().get()));
        return table;
    }

    /** Reflects the model's selection in the table and scrolls it into view. */
    private void show(int position) {
        syncing = true;
        try {
            if (position < 0) {
                table.getSelectionModel().clearSelection();
                return;
            }
            if (table.getSelectionModel().getSelectedIndex() != position) {
                table.getSelectionModel().clearAndSelect(position);
            }
            // let the table take in a replaced or grown row list first, or its next layout moves the rows we scroll to
            table.layout();
            table.scrollTo(Math.max(0, position - 5));
        } finally {
            syncing = false;
        }
    }

    private static String kind(TimelineRow r) {
        if (r.problem()) {
            return r.kind();
        }
        return r.role().isEmpty() || r.role().equals(r.kind()) ? r.kind() : r.kind() + " (" + r.role() + ")";
    }

    private static String model(TimelineRow r) {
        return r.model().startsWith("claude-") ? r.model().substring("claude-".length()) : r.model();
    }

    private TableColumn<TimelineRow, String> column(String title, double width, Function<TimelineRow, String> text,
                                                    String... css) {
        TableColumn<TimelineRow, String> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setMinWidth(width);
        // a blank row (RowsAhead) has no item
        c.setCellValueFactory(p -> new ReadOnlyObjectWrapper<>(p.getValue() == null ? null
                : Safe.text(text.apply(p.getValue()))));
        c.getStyleClass().addAll(css);
        return c;
    }

    /** The time of day; its tooltip gives the date and milliseconds, in UTC. */
    private TableColumn<TimelineRow, String> timeColumn() {
        TableColumn<TimelineRow, String> c = column("time", 70,
                r -> r.time() == TimelineRow.NO_TIME ? "" : TIME.format(Instant.ofEpochMilli(r.time())), "mono");
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(String s, boolean empty) {
                super.updateItem(s, empty);
                setText(empty ? null : s);
                TimelineRow r = empty || getTableRow() == null ? null : getTableRow().getItem();
                if (r == null || r.time() == TimelineRow.NO_TIME) {
                    Tips.clear(this);
                } else {
                    Tips.lazy(this, () -> FULL_TIME.format(Instant.ofEpochMilli(r.time())));
                }
            }
        });
        return c;
    }

    private TableColumn<TimelineRow, TimelineRow> summaryColumn() {
        TableColumn<TimelineRow, TimelineRow> c = new TableColumn<>("summary");
        c.setPrefWidth(420);
        c.setCellValueFactory(p -> new ReadOnlyObjectWrapper<>(p.getValue()));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(TimelineRow r, boolean empty) {
                super.updateItem(r, empty);
                textProperty().unbind();
                graphicProperty().unbind();
                if (empty || r == null) {
                    setText(null);
                    setGraphic(null);
                    return;
                }
                boolean dead = r.markers().stream().anyMatch(m -> m.kind() == MarkerKind.DEAD_SUBAGENT);
                // a dead sub-agent's result is its harness-written error string: it reads as a death, never as "ok"
                ObservableValue<String> raw = r.summaryProperty().map(t -> dead
                        ? "← dead sub-agent: " + (t.startsWith("ok  ") ? t.substring(4) : t)
                        : prefix(r) + t);
                // the words that match the applied search are marked inside the cell, not only the row; else a
                // control character or a harness tag is drawn as a token (CellTokens), the rest as the cell's text
                String needle = model.filters().appliedProperty().get();
                ObservableValue<Shown> shown = raw.map(t -> Shown.of(t, needle)); // worked out once per change
                textProperty().bind(shown.map(Shown::text));
                graphicProperty().bind(shown.map(Shown::graphic));
            }
        });
        return c;
    }

    /** A summary cell's text, or the graphic that draws it instead (one of the two is null). */
    private record Shown(String text, Node graphic) {
        static Shown of(String raw, String needle) {
            String safe = Safe.text(raw);
            if (CellHighlight.holds(safe, needle)) {
                return new Shown(null, CellHighlight.pieces(safe, needle));
            }
            Node tokens = CellTokens.line(raw);
            return tokens == null ? new Shown(raw, null) : new Shown(null, tokens);
        }
    }

    private static String prefix(TimelineRow r) {
        if (r.has(RowFlags.TOOL_USE)) {
            return "→ ";
        }
        if (r.has(RowFlags.TOOL_RESULT)) {
            return "← ";
        }
        return "";
    }

    private TableColumn<TimelineRow, TimelineRow> marksColumn() {
        TableColumn<TimelineRow, TimelineRow> c = new TableColumn<>("");
        c.setPrefWidth(44);
        c.setMinWidth(44);
        c.setMaxWidth(64);
        c.setCellValueFactory(p -> new ReadOnlyObjectWrapper<>(p.getValue()));
        c.getStyleClass().add("marks-column");
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(TimelineRow r, boolean empty) {
                super.updateItem(r, empty);
                setText(null);
                setGraphic(empty || r == null || r.markers().isEmpty() && r.readInPart().isEmpty() ? null : marks(r));
            }
        });
        return c;
    }

    /** One badge per marker kind on the row; a click follows the marker's link. */
    private HBox marks(TimelineRow r) {
        HBox box = new HBox(3);
        box.setAlignment(Pos.CENTER_LEFT);
        Set<Badge> seen = new HashSet<>();
        List<Marker> shown = new ArrayList<>();
        for (Marker m : r.markers()) {
            if (seen.add(new Badge(m.kind(), BLOCKS.contains(m.kind()) ? m.label() : ""))) {
                shown.add(m);
            }
        }
        for (Marker m : shown.subList(0, Math.min(3, shown.size()))) {
            Label badge = new Label(null, Glyphs.icon(Glyphs.of(m.kind(), r.terminal()), 13));
            badge.getStyleClass().addAll("marker", "marker-" + Glyphs.css(m.kind()));
            if (r.terminal() != null && m.kind() == MarkerKind.STATE) {
                badge.getStyleClass().add("marker-state-" + Glyphs.css(r.terminal()));
            }
            Tips.lazy(badge, () -> Safe.lines(m.label(), m.reason()) + (m.hasTarget() ? "\n(click to go there)" : ""));
            badge.setUserData(m);
            if (m.hasTarget()) {
                badge.getStyleClass().add("marker-link");
                badge.setOnMouseClicked(e -> {
                    e.consume();
                    navigator.follow(m);
                });
            }
            box.getChildren().add(badge);
        }
        if (shown.size() > 3) {
            Label more = new Label("+" + (shown.size() - 3));
            more.getStyleClass().add("marker-more");
            box.getChildren().add(more);
        }
        if (!r.readInPart().isEmpty()) {
            // an answer's text on a line too long to hold was read only in part: its later blocks are not linked
            Label cut = new Label(null, Glyphs.icon(dev.coroner.icons.Icon.PROBLEM, 13));
            cut.getStyleClass().addAll("marker", "marker-read-in-part");
            Tips.lazy(cut, () -> Safe.lines(r.readInPart().toArray(String[]::new)));
            box.getChildren().add(cut);
        }
        return box;
    }

    /** What makes two badges on a row the same badge: the kind, and for a block the block it names. */
    private record Badge(MarkerKind kind, String block) {
    }

    /** A row: CSS pseudo-classes say what it is (the terminal record by its state, a problem, a failed call). */
    private static final class Row extends TableRow<TimelineRow> {
        private final java.util.function.Supplier<java.util.BitSet> hits;
        /** The first colouring rule's tint for a row, or null. */
        private final Function<TimelineRow, String> tint;
        /** The row shown: its summary, read after the row is first drawn, may make a rule on {@code text} hold. */
        private TimelineRow bound;
        private final javafx.beans.value.ChangeListener<String> summaryRead = (o, was, now) -> tint(bound);

        Row(java.util.function.Supplier<java.util.BitSet> hits, Function<TimelineRow, String> tint) {
            this.hits = hits;
            this.tint = tint;
        }

        private void tint(TimelineRow r) {
            String t = r == null ? null : tint.apply(r);
            for (int i = 0; i < TINTS.size(); i++) {
                pseudoClassStateChanged(TINTS.get(i), dev.coroner.app.ui.model.FilterBook.TINTS.get(i).equals(t));
            }
        }

        @Override
        protected void updateItem(TimelineRow r, boolean empty) {
            super.updateItem(r, empty);
            boolean live = !empty && r != null;
            pseudoClassStateChanged(TERMINAL, live && r.terminal() != null);
            for (TerminalState s : TerminalState.values()) {
                pseudoClassStateChanged(STATES.get(s.ordinal()), live && r.terminal() == s);
            }
            pseudoClassStateChanged(PROBLEM, live && r.problem());
            pseudoClassStateChanged(TOOL_ERROR, live && r.has(RowFlags.TOOL_ERROR));
            pseudoClassStateChanged(HARNESS, live && r.terminal() == null && r.has(RowFlags.SYNTHETIC | RowFlags.API_ERROR));
            pseudoClassStateChanged(FINDING, live && !r.markers().isEmpty());
            String kind = live && !r.problem() ? r.kind() : "";
            pseudoClassStateChanged(TURN_START, kind.equals("task_started") || kind.equals("turn_started"));
            pseudoClassStateChanged(TURN_END, kind.equals("task_complete") || kind.equals("turn_complete"));
            pseudoClassStateChanged(TURN_ABORTED, kind.equals("turn_aborted"));
            java.util.BitSet h = hits.get();
            pseudoClassStateChanged(MATCH, live && h != null && h.get(r.row()));
            if (bound != null) {
                bound.summaryProperty().removeListener(summaryRead);
            }
            bound = live ? r : null;
            if (bound != null) {
                bound.summaryProperty().addListener(summaryRead);
            }
            tint(bound);
        }
    }
}

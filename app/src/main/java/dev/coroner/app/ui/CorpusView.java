package dev.coroner.app.ui;

import dev.coroner.app.ui.model.CorpusNode;
import dev.coroner.app.ui.model.CorpusViewModel;
import dev.coroner.app.ui.model.Navigator;
import dev.coroner.app.ui.model.Sizes;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.icons.Icon;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableCell;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableRow;
import javafx.scene.control.TreeTableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** The corpus panel: the chart of states, then sessions with their sub-agents, sortable by any column. */
final class CorpusView extends VBox {
    private static final PseudoClass DANGLING = PseudoClass.getPseudoClass("dangling");
    private static final List<TerminalState> STATE_ORDER = List.of(TerminalState.SYNTHETIC, TerminalState.EMPTY,
            TerminalState.UNREADABLE, TerminalState.HEALTHY);

    private final CorpusViewModel model;
    private final Navigator navigator;
    private final TreeTableView<CorpusNode> tree = new TreeTableView<>();
    private boolean following;

    CorpusView(CorpusViewModel model, Navigator navigator) {
        this.model = model;
        this.navigator = navigator;
        getStyleClass().addAll("panel", "corpus-panel");
        Label title = new Label("CORPUS");
        title.getStyleClass().add("panel-title");
        Label count = new Label();
        count.getStyleClass().add("panel-info");
        count.textProperty().bind(model.tallyProperty().map(t -> t.total() == 0 ? "" : t.total() + " transcripts"));
        HBox header = new HBox(8, title, count);
        header.getStyleClass().add("panel-header");
        header.setAlignment(Pos.BASELINE_LEFT);
        getChildren().addAll(header, new StateChart(model.tallyProperty()), createNotes(), createTree());
        VBox.setVgrow(tree, Priority.ALWAYS);
    }

    /** What was skipped while opening (an empty folder, a symlink loop): said once, never hidden. */
    private Label createNotes() {
        Label notes = new Label();
        notes.getStyleClass().add("corpus-notes");
        notes.setWrapText(true);
        Runnable show = () -> {
            List<String> all = model.notes();
            notes.setText(all.isEmpty() ? "" : all.size() == 1 ? all.get(0) : all.size() + " notes: " + all.get(0) + " …");
            notes.setVisible(!all.isEmpty());
            notes.setManaged(!all.isEmpty());
            Tips.lazy(notes, () -> String.join("\n", model.notes()));
        };
        model.notes().addListener((ListChangeListener<String>) c -> show.run());
        show.run();
        return notes;
    }

    private TreeTableView<CorpusNode> createTree() {
        tree.getStyleClass().add("corpus-tree");
        tree.setShowRoot(false);
        tree.setRoot(new TreeItem<>());
        tree.setColumnResizePolicy(TreeTableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        tree.setPlaceholder(new Label("Open transcripts: File ▸ Open, or drop files and folders here."));
        tree.getColumns().addAll(List.of(nameColumn(), stateColumn(),
                numberColumn("WARN", 52, CorpusNode::warnsProperty, "warn-count"),
                blocksColumn(),
                numberColumn("Records", 60, CorpusNode::recordsProperty, null),
                sizeColumn()));
        tree.getColumns().get(0).setPrefWidth(190);
        tree.getColumns().stream().skip(1).forEach(c -> c.setMinWidth(c.getPrefWidth()));
        tree.setRowFactory(t -> new Row());
        model.roots().addListener((ListChangeListener<CorpusNode>) c -> rebuild());
        rebuild();
        tree.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> {
            if (!following && now != null) {
                open(now.getValue());
            }
        });
        model.currentProperty().addListener((o, was, now) -> follow(now));
        return tree;
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
                int row = tree.getRow(item);
                tree.scrollTo(Math.max(0, row - 3));
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

    private void rebuild() {
        tree.getRoot().getChildren().setAll(model.roots().stream().map(CorpusView::item).toList());
    }

    private static TreeItem<CorpusNode> item(CorpusNode n) {
        TreeItem<CorpusNode> item = new TreeItem<>(n);
        item.setExpanded(true);
        item.getChildren().setAll(n.children().stream().map(CorpusView::item).toList());
        // the model adds notes (a sidechain, a dangling link) once a transcript is read
        n.children().addListener((ListChangeListener<CorpusNode>) c ->
                item.getChildren().setAll(n.children().stream().map(CorpusView::item).toList()));
        return item;
    }

    private TreeTableColumn<CorpusNode, CorpusNode> nameColumn() {
        TreeTableColumn<CorpusNode, CorpusNode> c = new TreeTableColumn<>("Transcript");
        c.setCellValueFactory(p -> new ReadOnlyObjectWrapper<>(p.getValue().getValue()));
        c.setComparator(Comparator.comparing(CorpusNode::name));
        c.setCellFactory(col -> new TreeTableCell<>() {
            @Override
            protected void updateItem(CorpusNode n, boolean empty) {
                super.updateItem(n, empty);
                if (empty || n == null) {
                    setGraphic(null);
                    setText(null);
                    return;
                }
                Label name = new Label(display(n));
                name.getStyleClass().add("transcript-name");
                if (n.kind() != CorpusNode.Kind.SIDECHAIN) {
                    name.setTextOverrun(javafx.scene.control.OverrunStyle.CENTER_ELLIPSIS); // ids differ at the end
                }
                Label headline = new Label();
                headline.getStyleClass().add("transcript-headline");
                headline.textProperty().bind(n.headlineProperty());
                VBox box = new VBox(1, name, headline);
                box.setMinWidth(0);
                setGraphic(box);
                setText(null);
            }
        });
        return c;
    }

    /** The name without ".jsonl"; a sub-agent by its id alone, as the tree already says what it is. */
    private static String display(CorpusNode n) {
        String name = n.name();
        String stem = name.endsWith(".jsonl") ? name.substring(0, name.length() - ".jsonl".length()) : name;
        return n.kind() == CorpusNode.Kind.SUBAGENT && stem.startsWith("agent-") ? stem.substring("agent-".length()) : stem;
    }

    /** The state with its icon, and under it the class of a SYNTHETIC death (RATE_LIMIT, AUTH…). */
    private TreeTableColumn<CorpusNode, TerminalState> stateColumn() {
        TreeTableColumn<CorpusNode, TerminalState> c = new TreeTableColumn<>("State · class");
        c.setPrefWidth(102);
        c.setCellValueFactory(p -> p.getValue().getValue().stateProperty());
        c.setComparator(Comparator.nullsLast(Comparator.comparing(STATE_ORDER::indexOf)));
        c.setCellFactory(col -> new TreeTableCell<>() {
            @Override
            protected void updateItem(TerminalState s, boolean empty) {
                super.updateItem(s, empty);
                CorpusNode n = getTableRow() == null ? null : getTableRow().getItem();
                setText(null);
                if (empty || n == null) {
                    setGraphic(null);
                    return;
                }
                Label state = new Label();
                state.getStyleClass().add("state-text");
                Label cls = new Label();
                cls.getStyleClass().add("class-text");
                if (s == null) {
                    boolean dangling = n.kind() == CorpusNode.Kind.MISSING_SESSION
                            || n.kind() == CorpusNode.Kind.MISSING_SUBAGENT;
                    state.setText(dangling ? "dangling" : n.path() == null ? "" : "judging…");
                    state.setGraphic(dangling ? Glyphs.icon(Icon.LINK, 12) : null);
                } else {
                    state.setText(s.name());
                    state.setGraphic(Glyphs.icon(Glyphs.of(s), 12));
                    state.getStyleClass().add("state-" + Glyphs.css(s));
                    String label = n.terminalClassProperty().get();
                    cls.setText(label.startsWith("SYNTHETIC · ") ? label.substring("SYNTHETIC · ".length()) : "");
                }
                VBox box = new VBox(1, state, cls);
                box.setAlignment(Pos.CENTER_LEFT);
                setGraphic(box);
            }
        });
        return c;
    }

    private TreeTableColumn<CorpusNode, Number> numberColumn(String title, double width,
            Function<CorpusNode, ObservableValue<Number>> value, String css) {
        TreeTableColumn<CorpusNode, Number> c = new TreeTableColumn<>(title);
        c.setPrefWidth(width);
        c.setCellValueFactory(p -> value.apply(p.getValue().getValue()));
        c.setCellFactory(col -> new TreeTableCell<>() {
            @Override
            protected void updateItem(Number n, boolean empty) {
                super.updateItem(n, empty);
                CorpusNode node = getTableRow() == null ? null : getTableRow().getItem();
                boolean transcript = node != null && node.path() != null;
                setText(empty || n == null || !transcript ? null
                        : n.longValue() < 0 ? "—" : String.format("%,d", n.longValue()));
                pseudoClassStateChanged(PseudoClass.getPseudoClass("nonzero"), !empty && n != null && n.longValue() > 0);
            }
        });
        c.getStyleClass().add("number-column");
        if (css != null) {
            c.getStyleClass().add(css);
        }
        return c;
    }

    private TreeTableColumn<CorpusNode, CorpusNode> blocksColumn() {
        TreeTableColumn<CorpusNode, CorpusNode> c = new TreeTableColumn<>("Blocks");
        c.setPrefWidth(54);
        c.setCellValueFactory(p -> new ReadOnlyObjectWrapper<>(p.getValue().getValue()));
        c.setComparator(Comparator.comparingLong(n -> n.blocksUnmatchedProperty().get()));
        c.setCellFactory(col -> new TreeTableCell<>() {
            @Override
            protected void updateItem(CorpusNode n, boolean empty) {
                super.updateItem(n, empty);
                textProperty().unbind();
                if (empty || n == null || n.path() == null) {
                    setText(null);
                    return;
                }
                textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() ->
                        n.blocksMatchedProperty().get() < 0 ? "—"
                                : n.blocksMatchedProperty().get() + " / " + n.blocksUnmatchedProperty().get(),
                        n.blocksMatchedProperty(), n.blocksUnmatchedProperty()));
                Tips.lazy(this, () -> "code blocks matched / unmatched (— : no code-block matcher ran)");
            }
        });
        c.getStyleClass().add("number-column");
        return c;
    }

    private TreeTableColumn<CorpusNode, Number> sizeColumn() {
        TreeTableColumn<CorpusNode, Number> c = new TreeTableColumn<>("Size");
        c.setPrefWidth(68);
        c.setCellValueFactory(p -> p.getValue().getValue().sizeProperty());
        c.setCellFactory(col -> new TreeTableCell<>() {
            @Override
            protected void updateItem(Number n, boolean empty) {
                super.updateItem(n, empty);
                setText(empty || n == null ? null : Sizes.bytes(n.longValue()));
            }
        });
        c.getStyleClass().add("number-column");
        return c;
    }

    /** A row: its tooltip says where the file is and why it got its verdict. */
    private static final class Row extends TreeTableRow<CorpusNode> {
        private final Tooltip tip = new Tooltip();

        Row() {
            tip.setWrapText(true);
            tip.setMaxWidth(520);
        }

        @Override
        protected void updateItem(CorpusNode n, boolean empty) {
            super.updateItem(n, empty);
            tip.textProperty().unbind();
            if (empty || n == null) {
                setTooltip(null);
                pseudoClassStateChanged(DANGLING, false);
                return;
            }
            tip.textProperty().bind(n.noteProperty().map(note -> (n.path() == null ? n.name() : n.path().toString())
                    + (note.isEmpty() ? "" : "\n" + note)
                    + (n.spawnedByProperty().get() == null ? "" : "\n" + n.spawnedByProperty().get().label())));
            setTooltip(tip);
            pseudoClassStateChanged(DANGLING, n.kind() == CorpusNode.Kind.MISSING_SESSION
                    || n.kind() == CorpusNode.Kind.MISSING_SUBAGENT);
        }
    }
}

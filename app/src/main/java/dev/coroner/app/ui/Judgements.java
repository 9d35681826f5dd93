package dev.coroner.app.ui;

import dev.coroner.app.ui.model.AnnotationsViewModel;
import dev.coroner.app.ui.model.FindingItem;
import dev.coroner.app.ui.model.TimelineRow;
import dev.coroner.app.ui.model.TimelineViewModel;
import dev.coroner.core.workspace.Annotation;
import dev.coroner.core.workspace.TranscriptStatus;
import java.nio.file.Path;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import java.util.List;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeTableCell;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * Where annotations and overrides show in the workbench (docs/ARCHITECTURE.md, "Annotations and overrides"): a column in
 * the timeline and in the findings list, a box in the detail panel, and "Annotate…" on a timeline row's context menu and
 * in the detail panel. An override always reads "human: …" and stands beside the machine verdict.
 */
final class Judgements {
    private final AnnotationsViewModel model;
    private final TimelineViewModel timeline;
    private final Supplier<Window> window;
    private final Subscriptions attached = new Subscriptions();

    Judgements(AnnotationsViewModel model, TimelineViewModel timeline, Supplier<Window> window) {
        this.model = model;
        this.timeline = timeline;
        this.window = window;
    }

    void detach() {
        attached.unsubscribeAll();
    }

    /** Opens "Annotate…" on the timeline's selected row; nothing when none is selected. */
    void annotateSelected() {
        Path p = timeline.pathProperty().get();
        TimelineRow row = timeline.selectedRowProperty().get();
        if (p != null && row != null) {
            AnnotateDialog.show(window.get(), model, p, row.line(),
                    r -> model.annotate(p, row.line(), r.note(), r.override()));
        }
    }

    /** Adds the note column to the timeline's table and "Annotate…" to its right-click menu. */
    void install(TableView<TimelineRow> table, ContextMenus<TimelineRow> menus) {
        TableColumn<TimelineRow, TimelineRow> c = new TableColumn<>("note");
        c.setPrefWidth(70);
        c.setMinWidth(64); // room for one chip
        c.setMaxWidth(160);
        c.setSortable(false);
        c.getStyleClass().add("note-column");
        c.setCellValueFactory(p -> new ReadOnlyObjectWrapper<>(p.getValue()));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(TimelineRow r, boolean empty) {
                super.updateItem(r, empty);
                Annotation a = empty || r == null ? null : model.at(timeline.pathProperty().get(), r.line());
                setText(null);
                setGraphic(a == null ? null : marks(a, true));
                if (a == null) {
                    Tips.clear(this);
                } else {
                    Tips.lazy(this, () -> describe(a));
                }
            }
        });
        table.getColumns().add(Math.min(1, table.getColumns().size()), c);
        menus.add(row -> {
            MenuItem annotate = new MenuItem("Annotate…");
            annotate.setOnAction(e -> annotateSelected());
            return List.of(annotate);
        });
        // the column takes room from the summary only while there is a note to show (the summary at 1280 px)
        c.setVisible(!model.all().isEmpty());
        attached.onChange(model.revisionProperty(), n -> {
            c.setVisible(!model.all().isEmpty());
            table.refresh();
        });
    }

    /** Adds the "human" column to the findings list. */
    void install(TreeTableView<Object> tree) {
        TreeTableColumn<Object, Object> c = new TreeTableColumn<>("annotation");
        c.setPrefWidth(220);
        c.setSortable(false);
        c.setCellValueFactory(p -> new ReadOnlyObjectWrapper<>(p.getValue().getValue()));
        c.setCellFactory(col -> new TreeTableCell<>() {
            @Override
            protected void updateItem(Object v, boolean empty) {
                super.updateItem(v, empty);
                Annotation a = !empty && v instanceof FindingItem i ? model.at(i.path(), i.finding().line()) : null;
                setText(null);
                setGraphic(a == null ? null : marks(a, false));
                getStyleClass().remove("human-judgement");
                if (a != null) {
                    getStyleClass().add("human-judgement");
                    Tips.lazy(this, () -> describe(a));
                } else {
                    Tips.clear(this);
                }
            }
        });
        tree.getColumns().add(Math.min(2, tree.getColumns().size()), c);
        attached.onChange(model.revisionProperty(), n -> tree.refresh());
    }

    /**
     * Adds a narrow column to the corpus tree: a transcript with an override reads "human" there, one with notes only
     * "note"; the hover lists them by line. Shown while any annotation is made.
     */
    void installCorpus(TreeTableView<dev.coroner.app.ui.model.CorpusNode> tree) {
        TreeTableColumn<dev.coroner.app.ui.model.CorpusNode, dev.coroner.app.ui.model.CorpusNode> c =
                new TreeTableColumn<>("note");
        c.setPrefWidth(58);
        c.setMinWidth(54);
        c.setMaxWidth(80);
        c.setSortable(false);
        c.getStyleClass().add("note-column");
        c.setCellValueFactory(p -> new ReadOnlyObjectWrapper<>(p.getValue().getValue()));
        c.setCellFactory(col -> new TreeTableCell<>() {
            @Override
            protected void updateItem(dev.coroner.app.ui.model.CorpusNode n, boolean empty) {
                super.updateItem(n, empty);
                List<Annotation> all = empty || n == null ? List.of() : model.of(n.path());
                setText(null);
                getStyleClass().remove("human-judgement");
                if (all.isEmpty()) {
                    setGraphic(null);
                    Tips.clear(this);
                    return;
                }
                Annotation shown = all.stream().filter(a -> a.override() != null).findFirst().orElse(all.get(0));
                setGraphic(marks(shown, true));
                if (shown.override() != null) {
                    getStyleClass().add("human-judgement");
                }
                Tips.lazy(this, () -> String.join("\n", all.stream()
                        .map(a -> "line " + a.line() + ": " + describe(a)).toList()));
            }
        });
        tree.getColumns().add(Math.min(2, tree.getColumns().size()), c);
        c.setVisible(!model.all().isEmpty());
        attached.onChange(model.revisionProperty(), n -> {
            c.setVisible(!model.all().isEmpty());
            tree.refresh();
        });
    }

    /** The detail panel's box: the note and the override beside the machine verdict, and "Annotate…". */
    VBox detailBox() {
        VBox box = new VBox(4);
        box.getStyleClass().add("judgement-box");
        Label note = new Label();
        note.getStyleClass().add("annotation-text");
        note.setWrapText(true);
        Label machine = new Label();
        machine.getStyleClass().add("machine-verdict");
        Label human = new Label();
        human.getStyleClass().add("human-verdict");
        human.setWrapText(true);
        Label changed = new Label();
        changed.getStyleClass().add("annotation-stale");
        // side by side, half the width each, both wrapping: neither verdict can crowd the other out
        machine.setWrapText(true);
        GridPane verdicts = new GridPane();
        verdicts.setHgap(10);
        for (int i = 0; i < 2; i++) {
            ColumnConstraints half = new ColumnConstraints();
            half.setPercentWidth(50);
            verdicts.getColumnConstraints().add(half);
        }
        verdicts.addRow(0, machine, human);
        Button annotate = new Button("Annotate…");
        annotate.getStyleClass().add("small");
        annotate.setId("detail-annotate");
        annotate.setMinWidth(Region.USE_PREF_SIZE); // a narrow detail panel at 1280×720 cut it to "Annot…"
        annotate.setOnAction(e -> annotateSelected());
        Runnable show = () -> {
            Path p = timeline.pathProperty().get();
            TimelineRow row = timeline.selectedRowProperty().get();
            Annotation a = row == null ? null : model.at(p, row.line());
            annotate.setDisable(row == null);
            note.setText(a == null || a.note().isEmpty() ? "" : "note: " + Safe.text(a.note()));
            boolean over = a != null && a.override() != null;
            machine.setText(over ? "machine: " + (a.override().machine().isEmpty() ? "no verdict"
                    : Safe.text(a.override().machine())) : "");
            human.setText(over ? Safe.text(a.override().label()) : "");
            TranscriptStatus s = model.status(p);
            changed.setText(a != null && s != TranscriptStatus.SAME ? "transcript " + s.name().toLowerCase()
                    + " since annotated" : "");
            for (Label l : new Label[] {note, machine, human, changed}) {
                l.setVisible(!l.getText().isEmpty());
                l.setManaged(l.isVisible());
            }
            verdicts.setVisible(over);
            verdicts.setManaged(over);
        };
        attached.onChange(model.revisionProperty(), n -> show.run());
        attached.onChange(timeline.selectedRowProperty(), r -> show.run());
        attached.onChange(timeline.pathProperty(), r -> show.run());
        show.run();
        FlowPane bar = new FlowPane(8, 4, annotate, changed);
        box.getChildren().addAll(note, verdicts, bar);
        return box;
    }

    /** "note" and "human: HEALTHY" chips; {@code compact} (a narrow column): one chip, "human" or "note". */
    private static HBox marks(Annotation a, boolean compact) {
        HBox box = new HBox(4);
        box.setAlignment(Pos.CENTER_LEFT);
        if (!a.note().isEmpty() && !(compact && a.override() != null)) {
            Label n = new Label("note");
            n.getStyleClass().addAll("annotation-mark");
            n.setMinWidth(Region.USE_PREF_SIZE);
            box.getChildren().add(n);
        }
        if (a.override() != null) {
            Label h = new Label(compact ? "human" : Safe.text("human: " + a.override().human()));
            h.getStyleClass().addAll("human-mark");
            if (compact) {
                h.setMinWidth(Region.USE_PREF_SIZE);
            }
            box.getChildren().add(h);
        }
        return box;
    }

    static String describe(Annotation a) {
        return Safe.lines(a.note().isEmpty() ? null : "note: " + a.note(),
                a.override() == null ? null : "machine: " + a.override().machine(),
                a.override() == null ? null : a.override().label());
    }
}

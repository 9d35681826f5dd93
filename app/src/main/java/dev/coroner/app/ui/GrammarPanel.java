package dev.coroner.app.ui;

import dev.coroner.app.ui.model.GrammarPanelModel;
import dev.coroner.app.ui.model.Navigator;
import dev.coroner.core.precursor.GrammarChange;
import dev.coroner.core.precursor.GrammarEdits;
import dev.coroner.core.precursor.GrammarError;
import dev.coroner.core.precursor.TomlStyler;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import dev.coroner.core.text.Cut;
import java.util.Locale;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.geometry.Orientation;
import javafx.stage.FileChooser;
import javafx.util.Duration;
import org.fxmisc.flowless.VirtualizedScrollPane;
import org.fxmisc.richtext.CodeArea;
import org.fxmisc.richtext.LineNumberFactory;
import org.fxmisc.richtext.model.StyleSpans;
import org.fxmisc.richtext.model.StyleSpansBuilder;

/**
 * The grammar panel (docs/WORKBENCH.md, "The grammar panel"): a TOML editor coloured by the core's
 * {@link TomlStyler}, every error underlined where it is and listed under the editor (click: the caret goes there; a
 * did-you-mean is one click), what the text changes against the saved grammar, and Open, Save, Save As, Undo, Redo.
 * The tabs under the editor are where other views of a grammar go ({@link #addTab}: proposals, coverage).
 */
final class GrammarPanel extends VBox {
    /** How often the file is looked at for changes made by another program. */
    private static final Duration DISK_POLL = Duration.seconds(2);

    private final GrammarPanelModel model;
    private final Navigator navigator;
    private final CodeArea area = new CodeArea();
    private final ListView<GrammarError> errorList = new ListView<>();
    private final ListView<GrammarChange.Call> changeList = new ListView<>();
    private final TabPane tabs = new TabPane();
    private final Tab errorsTab = new Tab("Errors");
    private final Tab changesTab = new Tab("Changes");
    private final Label fileLabel = new Label();
    private final Label state = new Label();
    private final HBox changeLinks = new HBox(8);
    private final Timeline poll = new Timeline(new KeyFrame(DISK_POLL, e -> checkDisk()));
    /** The panel's bindings and listeners: made when it is built, removed by {@link #detach()}. */
    private final Subscriptions attached = new Subscriptions();
    private boolean applying;

    GrammarPanel(GrammarPanelModel model, Navigator navigator) {
        this.model = model;
        this.navigator = navigator;
        getStyleClass().addAll("panel", "grammar-panel");
        area.getStyleClass().add("grammar-editor");
        area.setParagraphGraphicFactory(LineNumberFactory.get(area));
        VirtualizedScrollPane<CodeArea> editor = new VirtualizedScrollPane<>(area);
        attached.onChange(area.textProperty(), now -> {
            restyle();
            if (!applying) {
                model.edited(now);
            }
        });
        attached.show(model.textChangeProperty(), this::apply);
        attached.show(model.errors(), this::showErrors);
        attached.show(model.changeProperty(), this::showChange);
        attached.show(model.validProperty(), v -> showState());
        attached.onChange(model.messageProperty(), m -> showState());
        attached.onChange(model.conflictProperty(), this::askConflict);
        attached.onChange(model.changedOnDiskProperty(), changed -> {
            if (changed) {
                askReload();
            }
        });

        errorsTab.setContent(createErrors());
        changesTab.setContent(createChanges());
        ProposalsView proposals = new ProposalsView(model::accept, model::reject);
        attached.show(model.proposals(), () -> proposals.setProposals(model.proposals()));
        CoverageView coverage = new CoverageView(model::addRule);
        attached.show(model.ungated(), () -> coverage.setTools(model.ungated()));
        tabs.getTabs().addAll(errorsTab, changesTab, new Tab("Proposals", proposals), new Tab("Coverage", coverage));
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.getStyleClass().add("grammar-tabs");
        SplitPane split = new SplitPane(editor, tabs);
        split.setOrientation(Orientation.VERTICAL);
        // the tabs get more than half: at 1280×720 the Proposals and Coverage lists show several rows
        split.setDividerPositions(0.42);
        VBox.setVgrow(split, Priority.ALWAYS);
        state.getStyleClass().add("grammar-state");
        state.setWrapText(true);
        state.setMinHeight(Region.USE_PREF_SIZE);
        changeLinks.getStyleClass().add("grammar-change");
        changeLinks.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(createHeader(), createButtons(), changeLinks, state, split);
        poll.setCycleCount(Timeline.INDEFINITE);
        attached.show(model.shownProperty(), shown -> {
            if (shown) {
                poll.play();
                if (area.getCaretPosition() == 0) {
                    area.showParagraphAtTop(0); // laid out for the first time: from its first line
                }
            } else {
                poll.stop();
            }
        });
    }

    /** Stops following the model: the window is closing. */
    void detach() {
        poll.stop();
        attached.unsubscribeAll();
    }

    CodeArea editor() {
        return area;
    }

    /** Adds a view of the grammar as a tab beside Errors and Changes (the proposals and the coverage go here). */
    void addTab(Tab tab) {
        tabs.getTabs().add(tab);
    }

    /**
     * Whether unsaved edits may be dropped for {@code action} ("close the window"): true when there are none, or when
     * the person saves them or says to discard them.
     */
    boolean mayDiscard(String action) {
        if (!model.dirtyProperty().get()) {
            return true;
        }
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, "The grammar has unsaved edits. Save them before you "
                + action + "?", ButtonType.YES, ButtonType.NO, ButtonType.CANCEL);
        a.setHeaderText("Unsaved grammar");
        owner(a);
        ButtonType b = a.showAndWait().orElse(ButtonType.CANCEL);
        if (b == ButtonType.YES) {
            return save();
        }
        return b == ButtonType.NO;
    }

    private Node createHeader() {
        Label title = new Label("GRAMMAR");
        title.getStyleClass().add("panel-title");
        fileLabel.getStyleClass().add("grammar-file");
        attached.bind(fileLabel.textProperty(), model.fileProperty().map(p -> Safe.text(p.getFileName().toString()))
                .orElse("untitled").flatMap(n -> model.dirtyProperty().map(d -> d ? n + " •" : n)));
        attached.bind(fileLabel.tooltipProperty(), model.fileProperty().map(p -> Tips.of(Safe.text(p.toString()))));
        HBox top = new HBox(8, title, fileLabel);
        top.getStyleClass().add("panel-header");
        top.setAlignment(Pos.CENTER_LEFT);
        return top;
    }

    private Node createButtons() {
        Button open = button("Open…", "Open a grammar file (a dos.toml too)", this::open);
        Button save = button("Save", "Save the grammar (Ctrl+S in the editor): only its tables are written", this::save);
        Button saveAs = button("Save As…", "Save the whole text to a new file", this::saveAs);
        Button undo = button("Undo", "Undo (Ctrl+Z)", area::undo);
        Button redo = button("Redo", "Redo (Ctrl+Y)", area::redo);
        attached.bind(undo.disableProperty(), area.undoAvailableProperty().map(b -> !b));
        attached.bind(redo.disableProperty(), area.redoAvailableProperty().map(b -> !b));
        area.setOnKeyPressed(e -> {
            if (e.isShortcutDown() && e.getCode() == javafx.scene.input.KeyCode.S) {
                save();
                e.consume();
            }
        });
        HBox row = new HBox(4, open, save, saveAs, undo, redo);
        row.getStyleClass().add("grammar-buttons");
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }

    private static Button button(String text, String tip, Runnable action) {
        Button b = new Button(text);
        b.getStyleClass().add("small");
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> action.run());
        b.setFocusTraversable(false);
        return b;
    }

    private Node createErrors() {
        errorList.getStyleClass().add("grammar-errors");
        errorList.setPlaceholder(new Label("no errors"));
        errorList.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(GrammarError e, boolean empty) {
                super.updateItem(e, empty);
                if (empty || e == null) {
                    setText(null);
                    setGraphic(null);
                    return;
                }
                String where = e.positioned() ? e.line() + ":" + e.column() + "  " : "";
                Label message = new Label(Safe.text(where + e.message()));
                message.setWrapText(true);
                message.getStyleClass().add("grammar-error-text");
                message.setMaxWidth(Double.MAX_VALUE);
                HBox.setHgrow(message, Priority.ALWAYS);
                HBox row = new HBox(6, message);
                row.setAlignment(Pos.CENTER_LEFT);
                if (e.suggestion() != null && GrammarEdits.fix(model.text(), e).isPresent()) {
                    Hyperlink fix = new Hyperlink("use " + Safe.text(e.suggestion()));
                    fix.getStyleClass().add("grammar-fix");
                    fix.setOnAction(a -> model.fix(e));
                    row.getChildren().add(fix);
                }
                message.prefWidthProperty().bind(errorList.widthProperty().subtract(120));
                setText(null);
                setGraphic(row);
            }
        });
        errorList.setOnMouseClicked(e -> {
            GrammarError err = errorList.getSelectionModel().getSelectedItem();
            if (err != null) {
                caretTo(err);
            }
        });
        return errorList;
    }

    private Node createChanges() {
        changeList.getStyleClass().add("grammar-changes");
        changeList.setPlaceholder(new Label("the text changes no verdict against the saved grammar"));
        changeList.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(GrammarChange.Call c, boolean empty) {
                super.updateItem(c, empty);
                setText(empty || c == null ? null : Safe.text(c.path().getFileName() + ":" + c.line() + "  " + c.tool()
                        + "  " + stance(c.was()) + " → " + stance(c.now())
                        + (c.command() == null ? "" : "  by `" + Cut.to(c.command(), 120) + "`")));
            }
        });
        changeList.setOnMouseClicked(e -> {
            GrammarChange.Call c = changeList.getSelectionModel().getSelectedItem();
            if (c != null) {
                navigator.goTo(c.path(), c.line());
            }
        });
        return changeList;
    }

    private static String stance(Object s) {
        return s == null ? "not gated" : s.toString();
    }

    private void apply(GrammarPanelModel.TextChange c) {
        if (c == null) {
            return;
        }
        var edit = c.edit();
        if (c.load() && edit.replacement().equals(area.getText())) {
            area.getUndoManager().forgetHistory();
            return;
        }
        int end = Math.min(edit.end(), area.getLength());
        applying = c.load();
        try {
            area.replaceText(Math.min(edit.start(), end), end, edit.replacement());
        } finally {
            applying = false;
        }
        if (c.load()) {
            area.getUndoManager().forgetHistory();
            area.moveTo(0);
            area.showParagraphAtTop(0); // a grammar opens at its first line, not wherever the last text was scrolled
        } else {
            area.moveTo(Math.min(edit.start() + edit.replacement().length(), area.getLength()));
            area.requestFollowCaret();
        }
        model.edited(area.getText());
    }

    /** Colours from the core's styler, with every error of the text underlined at its place. */
    private void restyle() {
        String text = area.getText();
        int n = text.length();
        if (n == 0) {
            return;
        }
        List<List<String>> at = new ArrayList<>(java.util.Collections.nCopies(n, (List<String>) null));
        for (TomlStyler.Span s : TomlStyler.spans(text)) {
            List<String> c = List.of("toml-" + s.kind().name().toLowerCase(Locale.ROOT));
            for (int i = s.start(); i < s.end(); i++) {
                at.set(i, c);
            }
        }
        if (text.equals(model.text())) {
            for (GrammarError e : model.errors()) {
                GrammarEdits.Place p = GrammarEdits.place(text, e);
                for (int i = p == null ? 0 : p.start(); p != null && i < p.end(); i++) {
                    List<String> c = new ArrayList<>(at.get(i) == null ? List.of() : at.get(i));
                    c.add("grammar-error");
                    at.set(i, c);
                }
            }
        }
        StyleSpansBuilder<Collection<String>> spans = new StyleSpansBuilder<>();
        int from = 0;
        for (int i = 1; i <= n; i++) {
            if (i == n || !same(at.get(i), at.get(from))) {
                spans.add(at.get(from) == null ? List.of() : at.get(from), i - from);
                from = i;
            }
        }
        StyleSpans<Collection<String>> built = spans.create();
        area.setStyleSpans(0, built);
    }

    private static boolean same(List<String> a, List<String> b) {
        return a == null ? b == null : a.equals(b);
    }

    private void showErrors() {
        errorList.getItems().setAll(model.errors());
        errorsTab.setText(model.errors().isEmpty() ? "Errors" : "Errors (" + model.errors().size() + ")");
        restyle();
        showState();
    }

    private void showState() {
        String m = model.messageProperty().get();
        if (!model.validProperty().get()) {
            state.setText(GrammarPanelModel.invalidNote(model.errors()));
            state.getStyleClass().setAll("grammar-state", "grammar-invalid");
        } else {
            state.setText(Safe.text(m));
            state.getStyleClass().setAll("grammar-state");
        }
    }

    private void showChange(GrammarChange c) {
        changeLinks.getChildren().clear();
        if (c == null || c.none()) {
            Label same = new Label("no change against the saved grammar");
            same.getStyleClass().add("grammar-change-none");
            changeLinks.getChildren().add(same);
            changeList.getItems().clear();
            return;
        }
        if (c.warnsAdded() > 0) {
            changeLinks.getChildren().add(link(String.format("+%,d WARN", c.warnsAdded()), "change-added", c.added()));
        }
        if (c.warnsRemoved() > 0) {
            changeLinks.getChildren().add(link(String.format("−%,d WARN", c.warnsRemoved()), "change-removed", c.removed()));
        }
        if (c.exemptAdded() > 0) {
            changeLinks.getChildren().add(link(String.format("%,d EXEMPT", c.exemptAdded()), "change-exempt", c.exempted()));
        }
        changeList.getItems().setAll(c.added());
    }

    /** A count that lists its calls in the Changes tab and goes to the first. */
    private Hyperlink link(String text, String styleClass, List<GrammarChange.Call> calls) {
        Hyperlink h = new Hyperlink(text);
        h.getStyleClass().addAll("change-link", styleClass);
        h.setOnAction(e -> {
            changeList.getItems().setAll(calls);
            tabs.getSelectionModel().select(changesTab);
            if (!calls.isEmpty()) {
                navigator.goTo(calls.get(0).path(), calls.get(0).line());
            }
        });
        return h;
    }

    private void caretTo(GrammarError e) {
        GrammarEdits.Place p = GrammarEdits.place(area.getText(), e);
        if (p != null) {
            area.moveTo(Math.min(p.start(), area.getLength()));
            area.requestFollowCaret();
            area.requestFocus();
        }
    }

    private void open() {
        if (!mayDiscard("open another grammar")) {
            return;
        }
        FileChooser chooser = chooser("Open a precursor grammar");
        File f = chooser.showOpenDialog(window());
        if (f != null) {
            model.open(f.toPath());
        }
    }

    /** Saves; a grammar without a file of its own (or the bundled one) asks for one. False when not saved. */
    boolean save() {
        if (model.save()) {
            return true;
        }
        return saveAs();
    }

    private boolean saveAs() {
        FileChooser chooser = chooser("Save the grammar as");
        chooser.setInitialFileName(model.fileProperty().get() == null ? "grammar.toml"
                : model.fileProperty().get().getFileName().toString());
        File f = chooser.showSaveDialog(window());
        if (f == null) {
            return false;
        }
        model.saveAs(f.toPath());
        return true;
    }

    private static FileChooser chooser(String title) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("TOML (*.toml)", "*.toml"),
                new FileChooser.ExtensionFilter("All files", "*"));
        return chooser;
    }

    private void checkDisk() {
        if (getScene() != null) {
            model.checkDisk();
        }
    }

    private void askConflict(Path chosen) {
        if (chosen == null) {
            return;
        }
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, "The grammar panel has unsaved edits of "
                + Safe.text(String.valueOf(model.fileProperty().get())) + ". Drop them and open "
                + Safe.text(chosen.getFileName().toString()) + "?", ButtonType.YES, ButtonType.NO);
        a.setHeaderText("Another grammar was chosen");
        owner(a);
        if (a.showAndWait().orElse(ButtonType.NO) == ButtonType.YES) {
            model.open(chosen);
        } else {
            model.keepEditing();
        }
    }

    private void askReload() {
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, Safe.text(String.valueOf(model.fileProperty().get()))
                + " changed on disk. Reload it and drop your unsaved edits?", ButtonType.YES, ButtonType.NO);
        a.setHeaderText("The grammar file changed");
        owner(a);
        if (a.showAndWait().orElse(ButtonType.NO) == ButtonType.YES) {
            model.reload();
        } else {
            model.keepEdits();
        }
    }

    private void owner(Alert a) {
        if (getScene() != null && getScene().getWindow() != null) {
            a.initOwner(getScene().getWindow());
        }
    }

    private javafx.stage.Window window() {
        return getScene() == null ? null : getScene().getWindow();
    }
}

package dev.coroner.app.ui;

import dev.coroner.app.ui.model.FilterBarModel;
import dev.coroner.app.ui.model.FilterBook;
import dev.coroner.core.workspace.Workspace;
import javafx.css.PseudoClass;
import javafx.geometry.Bounds;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputDialog;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Popup;

/**
 * A filter bar (docs/WORKBENCH.md, "Filter bars"): the expression field, green while it holds a filter and red with the
 * place and the reason when it does not; completion of field names, enum words and operators (Ctrl+Space, or Down,
 * then Up/Down and Enter); and the saved filters of its kind of row (★).
 */
final class FilterBar extends VBox {
    private static final PseudoClass VALID = PseudoClass.getPseudoClass("valid");
    private static final PseudoClass INVALID = PseudoClass.getPseudoClass("invalid");
    private static final KeyCombination COMPLETE = new KeyCodeCombination(KeyCode.SPACE, KeyCombination.SHORTCUT_DOWN);

    /** A completion row's height at 100 % type. */
    private static final double CANDIDATE_HEIGHT = 24;

    private final FilterBarModel model;
    private final Subscriptions attached = new Subscriptions();
    private final TextField field = new TextField();
    private final Label message = new Label();
    private final ListView<String> candidates = new ListView<>();
    private final Popup completion = new Popup();
    private FilterBarModel.Completion open;

    /**
     * @param rows which saved filters are this bar's: {@code transcript} or {@code record}
     */
    FilterBar(FilterBarModel model, FilterBook book, String rows, String prompt) {
        super(2);
        this.model = model;
        getStyleClass().add("filter-bar");
        field.getStyleClass().add("filter-field");
        field.setPromptText(prompt);
        attached.bindBidirectional(field.textProperty(), model.textProperty());
        Tips.lazy(field, () -> "A filter expression, e.g. state == SYNTHETIC and class != AUTH. Ctrl+Space completes"
                + " the field name, enum word or operator at the caret. docs/FILTER.md lists the fields.");
        attached.show(model.statusProperty(), s -> {
            field.pseudoClassStateChanged(VALID, s == FilterBarModel.Status.VALID);
            field.pseudoClassStateChanged(INVALID, s == FilterBarModel.Status.INVALID);
        });
        message.getStyleClass().add("filter-message");
        message.setWrapText(true);
        message.setMinHeight(Label.USE_PREF_SIZE);
        attached.show(model.messageProperty(), m -> {
            message.setText(Safe.text(m));
            message.setVisible(!m.isEmpty());
            message.setManaged(!m.isEmpty());
        });
        MenuButton saved = savedMenu(book, rows);
        HBox line = new HBox(4, field, saved);
        line.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(field, Priority.ALWAYS);
        field.setMinWidth(80);
        getChildren().addAll(line, message);

        candidates.getStyleClass().add("filter-completion");
        candidates.setFixedCellSize(CANDIDATE_HEIGHT);
        candidates.setPrefWidth(260);
        candidates.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(String s, boolean empty) {
                super.updateItem(s, empty);
                setText(empty || s == null ? null : Safe.text(s));
            }
        });
        completion.getContent().add(candidates);
        completion.setAutoHide(true);
        completion.setHideOnEscape(true);
        candidates.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER || e.getCode() == KeyCode.TAB) {
                accept(candidates.getSelectionModel().getSelectedItem());
                e.consume();
            } else if (e.getCode() == KeyCode.ESCAPE) {
                completion.hide();
                e.consume();
            }
        });
        candidates.setOnMouseClicked(e -> accept(candidates.getSelectionModel().getSelectedItem()));
        field.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (COMPLETE.match(e) || (e.getCode() == KeyCode.DOWN && !completion.isShowing())) {
                showCompletion();
                e.consume();
            }
        });
    }

    TextField field() {
        return field;
    }

    Label message() {
        return message;
    }

    /** The completion's candidates, shown or not. */
    ListView<String> candidates() {
        return candidates;
    }

    boolean completing() {
        return completion.isShowing();
    }

    void detach() {
        completion.hide();
        attached.unsubscribeAll();
    }

    /** Lists what may stand at the caret under the field; nothing when nothing may. */
    void showCompletion() {
        open = model.complete(field.getCaretPosition());
        if (open.candidates().isEmpty() || field.getScene() == null) {
            completion.hide();
            return;
        }
        candidates.getItems().setAll(open.candidates());
        candidates.getSelectionModel().selectFirst();
        // every candidate shown whole, at most eight rows, then a scroll bar
        candidates.setPrefHeight(CANDIDATE_HEIGHT * Math.min(8, open.candidates().size()) + 4);
        // a popup's scene has none of the window's sheets: the same type and colours as the bar it completes
        completion.getScene().getStylesheets().setAll(field.getScene().getStylesheets());
        Bounds b = field.localToScreen(field.getBoundsInLocal());
        if (b == null) {
            return;
        }
        completion.show(field, b.getMinX(), b.getMaxY());
        candidates.requestFocus();
    }

    private void accept(String candidate) {
        completion.hide();
        if (candidate == null || open == null) {
            return;
        }
        int caret = model.accept(open, candidate);
        open = null;
        field.requestFocus();
        field.positionCaret(caret);
    }

    private MenuButton savedMenu(FilterBook book, String rows) {
        MenuButton saved = new MenuButton("★");
        saved.getStyleClass().addAll("small", "filter-saved");
        Tips.lazy(saved, () -> "Saved filters: save this one by name, or apply one (kept in the workspace)");
        saved.setOnShowing(e -> {
            MenuItem save = new MenuItem("Save this filter…");
            save.getStyleClass().add("filter-save");
            save.setDisable(model.statusProperty().get() != FilterBarModel.Status.VALID);
            save.setOnAction(a -> {
                TextInputDialog ask = new TextInputDialog();
                ask.setTitle("Save filter");
                ask.setHeaderText("A name for " + Safe.text(model.textProperty().get()));
                ask.initOwner(getScene() == null ? null : getScene().getWindow());
                ask.showAndWait().map(String::strip).filter(n -> !n.isEmpty()).ifPresent(n ->
                        book.save(new Workspace.SavedFilter(n, rows, model.textProperty().get())));
            });
            saved.getItems().setAll(save);
            var mine = book.saved().stream().filter(s -> s.rows().equals(rows)).toList();
            if (!mine.isEmpty()) {
                saved.getItems().add(new SeparatorMenuItem());
            }
            for (Workspace.SavedFilter s : mine) {
                MenuItem use = new MenuItem(Safe.text(s.name() + " — " + s.expression()));
                use.setMnemonicParsing(false);
                use.setOnAction(a -> model.textProperty().set(s.expression()));
                saved.getItems().add(use);
            }
            if (!mine.isEmpty()) {
                javafx.scene.control.Menu remove = new javafx.scene.control.Menu("Remove");
                for (Workspace.SavedFilter s : mine) {
                    MenuItem r = new MenuItem(Safe.text(s.name()));
                    r.setMnemonicParsing(false);
                    r.setOnAction(a -> book.remove(s));
                    remove.getItems().add(r);
                }
                saved.getItems().add(remove);
            }
        });
        saved.getItems().add(new MenuItem("Save this filter…")); // an item, so the menu opens at all
        return saved;
    }
}

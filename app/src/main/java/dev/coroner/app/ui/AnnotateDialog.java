package dev.coroner.app.ui;

import dev.coroner.app.ui.model.AnnotationsViewModel;
import dev.coroner.core.workspace.Annotation;
import dev.coroner.core.workspace.VerdictOverride;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.stage.Window;

/**
 * "Annotate…": a note on a record and, if the person wants, an override of its verdict, which needs a reason
 * (docs/ARCHITECTURE.md, "Annotations and overrides"). The machine verdict is shown above, as it stays.
 */
final class AnnotateDialog {
    /** What the dialog gives back: the note (maybe empty) and the override (maybe null). */
    record Result(String note, VerdictOverride override) {
    }

    /** The verdict box's last choice: a verdict in the person's own words. */
    static final String OTHER = "other…";

    private AnnotateDialog() {
    }

    /** Shows the dialog for {@code line} of {@code transcript}; {@code done} gets the result when the person saves. */
    static void show(Window owner, AnnotationsViewModel model, Path transcript, long line, Consumer<Result> done) {
        AnnotationsViewModel.Machine machine = model.machineVerdict(transcript, line);
        Annotation was = model.at(transcript, line);
        Dialog<Result> d = new Dialog<>();
        d.initOwner(owner);
        d.setTitle("Annotate");
        d.setHeaderText(Safe.text(transcript.getFileName() + " · line " + line));
        TextArea note = new TextArea(was == null ? "" : was.note());
        note.setId("annotation-note");
        note.setPromptText("A note for whoever reads this next");
        note.setPrefRowCount(4);
        note.setWrapText(true);
        Label machineLabel = new Label("machine: " + (machine.verdict().isEmpty() ? "no verdict at this line"
                : Safe.text(machine.verdict())));
        machineLabel.getStyleClass().add("machine-verdict");
        machineLabel.setWrapText(true);
        CheckBox overriding = new CheckBox("Override the verdict (a human judgement, shown beside the machine's)");
        overriding.setId("override-check");
        overriding.setWrapText(true);
        // a list that opens on the first click (an editable box opened only on its arrow), and "other…" for a
        // verdict of the person's own words, typed in the field it shows
        List<String> choices = AnnotationsViewModel.choices(machine.subject());
        ComboBox<String> human = new ComboBox<>();
        human.setId("override-human");
        human.getItems().setAll(choices);
        human.getItems().add(OTHER);
        human.setMaxWidth(Double.MAX_VALUE);
        human.setPromptText("Choose a verdict");
        TextField own = new TextField();
        own.setId("override-own");
        own.setPromptText("The verdict, in your words");
        own.visibleProperty().bind(human.valueProperty().isEqualTo(OTHER));
        own.managedProperty().bind(own.visibleProperty());
        javafx.beans.binding.StringBinding verdict = Bindings.createStringBinding(() -> OTHER.equals(human.getValue())
                ? own.getText().strip() : human.getValue() == null ? "" : human.getValue(),
                human.valueProperty(), own.textProperty());
        TextField reason = new TextField();
        reason.setId("override-reason");
        reason.setPromptText("Why (required)");
        if (was != null && was.override() != null) {
            overriding.setSelected(true);
            if (choices.contains(was.override().human())) {
                human.setValue(was.override().human());
            } else {
                human.setValue(OTHER);
                own.setText(was.override().human());
            }
            reason.setText(was.override().reason());
        }
        human.disableProperty().bind(overriding.selectedProperty().not());
        reason.disableProperty().bind(overriding.selectedProperty().not());
        own.disableProperty().bind(overriding.selectedProperty().not());
        GridPane grid = new GridPane();
        // the names column as wide as its names ("Human verdict" was cut to "Human …"), the fields take the rest
        ColumnConstraints names = new ColumnConstraints();
        names.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints fields = new ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        fields.setMinWidth(320);
        grid.getColumnConstraints().addAll(names, fields);
        grid.setHgap(8);
        grid.setVgap(8);
        grid.setPadding(new Insets(10));
        grid.addRow(0, new Label("Note"), note);
        grid.add(machineLabel, 1, 1);
        grid.add(overriding, 1, 2);
        grid.addRow(3, new Label("Human verdict"), new javafx.scene.layout.VBox(6, human, own));
        grid.addRow(4, new Label("Reason"), reason);
        d.getDialogPane().setContent(grid);
        ButtonType save = new ButtonType("Save note", ButtonBar.ButtonData.OK_DONE);
        d.getDialogPane().getButtonTypes().addAll(save, ButtonType.CANCEL);
        Node saveButton = d.getDialogPane().lookupButton(save);
        saveButton.setId("annotation-save");
        // the note from the keyboard: Tab goes on to the next field, Enter saves, Shift+Enter starts a new line
        note.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.TAB && !e.isControlDown()) {
                e.consume();
                (e.isShiftDown() ? d.getDialogPane().lookupButton(ButtonType.CANCEL) : overriding).requestFocus();
            } else if (e.getCode() == KeyCode.ENTER && e.isShiftDown()) {
                e.consume();
                note.replaceSelection("\n");
            } else if (e.getCode() == KeyCode.ENTER) {
                e.consume();
                if (!saveButton.isDisabled()) {
                    ((Button) saveButton).fire();
                }
            }
        });
        // an override needs a verdict and a reason; removing everything (both empty) is allowed: it deletes the note
        saveButton.disableProperty().bind(Bindings.createBooleanBinding(() -> overriding.isSelected()
                        && (verdict.get().isBlank() || reason.getText().isBlank()),
                overriding.selectedProperty(), verdict, reason.textProperty()));
        d.setResultConverter(b -> b != save ? null : new Result(note.getText(), overriding.isSelected()
                ? new VerdictOverride(machine.subject(), machine.verdict(), verdict.get(),
                reason.getText().strip())
                : null));
        d.setOnHidden(e -> {
            if (d.getResult() != null) {
                done.accept(d.getResult());
            }
        });
        d.getDialogPane().setPrefWidth(560);
        Dialogs.whole(d.getDialogPane());
        d.show();
        note.requestFocus();
    }
}

package dev.coroner.app.ui;

import dev.coroner.app.ui.model.AnnotationsViewModel;
import dev.coroner.core.workspace.Annotation;
import dev.coroner.core.workspace.VerdictOverride;
import java.nio.file.Path;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;

/**
 * "Annotate…": a note on a record and, if the person wants, an override of its verdict, which needs a reason
 * (docs/ARCHITECTURE.md, "Annotations and overrides"). The machine verdict is shown above, as it stays.
 */
final class AnnotateDialog {
    /** What the dialog gives back: the note (maybe empty) and the override (maybe null). */
    record Result(String note, VerdictOverride override) {
    }

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
        CheckBox overriding = new CheckBox("Override the verdict (a human judgement, shown beside the machine's)");
        overriding.setId("override-check");
        ComboBox<String> human = new ComboBox<>();
        human.setId("override-human");
        human.setEditable(true);
        human.getItems().setAll(AnnotationsViewModel.choices(machine.subject()));
        TextField reason = new TextField();
        reason.setId("override-reason");
        reason.setPromptText("Why (required)");
        if (was != null && was.override() != null) {
            overriding.setSelected(true);
            human.getEditor().setText(was.override().human());
            reason.setText(was.override().reason());
        }
        human.disableProperty().bind(overriding.selectedProperty().not());
        reason.disableProperty().bind(overriding.selectedProperty().not());
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.setPadding(new Insets(10));
        grid.addRow(0, new Label("Note"), note);
        grid.add(machineLabel, 1, 1);
        grid.add(overriding, 1, 2);
        grid.addRow(3, new Label("Human verdict"), human);
        grid.addRow(4, new Label("Reason"), reason);
        d.getDialogPane().setContent(grid);
        ButtonType save = new ButtonType("Save note", ButtonBar.ButtonData.OK_DONE);
        d.getDialogPane().getButtonTypes().addAll(save, ButtonType.CANCEL);
        Node saveButton = d.getDialogPane().lookupButton(save);
        saveButton.setId("annotation-save");
        // an override needs a verdict and a reason; removing everything (both empty) is allowed: it deletes the note
        saveButton.disableProperty().bind(Bindings.createBooleanBinding(() -> overriding.isSelected()
                        && (human.getEditor().getText().isBlank() || reason.getText().isBlank()),
                overriding.selectedProperty(), human.getEditor().textProperty(), reason.textProperty()));
        d.setResultConverter(b -> b != save ? null : new Result(note.getText(), overriding.isSelected()
                ? new VerdictOverride(machine.subject(), machine.verdict(), human.getEditor().getText().strip(),
                reason.getText().strip())
                : null));
        d.setOnHidden(e -> {
            if (d.getResult() != null) {
                done.accept(d.getResult());
            }
        });
        d.show();
        note.requestFocus();
    }
}

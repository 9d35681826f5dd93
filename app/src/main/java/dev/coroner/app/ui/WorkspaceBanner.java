package dev.coroner.app.ui;

import dev.coroner.app.ui.model.WorkspaceViewModel;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import javafx.geometry.Pos;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * A line under the tool bar while the open workspace needs saying something about: read from an untagged file,
 * transcripts missing or changed since they were annotated (docs/ARCHITECTURE.md, "Workspaces"). While transcripts are
 * missing it offers to locate them: a folder to look through, or files, recognised by the SHA-256 the workspace
 * recorded.
 */
final class WorkspaceBanner extends HBox {
    private final WorkspaceViewModel workspace;

    WorkspaceBanner(WorkspaceViewModel workspace) {
        super(8);
        this.workspace = workspace;
        getStyleClass().add("workspace-banner-bar");
        setAlignment(Pos.CENTER_LEFT);
        Label text = new Label();
        text.getStyleClass().add("workspace-banner");
        text.setWrapText(true);
        text.setMaxWidth(Double.MAX_VALUE);
        text.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE); // wrapped, never cut
        HBox.setHgrow(text, Priority.ALWAYS);
        // bound for the window's life: the banner and the view model go together
        text.textProperty().bind(workspace.warningProperty().map(Safe::text));
        Button folder = new Button("Locate in folder…");
        folder.setId("locate-folder");
        folder.setOnAction(e -> chooseFolder());
        Button files = new Button("Locate files…");
        files.setId("locate-files");
        files.setOnAction(e -> chooseFiles());
        for (Button b : List.of(folder, files)) {
            b.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
            b.visibleProperty().bind(workspace.missingCountProperty().greaterThan(0));
            b.managedProperty().bind(b.visibleProperty());
        }
        getChildren().addAll(text, folder, files);
        visibleProperty().bind(text.textProperty().isNotEmpty());
        managedProperty().bind(visibleProperty());
    }

    private void chooseFolder() {
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle("Locate the missing transcripts: a folder to look through");
        File dir = chooser.showDialog(window());
        if (dir != null) {
            locate(List.of(dir.toPath()));
        }
    }

    private void chooseFiles() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Locate the missing transcripts");
        chooser.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("Transcripts (*.jsonl)", "*.jsonl"),
                new FileChooser.ExtensionFilter("All files", "*"));
        List<File> chosen = chooser.showOpenMultipleDialog(window());
        if (chosen != null) {
            locate(chosen.stream().map(File::toPath).toList());
        }
    }

    /** Looks for the missing transcripts among {@code candidates} and says what it found. */
    void locate(List<Path> candidates) {
        workspace.locate(candidates, tell());
    }

    private Consumer<String> tell() {
        return m -> {
            Alert a = new Alert(Alert.AlertType.INFORMATION);
            a.setHeaderText("Locate missing transcripts");
            a.setContentText(Safe.text(m));
            Dialogs.whole(a.getDialogPane());
            if (window() != null) {
                a.initOwner(window());
            }
            a.show();
        };
    }

    private Window window() {
        return getScene() == null ? null : getScene().getWindow();
    }
}

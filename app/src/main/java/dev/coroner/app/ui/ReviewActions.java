package dev.coroner.app.ui;

import dev.coroner.app.ui.model.WorkspaceViewModel;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import javafx.scene.control.Alert;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCombination;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * The commands for showing work to others (docs/ARCHITECTURE.md, "Workspaces"): save and open a workspace. The menu
 * gets its items here, so the main view only places them.
 */
final class ReviewActions {
    static final String WORKSPACE_SUFFIX = ".coroner.json";

    private final WorkspaceViewModel workspace;
    private final WindowLayout layout;
    private final Supplier<Window> window;

    ReviewActions(WorkspaceViewModel workspace, WindowLayout layout, Supplier<Window> window) {
        this.workspace = workspace;
        this.layout = layout;
        this.window = window;
    }

    /** The File menu's items, after a separator. */
    List<MenuItem> fileItems() {
        return List.of(new SeparatorMenuItem(),
                item("Open workspace…", null, this::chooseAndOpen),
                item("Save workspace…", "Shortcut+S", this::chooseAndSave));
    }

    void chooseAndSave() {
        FileChooser chooser = chooser("Save workspace");
        Path current = workspace.fileProperty().get();
        chooser.setInitialFileName(current != null ? current.getFileName().toString() : "investigation" + WORKSPACE_SUFFIX);
        if (current != null && current.getParent() != null) {
            chooser.setInitialDirectory(current.getParent().toFile());
        }
        File f = chooser.showSaveDialog(window.get());
        if (f != null) {
            save(f.toPath());
        }
    }

    void save(Path target) {
        Path p = target.getFileName().toString().endsWith(".json") ? target
                : target.resolveSibling(target.getFileName() + WORKSPACE_SUFFIX);
        workspace.save(p, layout.capture(), this::refused);
    }

    void chooseAndOpen() {
        File f = chooser("Open workspace").showOpenDialog(window.get());
        if (f != null) {
            open(f.toPath(), List.of());
        }
    }

    /** Opens the workspace at {@code file}, and {@code extra} transcripts beside its own. */
    void open(Path file, List<Path> extra) {
        workspace.open(file, extra, layout::apply, this::refused);
    }

    private static FileChooser chooser(String title) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.getExtensionFilters().addAll(
                new FileChooser.ExtensionFilter("Coroner workspaces (*" + WORKSPACE_SUFFIX + ")", "*" + WORKSPACE_SUFFIX),
                new FileChooser.ExtensionFilter("All files", "*"));
        return chooser;
    }

    private void refused(String message) {
        Alert a = new Alert(Alert.AlertType.WARNING);
        a.setHeaderText("Workspace");
        a.setContentText(Safe.text(message));
        if (window.get() != null) {
            a.initOwner(window.get());
        }
        a.show();
    }

    static MenuItem item(String text, String accelerator, Runnable action) {
        MenuItem i = new MenuItem(text);
        if (accelerator != null) {
            i.setAccelerator(KeyCombination.keyCombination(accelerator));
        }
        i.setOnAction(e -> action.run());
        return i;
    }
}

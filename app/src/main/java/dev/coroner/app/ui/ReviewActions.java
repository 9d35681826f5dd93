package dev.coroner.app.ui;

import dev.coroner.app.ui.model.ReportExportViewModel;
import dev.coroner.core.durable.AtomicWrite;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The commands for showing work to others (docs/ARCHITECTURE.md, "Workspaces", "Reports"; docs/WORKBENCH.md,
 * "Presentation mode"): save and open a workspace, export a report or a picture, present. The menus get their items
 * here; the main view only places them.
 */
final class ReviewActions {
    static final String WORKSPACE_SUFFIX = dev.coroner.core.workspace.WorkspaceFiles.SUFFIX;

    private final ReviewModels models;
    private final WindowLayout layout;
    private final Supplier<Window> window;
    /** How many files outside a workspace's folder the question lists by name. */
    private static final int OUTSIDE_SHOWN = 12;
    /** Room for "Read them" in the theme's bold default-button type, at the largest type size. */
    private static final double ANSWER_WIDTH = 120;
    private boolean readOutside;

    ReviewActions(ReviewModels models, WindowLayout layout, Supplier<Window> window) {
        this.models = models;
        this.layout = layout;
        this.window = window;
    }

    /** The File menu's items, after a separator. */
    List<MenuItem> fileItems() {
        return List.of(new SeparatorMenuItem(),
                MainView.item("Open workspace…", null, this::chooseAndOpen),
                MainView.item("Save workspace…", "Shortcut+Shift+S", this::chooseAndSave),
                new SeparatorMenuItem(),
                MainView.item("Export report…", "Shortcut+E", this::chooseAndExport),
                MainView.item("Export picture…", null, this::choosePicture));
    }

    /** The View menu's items, after a separator. */
    List<MenuItem> viewItems() {
        return List.of(new SeparatorMenuItem(), MainView.item("Present", "F5", this::present));
    }

    // ---- workspaces ----

    void chooseAndSave() {
        FileChooser chooser = chooser("Save workspace", "Coroner workspaces (*" + WORKSPACE_SUFFIX + ")",
                "*" + WORKSPACE_SUFFIX);
        Path current = models.workspace().fileProperty().get();
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
        models.workspace().save(p, layout.capture(), m -> warn("Workspace", m));
    }

    void chooseAndOpen() {
        File f = chooser("Open workspace", "Coroner workspaces (*" + WORKSPACE_SUFFIX + ")", "*" + WORKSPACE_SUFFIX)
                .showOpenDialog(window.get());
        if (f != null) {
            open(f.toPath(), List.of());
        }
    }

    /** Opens the workspace at {@code file}, and {@code extra} transcripts beside its own. */
    void open(Path file, List<Path> extra) {
        models.workspace().open(file, extra, layout::apply, m -> warn("Workspace", m),
                readOutside ? (w, outside, answer) -> answer.accept(true) : this::askOutside);
    }

    /** Reads the files a workspace names outside its folder without asking: {@code coroner snapshot --allow-outside}. */
    void readOutsideWithoutAsking() {
        readOutside = true;
    }

    /** The question before a workspace's files outside its folder are read: a list of them, Read them / Skip them. */
    private void askOutside(Path workspace, List<Path> outside, java.util.function.Consumer<Boolean> answer) {
        Alert a = new Alert(Alert.AlertType.CONFIRMATION);
        a.setTitle("Open workspace");
        a.setHeaderText(Safe.text(workspace.getFileName() + " names " + outside.size()
                + (outside.size() == 1 ? " file" : " files") + " outside its folder. Read them?"));
        // one path a line, each made safe on its own: a newline in a hostile path shows as \n, never as a new line
        List<String> shown = outside.stream().limit(OUTSIDE_SHOWN).map(p -> Safe.text(p.toString())).toList();
        a.setContentText(String.join("\n", shown) + (outside.size() > OUTSIDE_SHOWN ? "\n… and "
                + (outside.size() - OUTSIDE_SHOWN) + " more" : "") + "\n\nA workspace from someone else can name any "
                + "file on this computer. Skipped files are not read; the workspace opens without them.");
        a.getDialogPane().setId("outside-paths");
        ButtonType read = new ButtonType("Read them", ButtonBar.ButtonData.OK_DONE);
        ButtonType skip = new ButtonType("Skip them", ButtonBar.ButtonData.CANCEL_CLOSE);
        a.getButtonTypes().setAll(read, skip);
        // the list and both answers whole: the pane grows to its text; the default button's bold label is measured
        // before the theme makes it bold, so both get room for it
        a.getDialogPane().setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        a.getDialogPane().setPrefWidth(640);
        for (ButtonType b : List.of(read, skip)) {
            javafx.scene.control.Button button = (javafx.scene.control.Button) a.getDialogPane().lookupButton(b);
            button.setMinWidth(ANSWER_WIDTH);
            button.setPrefWidth(ANSWER_WIDTH); // the button bar sizes its buttons alike, from their preferred widths
        }
        owned(a);
        a.setOnHidden(e -> answer.accept(a.getResult() == read));
        a.show();
    }

    // ---- exports ----

    void chooseAndExport() {
        FileChooser chooser = chooser("Export report", "Reports (*.html, *.json)", "*.html", "*.json");
        chooser.setInitialFileName("coroner-report.html");
        File f = chooser.showSaveDialog(window.get());
        if (f != null) {
            export(f.toPath());
        }
    }

    /** Builds the report for {@code target}, previews its redactions, and writes it when the person agrees. */
    void export(Path target) {
        models.export().prepare(target, this::preview, m -> warn("Export report", m));
    }

    /**
     * The preview: what redaction will hide, and "Include tokens and cost" (off: the report as it always was; on: built
     * again with the window's prices, as {@code coroner report --usage} builds it). "Write report" writes what is shown.
     */
    private void preview(ReportExportViewModel.Prepared first) {
        Alert a = new Alert(Alert.AlertType.CONFIRMATION);
        a.setTitle("Export report");
        a.getDialogPane().setId("report-preview");
        ButtonType write = new ButtonType("Write report", ButtonBar.ButtonData.OK_DONE);
        a.getButtonTypes().setAll(write, ButtonType.CANCEL);
        a.getDialogPane().setPrefWidth(560);
        Label redactions = new Label();
        redactions.setId("report-redactions");
        redactions.setWrapText(true);
        CheckBox cost = new CheckBox("Include tokens and cost");
        cost.setId("report-cost");
        Label costs = new Label();
        costs.setId("report-cost-line");
        costs.setWrapText(true);
        VBox content = new VBox(10, redactions, cost, costs);
        content.setFillWidth(true);
        a.getDialogPane().setContent(content);
        Dialogs.whole(a.getDialogPane());
        javafx.scene.Node writeButton = a.getDialogPane().lookupButton(write);
        ReportExportViewModel.Prepared[] shown = {first};
        int[] asked = {0}; // the latest build asked for: an older one that ends later is not shown
        Runnable show = () -> {
            ReportExportViewModel.Prepared p = shown[0];
            a.setHeaderText(Safe.text("Write " + p.target().getFileName() + "? " + p.report().transcripts().size()
                    + " transcripts, " + p.report().summary().headline()));
            redactions.setText(Safe.text(p.redactions()));
            // line by line: the line break is ours, each line's text may be the transcript's (a model's name)
            costs.setText(p.costs().lines().map(Safe::text).collect(java.util.stream.Collectors.joining("\n")));
        };
        show.run();
        cost.selectedProperty().addListener((o, was, on) -> {
            if (on == shown[0].withCost()) {
                return; // set back after a refusal
            }
            int mine = ++asked[0];
            writeButton.setDisable(true);
            costs.setText(on ? "Adding tokens and cost…" : "Leaving tokens and cost out…");
            models.export().prepare(first.target(), on, p -> {
                if (mine == asked[0]) {
                    shown[0] = p;
                    show.run();
                    writeButton.setDisable(false);
                }
            }, m -> {
                if (mine == asked[0]) {
                    cost.setSelected(shown[0].withCost());
                    costs.setText(Safe.text(m));
                    writeButton.setDisable(false);
                }
            });
        });
        owned(a);
        a.setOnHidden(e -> {
            if (a.getResult() == write) {
                models.export().write(shown[0], m -> { }, m -> warn("Export report", m));
            }
        });
        a.show();
    }

    void choosePicture() {
        FileChooser chooser = chooser("Export picture", "PNG pictures (*.png)", "*.png");
        chooser.setInitialFileName("coroner.png");
        File f = chooser.showSaveDialog(window.get());
        if (f != null) {
            picture(f.toPath());
        }
    }

    /** The window as it is now, drawn as {@code coroner snapshot} draws it, written atomically as a PNG. */
    void picture(Path target) {
        Window w = window.get();
        if (w == null || w.getScene() == null) {
            return;
        }
        try {
            AtomicWrite.replace(target, Snapshots.png(w.getScene().snapshot(null)));
        } catch (IOException e) {
            warn("Export picture", "Could not write " + target.getFileName() + ": " + e.getMessage());
        }
    }

    // ---- presentation ----

    Stage present() {
        return PresentationView.show(window.get(), models.presentation());
    }

    private static FileChooser chooser(String title, String what, String... patterns) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.getExtensionFilters().addAll(new FileChooser.ExtensionFilter(what, patterns),
                new FileChooser.ExtensionFilter("All files", "*"));
        return chooser;
    }

    private void warn(String header, String message) {
        Alert a = new Alert(Alert.AlertType.WARNING);
        a.setHeaderText(header);
        a.setContentText(Safe.text(message));
        Dialogs.whole(a.getDialogPane());
        owned(a);
        a.show();
    }

    private void owned(Alert a) {
        if (window.get() != null) {
            a.initOwner(window.get());
        }
    }
}

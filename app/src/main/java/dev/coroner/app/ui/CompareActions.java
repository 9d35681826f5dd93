package dev.coroner.app.ui;

import dev.coroner.app.ui.model.CompareViewModel;
import dev.coroner.app.ui.model.CorpusNode;
import dev.coroner.app.ui.model.CorpusViewModel;
import dev.coroner.core.workspace.Workspace;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceDialog;
import javafx.scene.control.MenuItem;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * How a comparison is started (docs/WORKBENCH.md, "Compare view"): File ▸ Compare… (two transcripts or two folders,
 * chosen on disk) and the corpus's right-click "Compare with…" (another transcript open, or one on disk). Each
 * comparison opens in a window of its own, over the workbench.
 */
final class CompareActions {
    private final Supplier<CompareViewModel> models;
    private final CorpusViewModel corpus;
    private final Supplier<Window> window;
    private final Actions actions;
    /** The comparison a workspace keeps (docs/COMPARE.md, "Workspaces"): the last Compare window opened, while open. */
    private final javafx.beans.property.ObjectProperty<Workspace.Comparison> kept;
    /** Set while this sets {@link #kept}: any other change is a workspace opening one. */
    private boolean keeping;

    CompareActions(Supplier<CompareViewModel> models, CorpusViewModel corpus, Actions actions,
                   javafx.beans.property.ObjectProperty<Workspace.Comparison> kept, Supplier<Window> window) {
        this.models = models;
        this.corpus = corpus;
        this.actions = actions;
        this.kept = kept;
        this.window = window;
        // a workspace that holds a comparison opens it again (its listener lives as long as the workbench)
        kept.addListener((o, was, now) -> {
            if (!keeping && now != null) {
                open(Path.of(now.a()), Path.of(now.b()));
            }
        });
    }

    /** File ▸ Compare…: placed by the composition root after Open folder…. */
    MenuItem fileItem() {
        return MainView.item("Compare…", null, this::chooseAndCompare);
    }

    /** The corpus menu's section: "Compare with…" on a transcript. */
    List<MenuItem> corpusItems(CorpusNode n) {
        if (n == null || n.path() == null) {
            return List.of();
        }
        return List.of(MainView.item("Compare with…", null, () -> compareWith(n)));
    }

    private void chooseAndCompare() {
        Alert a = new Alert(Alert.AlertType.CONFIRMATION);
        a.setTitle("Compare");
        a.setHeaderText("Compare two transcripts, or two folders of transcripts?");
        a.setContentText("A is the run before (the last good one), B the run after. Two folders are paired by path, "
                + "then by session; each pair opens as two transcripts.");
        ButtonType files = new ButtonType("Two transcripts…", ButtonBar.ButtonData.OK_DONE);
        ButtonType folders = new ButtonType("Two folders…", ButtonBar.ButtonData.OTHER);
        a.getButtonTypes().setAll(files, folders, ButtonType.CANCEL);
        Dialogs.whole(a.getDialogPane());
        owned(a);
        a.showAndWait().ifPresent(answer -> {
            if (answer == files) {
                chooseFiles();
            } else if (answer == folders) {
                chooseFolders();
            }
        });
    }

    private void chooseFiles() {
        FileChooser chooser = actions.filesChooser();
        chooser.setTitle("Compare: choose transcript A (or both A and B)");
        List<File> chosen = chooser.showOpenMultipleDialog(window.get());
        if (chosen == null || chosen.isEmpty()) {
            return;
        }
        if (chosen.size() >= 2) {
            open(chosen.get(0).toPath(), chosen.get(1).toPath());
            return;
        }
        FileChooser second = actions.filesChooser();
        second.setTitle("Compare " + Safe.text(chosen.get(0).getName()) + " with: choose transcript B");
        second.setInitialDirectory(chosen.get(0).getParentFile());
        File b = second.showOpenDialog(window.get());
        if (b != null) {
            open(chosen.get(0).toPath(), b.toPath());
        }
    }

    private void chooseFolders() {
        DirectoryChooser first = actions.folderChooser();
        first.setTitle("Compare: choose folder A (the runs before)");
        File a = first.showDialog(window.get());
        if (a == null) {
            return;
        }
        DirectoryChooser second = actions.folderChooser();
        second.setTitle("Compare " + Safe.text(a.getName()) + " with: choose folder B (the runs after)");
        if (a.getParentFile() != null) {
            second.setInitialDirectory(a.getParentFile());
        }
        File b = second.showDialog(window.get());
        if (b != null) {
            open(a.toPath(), b.toPath());
        }
    }

    /** "Compare with…": another transcript of the corpus, or one on disk; {@code n} is A. */
    private void compareWith(CorpusNode n) {
        Map<String, Path> choices = new LinkedHashMap<>();
        String onDisk = "A transcript on disk…";
        for (Path p : corpus.transcripts()) {
            if (!p.equals(n.path())) {
                CorpusNode other = corpus.node(p);
                String file = String.valueOf(p.getFileName());
                String name = other == null || other.name().equals(file) ? file : other.name() + "  ·  " + file;
                choices.putIfAbsent(Safe.text(name), p);
            }
        }
        List<String> shown = new ArrayList<>(choices.keySet());
        shown.add(onDisk);
        ChoiceDialog<String> d = new ChoiceDialog<>(shown.get(0), shown);
        d.setTitle("Compare with");
        d.setHeaderText(Safe.text("Compare " + n.name() + " (A) with B:"));
        d.setContentText("B");
        d.getDialogPane().setPrefWidth(640);
        Dialogs.whole(d.getDialogPane());
        if (window.get() != null) {
            d.initOwner(window.get());
        }
        d.showAndWait().ifPresent(choice -> {
            if (choice.equals(onDisk)) {
                FileChooser chooser = actions.filesChooser();
                chooser.setTitle("Compare " + Safe.text(String.valueOf(n.path().getFileName())) + " with: choose B");
                File b = chooser.showOpenDialog(window.get());
                if (b != null) {
                    open(n.path(), b.toPath());
                }
            } else {
                open(n.path(), choices.get(choice));
            }
        });
    }

    /** Opens the Compare window on {@code a} and {@code b} (two transcripts or two folders). */
    Stage open(Path a, Path b) {
        CompareViewModel model = models.get();
        CompareView view = new CompareView(model);
        Stage stage = new Stage();
        Window owner = window.get();
        // over the workbench, at its size: two timelines side by side want all the room the workbench has
        double w = owner == null ? 1280 : Math.max(900, owner.getWidth());
        double h = owner == null ? 720 : Math.max(560, owner.getHeight());
        Scene scene = new Scene(view, w, h);
        // the window's sheets: its theme (dark or light) and its type size hold here too
        scene.getStylesheets().addAll(owner == null || owner.getScene() == null ? List.of(Workbench.STYLESHEET)
                : owner.getScene().getStylesheets());
        stage.setScene(scene);
        stage.setWidth(w); // a window manager may give a new window a size of its own choosing otherwise
        stage.setHeight(h);
        if (owner != null) {
            stage.setX(owner.getX());
            stage.setY(owner.getY());
        }
        stage.setTitle(CompareView.title(a, b));
        if (owner != null) {
            stage.initOwner(owner);
        }
        Workspace.Comparison compared = new Workspace.Comparison(a.toString(), b.toString());
        keep(compared);
        stage.setOnHidden(e -> {
            view.detach();
            if (compared.equals(kept.get())) {
                keep(null); // closed: a workspace saved now holds no comparison
            }
        });
        stage.setOnShown(e -> { // some window managers map a new window small, ignoring the size asked before
            stage.setWidth(w);
            stage.setHeight(h);
            if (owner instanceof Stage o && o.isMaximized()) {
                stage.setMaximized(true);
            }
        });
        stage.show();
        model.compare(a, b);
        view.tableA().requestFocus();
        return stage;
    }

    private void keep(Workspace.Comparison c) {
        keeping = true;
        try {
            kept.set(c);
        } finally {
            keeping = false;
        }
    }

    private void owned(Alert a) {
        if (window.get() != null) {
            a.initOwner(window.get());
        }
    }
}

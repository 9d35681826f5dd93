package dev.coroner.app.ui;

import dev.coroner.app.ui.model.Analyses;
import dev.coroner.app.ui.model.CorpusViewModel;
import dev.coroner.app.ui.model.ViewSettings;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/** The commands that need a window: the file and folder choosers. Menu, tool bar and shortcuts share them. */
final class Actions {
    private final CorpusViewModel corpus;
    private final Analyses analyses;
    private final Supplier<Window> window;
    /** Where File ▸ Open starts: the folder last opened (docs/WORKBENCH.md, "Keyboard and copy"). */
    private ViewSettings settings = new ViewSettings();

    Actions(CorpusViewModel corpus, Analyses analyses, Supplier<Window> window) {
        this.corpus = corpus;
        this.analyses = analyses;
        this.window = window;
    }

    /** The settings that remember the folder last opened: the window's own, once it has them. */
    void remember(ViewSettings s) {
        settings = s;
    }

    void openFiles() {
        List<File> files = filesChooser().showOpenMultipleDialog(window.get());
        if (files != null && !files.isEmpty()) {
            openedFiles(files.stream().map(File::toPath).toList());
        }
    }

    FileChooser filesChooser() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Open transcripts");
        chooser.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("Transcripts (*.jsonl)", "*.jsonl"),
                new FileChooser.ExtensionFilter("All files", "*"));
        Path start = settings.startFolder();
        if (start != null) {
            chooser.setInitialDirectory(start.toFile());
        }
        return chooser;
    }

    /** Opens what the dialog chose and remembers their folder for the next dialog. */
    void openedFiles(List<Path> files) {
        Path parent = files.get(0).toAbsolutePath().getParent();
        if (parent != null) {
            settings.lastFolderProperty().set(parent.toString());
        }
        corpus.open(files);
    }

    void openFolder() {
        File dir = folderChooser().showDialog(window.get());
        if (dir != null) {
            openedFolder(dir.toPath());
        }
    }

    DirectoryChooser folderChooser() {
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle("Open every transcript in a folder");
        Path start = settings.startFolder();
        if (start != null) {
            chooser.setInitialDirectory(start.toFile());
        }
        return chooser;
    }

    void openedFolder(Path dir) {
        settings.lastFolderProperty().set(dir.toAbsolutePath().toString());
        corpus.open(List.of(dir));
    }

    void chooseGrammar() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Choose a precursor grammar");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("Grammars (*.toml)", "*.toml"));
        File f = chooser.showOpenDialog(window.get());
        if (f != null) {
            analyses.grammarProperty().set(f.toPath());
        }
    }
}

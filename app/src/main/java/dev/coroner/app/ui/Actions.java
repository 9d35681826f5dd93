package dev.coroner.app.ui;

import dev.coroner.app.ui.model.Analyses;
import dev.coroner.app.ui.model.CorpusViewModel;
import java.io.File;
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

    Actions(CorpusViewModel corpus, Analyses analyses, Supplier<Window> window) {
        this.corpus = corpus;
        this.analyses = analyses;
        this.window = window;
    }

    void openFiles() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Open transcripts");
        chooser.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("Transcripts (*.jsonl)", "*.jsonl"),
                new FileChooser.ExtensionFilter("All files", "*"));
        List<File> files = chooser.showOpenMultipleDialog(window.get());
        if (files != null && !files.isEmpty()) {
            corpus.open(files.stream().map(File::toPath).toList());
        }
    }

    void openFolder() {
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle("Open every transcript in a folder");
        File dir = chooser.showDialog(window.get());
        if (dir != null) {
            corpus.open(List.of(dir.toPath()));
        }
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

package dev.coroner.app.ui.model;

import dev.coroner.core.findings.AnalysisSettings;
import dev.coroner.core.findings.FindingSource;
import dev.coroner.core.findings.MarkerKind;
import dev.coroner.core.findings.TranscriptAnalyser;
import dev.coroner.core.findings.TranscriptAnalysis;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableMap;

/**
 * The verdicts the panels share: every transcript's {@link TranscriptAnalysis} by path, the person's choices they
 * depend on (the precursor grammar), and the analyser with its {@link FindingSource}s. Changed on the FX thread only.
 */
public final class Analyses {
    private final ObservableMap<Path, TranscriptAnalysis> byPath = FXCollections.observableHashMap();
    private final ObjectProperty<Path> grammar = new SimpleObjectProperty<>(this, "grammar");
    private final ReadOnlyObjectWrapper<AnalysisSettings> settings =
            new ReadOnlyObjectWrapper<>(this, "settings", AnalysisSettings.NONE);
    private final TranscriptAnalyser analyser;
    private final Set<MarkerKind> judged;

    /**
     * @param sources the verdict engines beyond the terminal verdict — the precursor gate and the code-block matcher
     *                are added here by the composition root
     */
    public Analyses(List<FindingSource> sources) {
        this.analyser = new TranscriptAnalyser(sources);
        Set<MarkerKind> kinds = EnumSet.noneOf(MarkerKind.class);
        sources.forEach(s -> kinds.addAll(s.judges()));
        this.judged = Set.copyOf(kinds);
        // the grammar is parsed here, once per change, never once per transcript or on a worker thread
        grammar.addListener((o, was, now) -> settings.set(new AnalysisSettings(now)));
    }

    /** Whether some source judges {@code kind}: else its count is unknown, not zero. */
    public boolean judges(MarkerKind kind) {
        return judged.contains(kind);
    }

    public ObservableMap<Path, TranscriptAnalysis> byPath() {
        return byPath;
    }

    /** The precursor grammar chosen (docs/VERDICTS.md, "Precursor gate"), or null. Changing it re-judges the corpus. */
    public ObjectProperty<Path> grammarProperty() {
        return grammar;
    }

    /** The settings every verdict is judged under, the grammar loaded; read on the FX thread and handed to workers. */
    public AnalysisSettings settings() {
        return settings.get();
    }

    /** Changes when the person changes a setting: the corpus is then judged again from memory. */
    public ReadOnlyObjectProperty<AnalysisSettings> settingsProperty() {
        return settings.getReadOnlyProperty();
    }

    /**
     * Judges by {@code edited}, a grammar the person is editing and has not saved (the grammar panel): the corpus is
     * judged again from memory. Choosing another grammar file replaces it.
     */
    public void judgeBy(AnalysisSettings edited) {
        settings.set(edited);
    }

    public TranscriptAnalyser analyser() {
        return analyser;
    }

    public TranscriptAnalysis get(Path path) {
        return byPath.get(path);
    }
}

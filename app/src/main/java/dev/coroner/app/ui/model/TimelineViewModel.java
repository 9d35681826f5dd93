package dev.coroner.app.ui.model;

import dev.coroner.core.corpus.IndexCache;
import dev.coroner.core.findings.Finding;
import dev.coroner.core.findings.Marker;
import dev.coroner.core.findings.TranscriptAnalysis;
import dev.coroner.core.index.TranscriptIndex;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.read.Harness;
import dev.coroner.core.scripts.CutText;
import dev.coroner.core.terminal.TerminalState;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.MapChangeListener;
import javafx.collections.ObservableList;

/**
 * The timeline panel: one transcript's rows (records and problem lines) over its index, shown while it is still
 * being indexed; the markers of its analysis; filters and text search; the selected row (docs/ARCHITECTURE.md, "Workbench").
 */
public final class TimelineViewModel {
    private final Tasks tasks;
    private final IndexCache cache;
    private final Analyses analyses;
    private final ReadOnlyObjectWrapper<Path> path = new ReadOnlyObjectWrapper<>(this, "path");
    private final ReadOnlyObjectWrapper<TranscriptIndex> index = new ReadOnlyObjectWrapper<>(this, "index");
    private final ReadOnlyObjectWrapper<ObservableList<TimelineRow>> rows =
            new ReadOnlyObjectWrapper<>(this, "rows", FXCollections.observableArrayList());
    private final ReadOnlyIntegerWrapper selected = new ReadOnlyIntegerWrapper(this, "selected", -1);
    private final ReadOnlyObjectWrapper<TimelineRow> selectedRow = new ReadOnlyObjectWrapper<>(this, "selectedRow");
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress", 1);
    private final ReadOnlyBooleanWrapper indexing = new ReadOnlyBooleanWrapper(this, "indexing");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyObjectWrapper<TranscriptAnalysis> analysis = new ReadOnlyObjectWrapper<>(this, "analysis");
    private final ReadOnlyStringWrapper changed = new ReadOnlyStringWrapper(this, "changed", "");
    private final ObservableList<String> kinds = FXCollections.observableArrayList();
    private final ObservableList<String> roles = FXCollections.observableArrayList();
    private final ObservableList<RulerMark> ruler = FXCollections.observableArrayList();
    private final TimelineFilters filters;
    private final ObjectProperty<CorpusNode.Link> parentLink = new SimpleObjectProperty<>(this, "parentLink");
    private TimelineRows current;
    /** The open transcript is a Codex rollout: its token counts fold (docs/FORMAT.md, "Codex CLI rollouts"). */
    private boolean codex;
    private RowTexts texts;
    private Map<Long, List<Marker>> markersByLine = Map.of();
    private Set<Long> findingLines = Set.of();
    /** The notes of the answer texts the pass read only in part, by their record's line. */
    private Map<Long, List<String>> readInPart = Map.of();
    private long pendingLine = -1;
    /**
     * Counts the transcripts shown, written on the FX thread only; volatile because the pass and the search read it on
     * theirs to learn they were overtaken (a plain field need never show them the FX thread's write).
     */
    private volatile int generation;
    private long lastGrowth;
    /** While indexing, the table takes in new rows at most this often: each growth costs the table a relayout. */
    private static final long GROWTH_INTERVAL_NANOS = 100_000_000L;

    public TimelineViewModel(Tasks tasks, IndexCache cache, Analyses analyses) {
        this.tasks = tasks;
        this.cache = cache;
        this.analyses = analyses;
        analyses.byPath().addListener((MapChangeListener<Path, TranscriptAnalysis>) c -> {
            if (c.wasAdded() && c.getKey().equals(path.get())) {
                applyAnalysis(c.getValueAdded());
                showChanged(); // also while the rows are read, or when they could not be
            }
        });
        filters = new TimelineFilters(tasks, this::refilter);
        filters.hitsProperty().addListener((o, was, now) -> showMatch());
    }

    // ---- state ----
    public ReadOnlyObjectProperty<Path> pathProperty() { return path.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<TranscriptIndex> indexProperty() { return index.getReadOnlyProperty(); }
    /** The rows shown: a list over the index, replaced when the filter changes, growing while indexing. */
    public ReadOnlyObjectProperty<ObservableList<TimelineRow>> rowsProperty() { return rows.getReadOnlyProperty(); }
    /** The position of the selected row in {@link #rowsProperty()}, or -1. */
    public ReadOnlyIntegerProperty selectedProperty() { return selected.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<TimelineRow> selectedRowProperty() { return selectedRow.getReadOnlyProperty(); }
    public ReadOnlyDoubleProperty progressProperty() { return progress.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty indexingProperty() { return indexing.getReadOnlyProperty(); }
    /** "412 records · 3 problems · 1.2 MB". */
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<TranscriptAnalysis> analysisProperty() { return analysis.getReadOnlyProperty(); }
    /**
     * Why what is shown of the open transcript may not be its file (docs/VERDICTS.md, "Reading"): the file changed
     * while the rows shown, or the verdict shown, were read — {@code FileStamp}'s note — or "" when neither did.
     */
    public ReadOnlyStringProperty changedProperty() { return changed.getReadOnlyProperty(); }
    public ObservableList<String> kinds() { return kinds; }
    public ObservableList<String> roles() { return roles; }
    /** Kind, role, findings only, search. */
    public TimelineFilters filters() { return filters; }
    public ObservableList<RulerMark> ruler() { return ruler; }
    /** For a sub-agent: the call in its parent that spawned it (set by the composition root). */
    public ObjectProperty<CorpusNode.Link> parentLinkProperty() { return parentLink; }

    // ---- commands ----

    /** Shows {@code p} and selects {@code line} once it is indexed: 0 selects the terminal record, -1 nothing. */
    public void open(Path p, long line) {
        if (p.equals(path.get()) && (index.get() != null || indexing.get())) {
            if (indexing.get()) {
                pendingLine = line;
            } else {
                selectLine(line);
            }
            return;
        }
        int gen = ++generation;
        forget(p);
        pendingLine = line;
        indexing.set(true);
        progress.set(0);
        status.set("indexing…");
        AtomicReference<Progress> latest = new AtomicReference<>(Progress.NONE);
        AtomicReference<TranscriptIndex> building = new AtomicReference<>();
        Runnable publish = tasks.fx().coalescing(() -> published(gen, building.get(), latest.get()));
        tasks.run(() -> cache.index(p, new TranscriptPass.Listener() {
            @Override
            public void progress(TranscriptIndex i, long done, long total) {
                building.set(i);
                latest.set(new Progress(done, total));
                publish.run();
                tasks.yieldToWindow(); // after each read (64 KB)
            }

            @Override
            public boolean cancelled() {
                return gen != generation;
            }
        }), done -> indexed(gen, done), e -> {
            if (gen == generation) {
                indexing.set(false);
                progress.set(1);
                status.set("cannot read: " + e.getMessage());
            }
        });
    }

    /**
     * Shows {@code i}, the open transcript's index as a follower keeps it growing (docs/ARCHITECTURE.md, "Following"):
     * the rows it gained appear, the selection stays; an index read again from the start replaces the one shown.
     */
    public void followed(TranscriptIndex i) {
        if (!i.path().equals(path.get())) {
            return;
        }
        if (index.get() != i) {
            generation++; // the opening pass, if still running, is overtaken
            if (texts != null) {
                texts.close();
            }
            attach(i);
        } else {
            current.grow(i.size());
        }
        indexing.set(false);
        progress.set(1);
        indexed(generation, i);
    }

    /** Shows no transcript (after "Close all"); stops any indexing it started. */
    public void close() {
        generation++;
        forget(null);
        indexing.set(false);
        progress.set(1);
        status.set("");
    }

    /** Drops everything shown of the previous transcript, and shows {@code p} (null: none) with no rows yet. */
    private void forget(Path p) {
        if (texts != null) {
            texts.close();
        }
        path.set(p);
        index.set(null);
        current = null;
        rows.set(FXCollections.observableArrayList());
        select(-1);
        ruler.clear();
        kinds.clear();
        roles.clear();
        markersByLine = Map.of();
        findingLines = Set.of();
        readInPart = Map.of();
        filters.dropSearch();
        analysis.set(null);
        showChanged();
    }

    /** Selects the row at {@code position} of the rows shown (-1: none). */
    public void select(int position) {
        ObservableList<TimelineRow> list = rows.get();
        int p = position >= 0 && position < list.size() ? position : -1;
        selected.set(p);
        selectedRow.set(p < 0 ? null : list.get(p));
        showMatch();
    }

    private void showMatch() {
        filters.showMatch(selectedRow.get() == null ? -1 : selectedRow.get().row());
    }

    /** Selects the next row holding the applied search text (F3), wrapping at the end; rows a filter hides are passed. */
    public void nextMatch() {
        stepMatch(true);
    }

    /** Selects the previous match (Shift+F3), wrapping at the start. */
    public void previousMatch() {
        stepMatch(false);
    }

    private void stepMatch(boolean forward) {
        java.util.BitSet hits = filters.hits();
        TranscriptIndex i = index.get();
        if (hits == null || hits.isEmpty() || i == null || current == null) {
            return;
        }
        int at = selectedRow.get() == null ? (forward ? -1 : i.size()) : selectedRow.get().row();
        int n = hits.cardinality();
        for (int tried = 0; tried < n; tried++) {
            int next = forward ? hits.nextSetBit(at + 1) : at <= 0 ? -1 : hits.previousSetBit(at - 1);
            if (next < 0) {
                next = forward ? hits.nextSetBit(0) : hits.previousSetBit(hits.length() - 1);
            }
            at = next;
            int position = current.positionOf(next);
            if (position >= 0) {
                select(position);
                return;
            }
        }
    }

    /**
     * Selects the row of {@code line} (the next row when the line is blank); 0: the terminal record, or, in a
     * transcript without one, the API failure it ended in (docs/VERDICTS.md, "Trailing API failure").
     */
    public void selectLine(long line) {
        TranscriptIndex i = index.get();
        if (i == null || line < 0 || i.size() == 0) {
            return;
        }
        int row = line == 0 ? endRow(i) : Math.min(i.rowAtOrAfterLine(line), i.size() - 1);
        if (row < 0) {
            return;
        }
        if (current.positionOf(row) < 0) {
            clearFilters(); // the row is hidden: an investigator who asks for a line wants to see it
        }
        select(current.positionOf(row));
    }

    private static int endRow(TranscriptIndex i) {
        if (i.terminalRow() >= 0 || !i.complete() || i.judgement().terminal().trailing() == null) {
            return i.terminalRow();
        }
        return i.rowOfLine(i.judgement().terminal().trailing().line());
    }

    public void goToTerminal() {
        selectLine(0);
    }

    /** Shows every row again. */
    public void clearFilters() {
        filters.clear();
    }

    /** Applies the search text: rows whose raw line holds it (ignoring ASCII case). */
    public void find() {
        int gen = generation;
        filters.find(index.get(), () -> gen != generation);
    }

    // ---- internals ----

    /** How far the indexing pass is: bytes read of the file's bytes (0 when its length is unknown). */
    private record Progress(long done, long total) {
        static final Progress NONE = new Progress(0, 0);

        double fraction() {
            return total > 0 ? (double) done / total : 0;
        }
    }

    private void published(int gen, TranscriptIndex i, Progress read) {
        if (gen != generation || i == null) {
            return;
        }
        long now = System.nanoTime();
        if (index.get() == null) {
            attach(i);
        } else if (codex != (i.harness() == Harness.CODEX)) {
            rebuild(); // the first record said Codex after the rows were attached: its token counts fold
        } else if (now - lastGrowth >= GROWTH_INTERVAL_NANOS) {
            current.grow(i.size());
        } else {
            return; // nothing new to show before the next growth; a selection waiting for its line waits with it
        }
        lastGrowth = now;
        progress.set(read.fraction());
        status.set(String.format("%,d rows · indexing %d%%", i.size(), Math.round(100 * progress.get())));
        if (pendingLine > 0 && i.rowOfLine(pendingLine) >= 0) {
            selectLine(pendingLine);
            pendingLine = -1;
        }
    }

    private void indexed(int gen, TranscriptIndex i) {
        if (gen != generation || i == null) {
            return;
        }
        if (index.get() == null) {
            attach(i);
        }
        if (codex != (i.harness() == Harness.CODEX)) {
            rebuild();
        }
        current.grow(i.size());
        indexing.set(false);
        progress.set(1);
        kinds.setAll(i.kinds());
        roles.setAll(i.roles().stream().filter(r -> !r.isEmpty()).toList());
        status.set(String.format("%,d records · %,d problems · %s", i.records(), i.problems(), Sizes.bytes(i.fileSize())));
        showChanged();
        Map<Long, List<String>> cut = readInPart(i);
        boolean cutChanged = !cut.equals(readInPart);
        readInPart = cut;
        TranscriptAnalysis a = analyses.get(path.get());
        if (a != null) {
            applyAnalysis(a); // rebuilds the rows, with their cut texts
        } else if (cutChanged) {
            rebuild();
        }
        if (filters.searching()) {
            find();
        }
        if (pendingLine >= 0) {
            selectLine(pendingLine);
            pendingLine = -1;
        }
    }

    private void attach(TranscriptIndex i) {
        index.set(i);
        texts = new RowTexts(i, tasks, this::summariesLoaded);
        rebuild();
    }

    private void applyAnalysis(TranscriptAnalysis a) {
        if (index.get() == null || indexing.get()) {
            return; // applied when indexing ends
        }
        analysis.set(a);
        markersByLine = a.markers().stream().collect(Collectors.groupingBy(Marker::line, HashMap::new,
                Collectors.toList()));
        findingLines = a.findings().stream().map(Finding::line).filter(l -> l > 0).collect(Collectors.toSet());
        showChanged();
        rebuild();
    }

    /**
     * The index's note when the rows shown were read from a changing file, else the note of the read the transcript's
     * verdict came from (the corpus engine's: kept even when the file is gone now and its rows cannot be read), else "".
     */
    private void showChanged() {
        TranscriptIndex i = index.get();
        TranscriptAnalysis a = path.get() == null ? null : analyses.get(path.get());
        String note = i != null && i.changed() != null ? i.changed() : a != null ? a.summary().changed() : null;
        changed.set(note == null ? "" : note);
    }

    /** The cut texts' notes by line, from what the pass kept (none until it finished). */
    private static Map<Long, List<String>> readInPart(TranscriptIndex i) {
        if (i.judgement() == null || i.judgement().scripts().cutTexts().isEmpty()) {
            return Map.of();
        }
        return i.judgement().scripts().cutTexts().stream().collect(Collectors.groupingBy(CutText::line,
                HashMap::new, Collectors.mapping(CutText::note, Collectors.toList())));
    }

    private void refilter() {
        if (index.get() != null) {
            rebuild();
        }
    }

    private void rebuild() {
        TranscriptIndex i = index.get();
        TimelineRow keep = selectedRow.get();
        codex = i.harness() == Harness.CODEX; // known once the pass read the first record
        RowFilter f = filters.filter(i, findingLines, codex);
        current = new TimelineRows(i, f, this::makeRow);
        rows.set(current);
        TranscriptAnalysis a = analysis.get();
        ruler.setAll(a == null ? List.of()
                : RulerMark.of(current, a.markers(), i::rowOfLine, a.verdict().state()));
        select(keep == null ? -1 : current.positionOf(keep.row()));
        filters.showCounts(f, current.size(), i.size());
    }

    private TimelineRow makeRow(int row) {
        TranscriptIndex i = index.get();
        TranscriptAnalysis a = analysis.get();
        long line = i.line(row);
        TerminalState terminal = a != null && a.summary().terminalLine() == line ? a.verdict().state() : null;
        TimelineRow r = new TimelineRow(i, row, markersByLine.getOrDefault(line, List.of()), terminal,
                readInPart.getOrDefault(line, List.of()));
        String s = texts.get(row);
        r.setSummary(s != null ? s : texts.peek(row) != null ? texts.peek(row) : "");
        return r;
    }

    private void summariesLoaded(Map<Integer, String> loaded) {
        if (current == null) {
            return;
        }
        loaded.forEach((row, text) -> {
            TimelineRow r = current.built(row);
            if (r != null) {
                r.setSummary(text);
            }
        });
    }
}

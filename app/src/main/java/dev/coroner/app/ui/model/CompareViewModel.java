package dev.coroner.app.ui.model;

import dev.coroner.core.compare.CorpusComparison;
import dev.coroner.core.compare.Op;
import dev.coroner.core.compare.PairChange;
import dev.coroner.core.compare.Side;
import dev.coroner.core.compare.TranscriptComparison;
import dev.coroner.core.corpus.IndexCache;
import dev.coroner.core.index.TranscriptIndex;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.precursor.PrecursorGrammar;
import dev.coroner.core.read.UnreadableTranscriptException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Compare view (docs/WORKBENCH.md, "Compare view"; docs/COMPARE.md): two transcripts' calls aligned as a diff, the
 * first divergence selected, next / previous difference, both sides' records of the selected row; or two folders'
 * pairs, sorted by change (new deaths first), any of which opens as two transcripts. Reading and aligning run off the
 * FX thread ({@link Tasks}); a side that cannot be read is a message naming it, and nothing else is lost.
 */
public final class CompareViewModel {
    /** The pairs' order: what a reviewer looks for first, as the comparison report orders them (docs/COMPARE.md). */
    private static final List<PairChange> CHANGE_ORDER = List.of(PairChange.NEW_DEATH, PairChange.FIXED,
            PairChange.CHANGED, PairChange.ONLY_B, PairChange.ONLY_A, PairChange.SAME);
    private final Tasks tasks;
    private final IndexCache cache;
    /** The grammar WARNs are counted by, read on the FX thread when a comparison starts (null: none). */
    private final Supplier<PrecursorGrammar> grammar;
    /** The file of that grammar (null: none, or an untitled one): the export names it. */
    private final Supplier<Path> grammarFile;
    /** The grammar file the comparison shown was judged by. */
    private Path judgedBy;
    private final CompareExport export;
    private final ReadOnlyObjectWrapper<Path> pathA = new ReadOnlyObjectWrapper<>(this, "pathA");
    private final ReadOnlyObjectWrapper<Path> pathB = new ReadOnlyObjectWrapper<>(this, "pathB");
    private final ReadOnlyObjectWrapper<TranscriptComparison> comparison = new ReadOnlyObjectWrapper<>(this, "comparison");
    private final ObservableList<CompareRow> rows = FXCollections.observableArrayList();
    private final ReadOnlyIntegerWrapper selected = new ReadOnlyIntegerWrapper(this, "selected", -1);
    private final ReadOnlyBooleanWrapper reading = new ReadOnlyBooleanWrapper(this, "reading");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ObservableList<CorpusComparison.Pair> pairs = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<CorpusComparison> folders = new ReadOnlyObjectWrapper<>(this, "folders");
    private final CompareDetail detailA;
    private final CompareDetail detailB;
    /** The two indexes shown: their records are re-read by span for the detail. */
    private TranscriptIndex indexA;
    private TranscriptIndex indexB;
    /** Bumped on the FX thread by every new request: a result for an older one is dropped. */
    private int generation;

    /**
     * @param grammar     the grammar the window judges by, when it loads (null: none): each side's WARNs
     * @param grammarFile its file, named in an export (null: none)
     */
    public CompareViewModel(Tasks tasks, IndexCache cache, Supplier<PrecursorGrammar> grammar, Supplier<Path> grammarFile,
                            CompareExport export) {
        this.tasks = tasks;
        this.cache = cache;
        this.grammar = grammar;
        this.grammarFile = grammarFile;
        this.export = export;
        this.detailA = new CompareDetail(tasks);
        this.detailB = new CompareDetail(tasks);
    }

    /**
     * Compares two transcripts, or two folders (their pairs listed, docs/COMPARE.md, "Folders"). A file and a folder
     * are refused with a message.
     */
    public void compare(Path a, Path b) {
        boolean dirA = Files.isDirectory(a);
        boolean dirB = Files.isDirectory(b);
        if (dirA != dirB) {
            clear(a, b);
            message.set("Compare two transcripts or two folders: " + (dirA ? a : b).getFileName()
                    + " is a folder, " + (dirA ? b : a).getFileName() + " is a file.");
            return;
        }
        if (dirA) {
            compareFolders(a, b);
        } else {
            compareTranscripts(a, b);
        }
    }

    private void compareFolders(Path a, Path b) {
        int gen = clear(a, b);
        reading.set(true);
        tasks.run(() -> CorpusComparison.of(a, b), c -> {
            if (gen != generation) {
                return;
            }
            reading.set(false);
            folders.set(c);
            List<CorpusComparison.Pair> sorted = new ArrayList<>(c.pairs());
            sorted.sort(Comparator.comparingInt(p -> CHANGE_ORDER.indexOf(p.change()))); // stable: by path within
            pairs.setAll(sorted);
        }, e -> failed(gen, e, a, b));
    }

    /** Opens one pair of the folders compared as two transcripts; the pairs stay listed. */
    public void openPair(CorpusComparison.Pair p) {
        if (p.a() == null || p.b() == null) {
            ++generation;
            showNothing();
            message.set("Only " + (p.a() == null ? "B" : "A") + " has " + p.path() + ": nothing to align it with.");
            return;
        }
        compareTranscripts(p.a(), p.b(), true);
    }

    private void compareTranscripts(Path a, Path b) {
        compareTranscripts(a, b, false);
    }

    private void compareTranscripts(Path a, Path b, boolean keepPairs) {
        int gen = keepPairs ? ++generation : clear(a, b);
        if (keepPairs) {
            showNothing();
        }
        pathA.set(a);
        pathB.set(b);
        reading.set(true);
        PrecursorGrammar g = grammar.get();
        Path gf = g == null ? null : grammarFile.get();
        tasks.run(() -> {
            TranscriptIndex ia = index(a, gen);
            Side sa = TranscriptComparison.side(ia, g);
            TranscriptIndex ib = index(b, gen);
            Side sb = TranscriptComparison.side(ib, g);
            TranscriptComparison c = TranscriptComparison.of(sa, sb);
            List<CompareRow> out = new ArrayList<>(c.alignment().size());
            for (int r = 0; r < c.alignment().size(); r++) {
                out.add(CompareRow.of(c, r));
            }
            return new Aligned(ia, ib, c, out);
        }, done -> {
            if (gen != generation) {
                return;
            }
            reading.set(false);
            judgedBy = gf;
            indexA = done.a();
            indexB = done.b();
            comparison.set(done.comparison());
            rows.setAll(done.rows());
            select(done.comparison().firstDivergence() >= 0 ? done.comparison().firstDivergence() : rows.isEmpty() ? -1 : 0);
        }, e -> failed(gen, e, a, b));
    }

    private record Aligned(TranscriptIndex a, TranscriptIndex b, TranscriptComparison comparison, List<CompareRow> rows) {
    }

    /** A whole index (shared with the window's cache), or the side's read error naming its file. */
    private TranscriptIndex index(Path p, int gen) throws UnreadableTranscriptException {
        TranscriptIndex i = cache.index(p, new TranscriptPass.Listener() {
            @Override
            public void progress(TranscriptIndex index, long done, long total) {
                tasks.yieldToWindow();
            }

            @Override
            public boolean cancelled() {
                return gen != generation;
            }
        });
        if (i == null || i.judgement() == null) {
            throw new UnreadableTranscriptException(p, "the comparison was stopped before it was read whole", null);
        }
        return i;
    }

    private void failed(int gen, Throwable e, Path a, Path b) {
        if (gen != generation) {
            return;
        }
        reading.set(false);
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        Path which = e instanceof UnreadableTranscriptException u && u.path() != null ? u.path() : null;
        String side = which == null ? "" : which.equals(a) ? "A (" + a.getFileName() + ")" : which.equals(b)
                ? "B (" + b.getFileName() + ")" : String.valueOf(which.getFileName());
        message.set(side.isEmpty() ? "Cannot compare: " + m : "Cannot read " + side + ": " + m + ".");
    }

    /** Forgets everything shown and starts a new request: its generation. */
    private int clear(Path a, Path b) {
        int gen = ++generation;
        pathA.set(a);
        pathB.set(b);
        showNothing();
        pairs.clear();
        folders.set(null);
        return gen;
    }

    /** No rows, no detail, no message: the two transcripts are being read. */
    private void showNothing() {
        message.set("");
        reading.set(false);
        comparison.set(null);
        rows.clear();
        indexA = null;
        indexB = null;
        selected.set(-1);
        detailA.clear();
        detailB.clear();
    }

    /** Selects row {@code r} (-1: none) and reads both sides' records of it for the detail. */
    public void select(int r) {
        int at = r < -1 || r >= rows.size() ? -1 : r;
        if (at == selected.get()) {
            return;
        }
        selected.set(at);
        if (at < 0) {
            detailA.clear();
            detailB.clear();
            return;
        }
        CompareRow row = rows.get(at);
        detailA.show(indexA, row.aLine(), "A");
        detailB.show(indexB, row.bLine(), "B");
    }

    /**
     * Selects the next difference: the first row of the next run of rows that are not the same call on both sides
     * (a diff tool's hunk); stays when there is none after.
     */
    public void nextDifference() {
        for (int r = selected.get() + 1; r < rows.size(); r++) {
            if (startsDifference(r)) {
                select(r);
                return;
            }
        }
    }

    /** Selects the first row of the difference before the selected row (of its own, when it is inside one). */
    public void previousDifference() {
        for (int r = selected.get() - 1; r >= 0; r--) {
            if (startsDifference(r)) {
                select(r);
                return;
            }
        }
    }

    private boolean startsDifference(int r) {
        return rows.get(r).difference() && (r == 0 || !rows.get(r - 1).difference());
    }

    public ObservableList<CompareRow> rows() {
        return rows;
    }

    /** The folders' pairs, new deaths first, then fixed, changed, only in B, only in A, same; empty for two files. */
    public ObservableList<CorpusComparison.Pair> pairs() {
        return pairs;
    }

    public ReadOnlyObjectProperty<CorpusComparison> foldersProperty() {
        return folders.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty selectedProperty() {
        return selected.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<TranscriptComparison> comparisonProperty() {
        return comparison.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Path> pathAProperty() {
        return pathA.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Path> pathBProperty() {
        return pathB.getReadOnlyProperty();
    }

    /** Whether the two sides (or folders) are being read. */
    public ReadOnlyBooleanProperty readingProperty() {
        return reading.getReadOnlyProperty();
    }

    /** What went wrong, for the person: a side that cannot be read, a file and a folder; "" otherwise. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** A's record of the selected row. */
    public CompareDetail detailA() {
        return detailA;
    }

    public CompareDetail detailB() {
        return detailB;
    }

    /**
     * Builds the report of what is compared — the folders when two folders are, else the two transcripts shown —
     * for {@code target}, and hands it to {@code preview}; {@link #write} writes it.
     */
    public void export(Path target, java.util.function.Consumer<CompareExport.Prepared> preview,
                       java.util.function.Consumer<String> refused) {
        export.prepare(comparison.get(), folders.get(), judgedBy, target, preview, refused);
    }

    public void write(CompareExport.Prepared p, java.util.function.Consumer<String> done,
                      java.util.function.Consumer<String> failed) {
        export.write(p, done, failed);
    }

    /** "2 same · 1 changed · 1 only in A · 1 only in B", or "" before a comparison. */
    public static String counts(TranscriptComparison c) {
        return c.alignment().count(Op.SAME) + " same · " + c.alignment().count(Op.CHANGED) + " changed · "
                + c.alignment().count(Op.ONLY_A) + " only in A · " + c.alignment().count(Op.ONLY_B) + " only in B";
    }
}

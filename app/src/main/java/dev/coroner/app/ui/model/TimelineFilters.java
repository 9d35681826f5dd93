package dev.coroner.app.ui.model;

import dev.coroner.core.index.IndexSearch;
import dev.coroner.core.index.TranscriptIndex;
import java.util.BitSet;
import java.util.Set;
import java.util.function.BooleanSupplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * What the person chose to see in the timeline: a kind, a role, only rows with findings, rows holding a text. Part
 * of the timeline panel's model; every change tells the timeline to rebuild its rows.
 */
public final class TimelineFilters {
    private final Tasks tasks;
    private final Runnable changed;
    private final ObjectProperty<String> kind = new SimpleObjectProperty<>(this, "kind");
    private final ObjectProperty<String> role = new SimpleObjectProperty<>(this, "role");
    private final BooleanProperty findingsOnly = new SimpleBooleanProperty(this, "findingsOnly");
    /** Show a Codex rollout's token counts; off (the default) folds them away. */
    private final BooleanProperty tokenCounts = new SimpleBooleanProperty(this, "tokenCounts");
    private final StringProperty search = new SimpleStringProperty(this, "search", "");
    private final ReadOnlyStringWrapper matchInfo = new ReadOnlyStringWrapper(this, "matchInfo", "");
    private BitSet hits;
    private final ReadOnlyObjectWrapper<BitSet> hitsShown = new ReadOnlyObjectWrapper<>(this, "hits");
    private final ReadOnlyStringWrapper applied = new ReadOnlyStringWrapper(this, "applied", "");
    /** Hide the rows that do not hold the search text (off: they stay, and the matches are highlighted). */
    private final BooleanProperty matchesOnly = new SimpleBooleanProperty(this, "matchesOnly");
    private String rowsPart = "";
    private String matchPart = "";
    /** Counts searches, written on the FX thread only; volatile because a search reads it on its own to stop. */
    private volatile int searchGeneration;
    private boolean muted;
    /** The timeline filter bar: an expression over record fields (docs/WORKBENCH.md, "Filter bars"). */
    private final FilterBarModel where = new FilterBarModel(dev.coroner.core.filter.FieldSchemas.RECORD);
    /** The rows an expression that names {@code text} keeps, read off the FX thread; null until read. */
    private BitSet whereRows;
    private dev.coroner.core.filter.Filter whereRowsFor;
    private TranscriptIndex whereRowsOf;
    private int whereRowsSize;
    private int whereGeneration;
    /** Set while the row filter is made: a reading that finishes at once (same-thread tasks) need not refilter. */
    private boolean making;

    TimelineFilters(Tasks tasks, Runnable changed) {
        this.tasks = tasks;
        this.changed = changed;
        kind.addListener((o, a, b) -> changed());
        role.addListener((o, a, b) -> changed());
        findingsOnly.addListener((o, a, b) -> changed());
        tokenCounts.addListener((o, a, b) -> changed());
        matchesOnly.addListener((o, a, b) -> {
            if (hits != null) {
                changed();
            }
        });
        where.appliedProperty().addListener((o, a, b) -> changed());
        search.addListener((o, a, b) -> {
            if (b == null || b.isEmpty()) {
                dropSearch();
                changed();
            }
        });
    }

    /** Show only rows of this kind; null for all. */
    public ObjectProperty<String> kindProperty() {
        return kind;
    }

    /** Show only rows of this role; null for all. */
    public ObjectProperty<String> roleProperty() {
        return role;
    }

    public BooleanProperty findingsOnlyProperty() {
        return findingsOnly;
    }

    /**
     * Show the {@code token_count} rows of a Codex rollout (one after each model response); off, the default, folds
     * them away and the row count says so.
     */
    public BooleanProperty tokenCountsProperty() {
        return tokenCounts;
    }

    /** The search text; the timeline's {@code find()} applies it. Clearing it clears the search at once. */
    public StringProperty searchProperty() {
        return search;
    }

    /** "3 of 15 matches", "12 of 412 rows · 15 matches", "searching…": every count in full. */
    public ReadOnlyStringProperty matchInfoProperty() {
        return matchInfo.getReadOnlyProperty();
    }

    /** Index rows that hold the applied search text; null when no search is applied. Never changed in place. */
    public ReadOnlyObjectProperty<BitSet> hitsProperty() {
        return hitsShown.getReadOnlyProperty();
    }

    /** The text the hits were found for (the search field may have changed since): what the detail highlights. */
    public ReadOnlyStringProperty appliedProperty() {
        return applied.getReadOnlyProperty();
    }

    public BooleanProperty matchesOnlyProperty() {
        return matchesOnly;
    }

    /** The timeline filter bar's model: its text, whether it parses, the filter in force. */
    public FilterBarModel where() {
        return where;
    }

    /** The filter as chosen now; {@code codex}: the transcript is a Codex rollout, whose token counts may fold. */
    RowFilter filter(TranscriptIndex index, Set<Long> findingLines, boolean codex) {
        making = true;
        try {
            return new RowFilter(kind.get(), role.get(), findingsOnly.get(), findingLines,
                    matchesOnly.get() ? hits : null, codex && !tokenCounts.get(), where(index));
        } finally {
            making = false;
        }
    }

    /**
     * The bar's expression by index row: evaluated on the index's fields as rows are shown, or, when it names
     * {@code text}, over rows whose summaries were read off the FX thread (no row is kept until they are).
     */
    private java.util.function.IntPredicate where(TranscriptIndex index) {
        dev.coroner.core.filter.Filter f = where.appliedProperty().get();
        if (f.keepsAll() || index == null) {
            return null;
        }
        if (!namesText(f)) {
            return row -> f.test(TimelineValues.of(index, row, () -> null));
        }
        if (!readFor(f, index)) {
            readTexts(index, f);
        }
        if (readFor(f, index)) { // read at once (same-thread tasks)
            BitSet kept = whereRows;
            return kept::get;
        }
        return row -> false;
    }

    private boolean readFor(dev.coroner.core.filter.Filter f, TranscriptIndex index) {
        return whereRows != null && f.equals(whereRowsFor) && index == whereRowsOf && whereRowsSize == index.size();
    }

    private static final dev.coroner.core.filter.FieldSchema WITHOUT_TEXT = dev.coroner.core.filter.FieldSchema.of(
            "record", dev.coroner.core.filter.FieldSchemas.RECORD.fields().stream()
                    .filter(fl -> !fl.name().equals("text")).toList());

    /** Whether the expression reads a row's text: it does not parse without that field. */
    private static boolean namesText(dev.coroner.core.filter.Filter f) {
        return !dev.coroner.core.filter.Filter.parse(f.toString(), WITHOUT_TEXT).ok();
    }

    /** Reads every row's summary the expression asks for, off the FX thread, and keeps the rows it holds for. */
    private void readTexts(TranscriptIndex index, dev.coroner.core.filter.Filter f) {
        int gen = ++whereGeneration;
        int size = index.size();
        matchInfo.set("filtering…");
        tasks.run(() -> {
            BitSet kept = new BitSet(size);
            try (dev.coroner.core.read.RecordReader reader = dev.coroner.core.read.RecordReader.open(index.path())) {
                for (int row = 0; row < size; row++) {
                    if (gen != whereGeneration) {
                        return null;
                    }
                    int r = row;
                    if (f.test(TimelineValues.of(index, row, () -> summary(reader, index, r)))) {
                        kept.set(row);
                    }
                }
            }
            return kept;
        }, kept -> {
            if (kept == null || gen != whereGeneration) {
                return;
            }
            whereRows = kept;
            whereRowsFor = f;
            whereRowsOf = index;
            whereRowsSize = size;
            showInfo();
            if (!making) {
                changed();
            }
        }, e -> matchInfo.set("filter failed: " + e.getMessage()));
    }

    /** A row's summary as the timeline shows it; null for a line too long to hold, or one that cannot be re-read. */
    private static String summary(dev.coroner.core.read.RecordReader reader, TranscriptIndex index, int row) {
        if (index.length(row) > dev.coroner.core.read.ReadLimits.MAX_IN_MEMORY_LINE) {
            return null;
        }
        try {
            dev.coroner.core.read.TranscriptLine line = reader.read(index.span(row));
            return line == null ? null : dev.coroner.core.render.RecordSummary.unescaped(line);
        } catch (dev.coroner.core.read.UnreadableTranscriptException e) {
            return null;
        }
    }

    BitSet hits() {
        return hits;
    }

    /** Says where the selected row (an index row, -1 for none) stands among the matches. */
    void showMatch(int row) {
        if (hits == null) {
            matchPart = "";
        } else {
            int n = hits.cardinality();
            matchPart = n == 0 ? "no match"
                    : row >= 0 && hits.get(row) ? String.format("%,d of %,d %s", hits.get(0, row).cardinality() + 1, n,
                    n == 1 ? "match" : "matches")
                    : String.format("%,d %s", n, n == 1 ? "match" : "matches");
        }
        showInfo();
    }

    private void showInfo() {
        matchInfo.set(rowsPart.isEmpty() ? matchPart : matchPart.isEmpty() ? rowsPart : rowsPart + " · " + matchPart);
    }

    /** Every row again, token counts too. */
    void clear() {
        muted = true;
        kind.set(null);
        role.set(null);
        findingsOnly.set(false);
        tokenCounts.set(true);
        search.set("");
        where.textProperty().set("");
        dropSearch();
        muted = false;
        changed();
    }

    /** Searches {@code index} for the search text off the FX thread; {@code stale} says the transcript changed. */
    void find(TranscriptIndex index, BooleanSupplier stale) {
        String text = search.get() == null ? "" : search.get();
        int sgen = ++searchGeneration;
        if (text.isEmpty() || index == null) {
            dropSearch();
            changed();
            return;
        }
        matchInfo.set("searching…");
        tasks.run(() -> IndexSearch.rowsContaining(index, text, () -> sgen != searchGeneration || stale.getAsBoolean()),
                found -> {
                    if (sgen == searchGeneration && !stale.getAsBoolean()) {
                        hits = found;
                        applied.set(text);
                        hitsShown.set(found);
                        if (matchesOnly.get()) {
                            changed();
                        }
                    }
                }, e -> matchInfo.set("search failed: " + e.getMessage()));
    }

    /** A new transcript: the hits were rows of the old one. */
    void dropSearch() {
        searchGeneration++;
        hits = null;
        applied.set("");
        hitsShown.set(null);
        matchPart = "";
        showInfo();
    }

    boolean searching() {
        return !search.get().isEmpty();
    }

    void showCounts(RowFilter f, int shown, int total) {
        rowsPart = f.all() ? "" : String.format("%,d of %,d rows", shown, total)
                + (f.foldTokenCounts() && f.kind() == null ? " · token counts folded" : "");
        showInfo();
    }

    private void changed() {
        if (!muted) {
            changed.run();
        }
    }
}

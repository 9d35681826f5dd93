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

    /** The filter as chosen now; {@code codex}: the transcript is a Codex rollout, whose token counts may fold. */
    RowFilter filter(Set<Long> findingLines, boolean codex) {
        return new RowFilter(kind.get(), role.get(), findingsOnly.get(), findingLines, matchesOnly.get() ? hits : null,
                codex && !tokenCounts.get());
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

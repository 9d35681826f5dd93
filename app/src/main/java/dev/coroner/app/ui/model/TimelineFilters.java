package dev.coroner.app.ui.model;

import dev.coroner.core.index.IndexSearch;
import dev.coroner.core.index.TranscriptIndex;
import java.util.BitSet;
import java.util.Set;
import java.util.function.BooleanSupplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
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
    private final StringProperty search = new SimpleStringProperty(this, "search", "");
    private final ReadOnlyStringWrapper matchInfo = new ReadOnlyStringWrapper(this, "matchInfo", "");
    private BitSet hits;
    private int searchGeneration;
    private boolean muted;

    TimelineFilters(Tasks tasks, Runnable changed) {
        this.tasks = tasks;
        this.changed = changed;
        kind.addListener((o, a, b) -> changed());
        role.addListener((o, a, b) -> changed());
        findingsOnly.addListener((o, a, b) -> changed());
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

    /** The search text; the timeline's {@code find()} applies it. Clearing it clears the search at once. */
    public StringProperty searchProperty() {
        return search;
    }

    /** "12 of 412 rows", "searching…". */
    public ReadOnlyStringProperty matchInfoProperty() {
        return matchInfo.getReadOnlyProperty();
    }

    /** The filter as chosen now. */
    RowFilter filter(Set<Long> findingLines) {
        return new RowFilter(kind.get(), role.get(), findingsOnly.get(), findingLines, hits);
    }

    /** Every row again. */
    void clear() {
        muted = true;
        kind.set(null);
        role.set(null);
        findingsOnly.set(false);
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
                        changed();
                    }
                }, e -> matchInfo.set("search failed: " + e.getMessage()));
    }

    /** A new transcript: the hits were rows of the old one. */
    void dropSearch() {
        searchGeneration++;
        hits = null;
        matchInfo.set("");
    }

    boolean searching() {
        return !search.get().isEmpty();
    }

    void showCounts(RowFilter f, int shown, int total) {
        matchInfo.set(f.all() ? "" : String.format("%,d of %,d rows", shown, total));
    }

    private void changed() {
        if (!muted) {
            changed.run();
        }
    }
}

package dev.coroner.app.ui.model;

import dev.coroner.core.filter.FieldSchema;
import dev.coroner.core.filter.FieldValues;
import dev.coroner.core.filter.Filter;
import dev.coroner.core.filter.Parsed;
import dev.coroner.core.workspace.Workspace;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

/**
 * The filters a person keeps (docs/WORKBENCH.md, "Filter bars"): saved filters by name, for the corpus bar and the
 * timeline bar, and the timeline's colouring rules, an expression over record fields and a tint each, like
 * Wireshark's. The first rule that holds for a row tints it. Kept in the workspace; a rule whose expression does not
 * parse is kept as written and tints nothing.
 */
public final class FilterBook {
    /** The tints a rule may give, each a CSS class {@code tint-NAME} of the stylesheets (light and dark). */
    public static final List<String> TINTS = List.of("red", "orange", "yellow", "green", "teal", "blue", "purple", "grey");

    /** A colouring rule parsed: null filter when its text does not parse. */
    private record Compiled(Filter filter, String tint) {
    }

    private final FieldSchema records;
    private final ObservableList<Workspace.SavedFilter> saved = FXCollections.observableArrayList();
    private final ObservableList<Workspace.ColourRule> colouring = FXCollections.observableArrayList();
    private List<Compiled> compiled = List.of();
    private final ReadOnlyIntegerWrapper version = new ReadOnlyIntegerWrapper(this, "version");

    /** @param records the fields of a timeline row, which colouring rules name */
    public FilterBook(FieldSchema records) {
        this.records = records;
        colouring.addListener((ListChangeListener<Workspace.ColourRule>) c -> compile());
    }

    public ObservableList<Workspace.SavedFilter> saved() {
        return saved;
    }

    /** The colouring rules, first applies first. */
    public ObservableList<Workspace.ColourRule> colouring() {
        return colouring;
    }

    /** Counts up whenever the colouring rules change: the timeline tints its rows again. */
    public ReadOnlyIntegerProperty versionProperty() {
        return version.getReadOnlyProperty();
    }

    /** Keeps {@code f}, replacing a saved filter of the same name and kind of row. */
    public void save(Workspace.SavedFilter f) {
        saved.removeIf(s -> s.name().equals(f.name()) && s.rows().equals(f.rows()));
        saved.add(f);
    }

    public void remove(Workspace.SavedFilter f) {
        saved.remove(f);
    }

    /** Whether {@code expression} is a filter over timeline rows: null when it is, else why not, with its place. */
    public String check(String expression) {
        Parsed p = Filter.parse(expression, records);
        return p.ok() ? null : p.error().toString();
    }

    /** The tint of the first rule that holds for {@code row}, or null when none does. */
    public String tintOf(FieldValues row) {
        for (Compiled c : compiled) {
            if (c.filter() != null && !c.filter().keepsAll() && c.filter().test(row)) {
                return c.tint();
            }
        }
        return null;
    }

    /**
     * The tint of timeline row {@code row} of {@code index}; {@code text} is its summary as shown, or "" / null while
     * it is not read yet (a rule on {@code text} then does not hold).
     */
    public String tintOf(dev.coroner.core.index.TranscriptIndex index, int row, String text) {
        return tintOf(TimelineValues.of(index, row, () -> text == null || text.isEmpty() ? null : text));
    }

    /** Whether any rule can tint a row. */
    public boolean tints() {
        return compiled.stream().anyMatch(c -> c.filter() != null && !c.filter().keepsAll());
    }

    /** What the workspace keeps, with the two bars' texts. */
    public Workspace.Filters toWorkspace(String corpus, String timeline) {
        return new Workspace.Filters(corpus, timeline, saved, colouring);
    }

    /** Puts back what a workspace kept (the bars' texts are the caller's). */
    public void restore(Workspace.Filters f) {
        saved.setAll(f.saved());
        colouring.setAll(f.colouring());
    }

    private void compile() {
        List<Compiled> out = new ArrayList<>();
        for (Workspace.ColourRule r : colouring) {
            Parsed p = Filter.parse(r.expression(), records);
            out.add(new Compiled(p.ok() ? p.filter() : null, r.colour()));
        }
        compiled = List.copyOf(out);
        version.set(version.get() + 1);
    }
}

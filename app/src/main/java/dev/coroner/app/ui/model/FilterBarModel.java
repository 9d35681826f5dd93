package dev.coroner.app.ui.model;

import dev.coroner.core.filter.FieldSchema;
import dev.coroner.core.filter.Filter;
import dev.coroner.core.filter.FilterError;
import dev.coroner.core.filter.Parsed;
import java.util.List;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * One filter bar (docs/WORKBENCH.md, "Filter bars"): the expression as typed, checked against a row kind's fields on
 * every change. A text that parses is applied at once; one that does not keeps the filter last applied and says where
 * it went wrong ("1:6: unknown field 'stat': did you mean 'state'?"). Parsing never throws and never hangs, whatever
 * is typed (core {@code Filter.parse}).
 */
public final class FilterBarModel {
    /** What the text is now. */
    public enum Status {
        /** Nothing typed: every row is kept. */
        EMPTY,
        /** A filter: applied. */
        VALID,
        /** Not a filter: the last valid one stays applied. */
        INVALID
    }

    /** The word at the caret and what completing it with a candidate makes of the text. */
    public record Completion(int from, int to, List<String> candidates) {
    }

    private final FieldSchema schema;
    private final StringProperty text = new SimpleStringProperty(this, "text", "");
    private final ReadOnlyObjectWrapper<Filter> applied = new ReadOnlyObjectWrapper<>(this, "applied", Filter.all());
    private final ReadOnlyObjectWrapper<FilterError> error = new ReadOnlyObjectWrapper<>(this, "error");
    private final ReadOnlyObjectWrapper<Status> status = new ReadOnlyObjectWrapper<>(this, "status", Status.EMPTY);
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");

    public FilterBarModel(FieldSchema schema) {
        this.schema = schema;
        text.addListener((o, was, now) -> check());
    }

    public FieldSchema schema() {
        return schema;
    }

    /** The expression as typed. */
    public StringProperty textProperty() {
        return text;
    }

    /** The filter in force: the last text that parsed ({@code Filter.all()} for none). */
    public ReadOnlyObjectProperty<Filter> appliedProperty() {
        return applied.getReadOnlyProperty();
    }

    /** Why the text is not a filter, with its place; null while it is one. */
    public ReadOnlyObjectProperty<FilterError> errorProperty() {
        return error.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Status> statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** "1:6: unknown field 'stat': did you mean 'state'?" while the text is not a filter; "" otherwise. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** Whether a filter holds rows back. */
    public boolean filtering() {
        return !applied.get().keepsAll();
    }

    /** The candidates for the word at {@code caret} (field names, enum words, operators), best first. */
    public Completion complete(int caret) {
        String t = text.get();
        int at = Math.max(0, Math.min(caret, t.length()));
        return new Completion(FieldSchema.wordStart(t, at), at, schema.complete(t, at));
    }

    /**
     * Puts {@code candidate} in place of the word completed, with a space after it when none follows, and returns where
     * the caret goes.
     */
    public int accept(Completion c, String candidate) {
        String t = text.get();
        String after = t.substring(Math.min(c.to(), t.length()));
        String before = t.substring(0, Math.min(c.from(), t.length()));
        // an operator or a value after a word with no space: keep the words apart
        String lead = !before.isEmpty() && c.from() == c.to() && wordChar(before.charAt(before.length() - 1))
                ? " " : "";
        String trail = after.startsWith(" ") ? "" : " ";
        text.set(before + lead + candidate + trail + after);
        return before.length() + lead.length() + candidate.length() + trail.length();
    }

    private static boolean wordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '.';
    }

    private void check() {
        String t = text.get() == null ? "" : text.get();
        Parsed p = Filter.parse(t, schema);
        if (p.ok()) {
            error.set(null);
            message.set("");
            status.set(t.isBlank() ? Status.EMPTY : Status.VALID);
            applied.set(p.filter());
        } else {
            error.set(p.error());
            message.set(p.error().toString());
            status.set(Status.INVALID);
        }
    }
}

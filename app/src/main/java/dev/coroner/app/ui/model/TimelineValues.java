package dev.coroner.app.ui.model;

import dev.coroner.core.filter.FieldValues;
import dev.coroner.core.filter.RecordValues;
import dev.coroner.core.index.TranscriptIndex;
import java.util.function.Supplier;

/**
 * A timeline row as the timeline filter bar and the colouring rules read it (docs/WORKBENCH.md, "Filter bars"): the
 * record fields the index holds (core {@code RecordValues}), and {@code text}, the row's summary as the timeline shows
 * it, asked for only when an expression reaches it.
 */
final class TimelineValues implements FieldValues {
    private final FieldValues record;
    private final Supplier<String> text;

    private TimelineValues(FieldValues record, Supplier<String> text) {
        this.record = record;
        this.text = text;
    }

    /** @param text the row's summary, or null when it cannot be read (then {@code text} is absent) */
    static FieldValues of(TranscriptIndex index, int row, Supplier<String> text) {
        return new TimelineValues(RecordValues.of(index, row), text);
    }

    @Override
    public Object get(String path) {
        return "text".equals(path) ? text.get() : record.get(path);
    }
}

package dev.coroner.app.ui.model;

import dev.coroner.core.index.TranscriptIndex;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntFunction;
import javafx.collections.ObservableListBase;

/**
 * The rows the timeline table shows, as a list over the index: its size is the rows published (and let through by
 * the filter), and a row object is built only when the table asks for it — i.e. for the visible rows (docs/WORKBENCH.md, "The panels":
 * virtualised). Grows as indexing publishes more rows.
 */
final class TimelineRows extends ObservableListBase<TimelineRow> {
    /** Row objects kept; the table asks for the same few again and again while it scrolls. */
    private static final int CACHED = 2_048;

    private final TranscriptIndex index;
    private final RowFilter filter;
    private final IntFunction<TimelineRow> factory;
    private final Map<Integer, TimelineRow> cache = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, TimelineRow> e) {
            return size() > CACHED;
        }
    };
    /** Index rows let through, in order; null when the filter lets every row through. */
    private int[] rows;
    private int size;
    private int scanned;

    TimelineRows(TranscriptIndex index, RowFilter filter, IntFunction<TimelineRow> factory) {
        this.index = index;
        this.filter = filter;
        this.factory = factory;
        this.rows = filter.all() ? null : new int[64];
        grow(index.size(), false);
    }

    RowFilter filter() {
        return filter;
    }

    @Override
    public TimelineRow get(int position) {
        if (position < 0 || position >= size) {
            throw new IndexOutOfBoundsException(position);
        }
        int row = rowAt(position);
        TimelineRow r = cache.get(row);
        if (r == null) {
            r = factory.apply(row);
            cache.put(row, r);
        }
        return r;
    }

    @Override
    public int size() {
        return size;
    }

    /**
     * Where {@code o} is, found without building a row. Rows compare by identity, so only a row this list built and
     * still holds can be in it; {@link java.util.AbstractList#indexOf} would instead build every row to compare it.
     * The table's selection model asks this of the new list whenever the rows are replaced (a verdict arrives, a
     * filter changes), and on a transcript of a million rows that walk built them all on the FX thread and queued a
     * summary read for each.
     */
    @Override
    public int indexOf(Object o) {
        if (!(o instanceof TimelineRow r) || cache.get(r.row()) != r) {
            return -1;
        }
        return positionOf(r.row());
    }

    @Override
    public int lastIndexOf(Object o) {
        return indexOf(o); // a row is in the list at most once
    }

    @Override
    public boolean contains(Object o) {
        return indexOf(o) >= 0;
    }

    /** The row object if it is built, else null: for a summary that arrives late. */
    TimelineRow built(int row) {
        return cache.get(row);
    }

    int rowAt(int position) {
        return rows == null ? position : rows[position];
    }

    /** The position of index row {@code row}, or -1 when the filter hides it or it is not published yet. */
    int positionOf(int row) {
        if (rows == null) {
            return row < size ? row : -1;
        }
        int p = Arrays.binarySearch(rows, 0, size, row);
        return p >= 0 ? p : -1;
    }

    /** Takes in the rows published since the last call. */
    void grow(int published) {
        grow(published, true);
    }

    private void grow(int published, boolean notify) {
        int from = size;
        if (rows == null) {
            size = Math.max(size, published);
        } else {
            for (int row = scanned; row < published; row++) {
                if (filter.test(index, row)) {
                    if (size == rows.length) {
                        rows = Arrays.copyOf(rows, rows.length * 2);
                    }
                    rows[size++] = row;
                }
            }
        }
        scanned = Math.max(scanned, published);
        if (notify && size > from) {
            beginChange();
            nextAdd(from, size);
            endChange();
        }
    }
}

package dev.coroner.app.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.index.TranscriptIndex;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.fixtures.Fixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The timeline's row list finds a row without building the others: the table's selection model asks the new list
 * where the selected row is whenever the rows are replaced, and on a transcript of a million rows a walk that built
 * every row stalled the window.
 */
class TimelineRowsTest {
    private final TranscriptIndex index = index();
    private final AtomicInteger built = new AtomicInteger();

    private static TranscriptIndex index() {
        try {
            return TranscriptPass.run(Fixtures.path("demo/7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b.jsonl"));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private TimelineRows rows(RowFilter filter) {
        return new TimelineRows(index, filter, row -> {
            built.incrementAndGet();
            return new TimelineRow(index, row, List.of(), null);
        });
    }

    @Test
    void aRowOfAnotherListIsNotFoundAndNoRowIsBuiltToSaySo() {
        TimelineRows before = rows(RowFilter.ALL);
        TimelineRow selected = before.get(7);
        TimelineRows after = rows(RowFilter.ALL);
        built.set(0);

        assertEquals(-1, after.indexOf(selected));
        assertEquals(-1, after.lastIndexOf(selected));
        assertFalse(after.contains(selected));
        assertEquals(-1, after.indexOf("not a row"));
        assertEquals(0, built.get(), "rows built to answer indexOf");
        // what a list that compares by building every row says: the same
        assertEquals(-1, new ArrayList<>(after).indexOf(selected));
    }

    @Test
    void aRowTheListBuiltIsFoundAtItsPositionAlsoBehindAFilter() {
        TimelineRows all = rows(RowFilter.ALL);
        assertTrue(all.size() > 8, "the demo transcript has rows");
        for (int p = 0; p < all.size(); p++) {
            TimelineRow r = all.get(p);
            assertEquals(p, all.indexOf(r));
            assertEquals(p, all.lastIndexOf(r));
            assertTrue(all.contains(r));
        }

        String kind = all.get(all.size() - 1).kind();
        TimelineRows filtered = rows(new RowFilter(kind, null, false, java.util.Set.of(), null));
        assertTrue(filtered.size() > 0 && filtered.size() < all.size(), "the filter lets some rows through");
        for (int p = 0; p < filtered.size(); p++) {
            TimelineRow r = filtered.get(p);
            assertEquals(kind, r.kind());
            assertEquals(p, filtered.indexOf(r));
            assertEquals(-1, all.indexOf(r), "a row of the filtered list is not a row of the other");
        }
    }
}

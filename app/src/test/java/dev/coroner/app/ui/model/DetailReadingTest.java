package dev.coroner.app.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.index.TranscriptIndex;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.fixtures.Fixtures;
import java.util.ArrayDeque;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * While the detail reads the record selected, it says which record that is (its header, {@code readingProperty}) and
 * keeps the one shown before as it was, so the panel can dim it instead of passing it off as the new one; a read that
 * comes back after another selection or a clear is dropped.
 */
class DetailReadingTest {
    @Test
    void theRecordBeingReadIsNamedAndTheOneBeforeKeptUntilItComes() throws Exception {
        TranscriptIndex index = TranscriptPass.run(Fixtures.path("demo/7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b.jsonl"));
        ArrayDeque<Runnable> held = new ArrayDeque<>(); // the background: run only when the test says so
        DetailViewModel detail = new DetailViewModel(new Tasks(held::add, FxBridge.direct(), 1));
        detail.show(index, new TimelineRow(index, 0, List.of(), null, List.of()), null);
        String firstHeader = detail.readingProperty().get();
        assertTrue(firstHeader.startsWith("line 1 · "), firstHeader);
        runAll(held);
        RecordDetail first = detail.detailProperty().get();
        assertEquals(1, first.span().line());
        assertEquals(firstHeader, first.header(), "the header said while reading is the record's own");
        assertNull(detail.readingProperty().get());
        assertFalse(detail.loadingProperty().get());

        detail.show(index, new TimelineRow(index, 13, List.of(), null, List.of()), null);
        String reading = detail.readingProperty().get();
        assertTrue(reading.startsWith("line 14 · "), reading);
        assertTrue(detail.loadingProperty().get());
        assertSame(first, detail.detailProperty().get(), "the record before stays, as it was, until the new one is read");
        runAll(held);
        assertEquals(14, detail.detailProperty().get().span().line());
        assertEquals(reading, detail.detailProperty().get().header());
        assertNull(detail.readingProperty().get());

        detail.show(index, new TimelineRow(index, 1, List.of(), null, List.of()), null);
        assertTrue(detail.readingProperty().get().startsWith("line 2 · "));
        detail.clear(); // the transcript closed while the line was read
        assertNull(detail.readingProperty().get());
        runAll(held);
        assertNull(detail.detailProperty().get(), "a read that comes back after a clear is dropped");
        assertNull(detail.readingProperty().get());
    }

    private static void runAll(ArrayDeque<Runnable> held) {
        while (!held.isEmpty()) {
            held.poll().run();
        }
    }
}

package dev.coroner.app.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Progress reported after every read reaches the FX thread at most once a frame, and its last report always does. */
class FxBridgeTest {
    @Test
    void progressIsHandedOverAtOnceThenAtMostOnceAFrameAndTheLastCallAlwaysRuns() throws Exception {
        LinkedBlockingQueue<Runnable> fxQueue = new LinkedBlockingQueue<>();
        FxBridge fx = FxBridge.on(fxQueue::add);
        AtomicInteger runs = new AtomicInteger();
        Runnable progress = fx.coalescing(runs::incrementAndGet);

        long firstReport = System.nanoTime();
        progress.run();
        assertEquals(1, fxQueue.size(), "the first report after a quiet frame is handed over at once");
        for (int i = 0; i < 1_000; i++) {
            progress.run();
        }
        assertEquals(1, fxQueue.size(), "reports while one waits for the FX thread are taken in by it");
        assertFalse(fx.idle(), "not settled while an update waits");

        fxQueue.take().run(); // the FX thread comes round to it
        assertEquals(1, runs.get());
        assertTrue(fx.idle());

        progress.run(); // within the frame of the last hand-over, and the last report of all
        Runnable next = fxQueue.poll(5, TimeUnit.SECONDS);
        long waited = System.nanoTime() - firstReport;
        assertTrue(next != null, "the last report is handed over too");
        assertTrue(waited >= FxBridge.FRAME_NANOS, "not before the first hand-over's frame ended: " + waited + " ns");
        assertFalse(fx.idle());
        next.run();
        assertEquals(2, runs.get());
        assertTrue(fx.idle());
        assertTrue(fxQueue.isEmpty());
    }

    @Test
    void aDirectBridgeRunsProgressWhereItIsReported() {
        AtomicInteger runs = new AtomicInteger();
        Runnable progress = FxBridge.direct().coalescing(runs::incrementAndGet);
        progress.run();
        progress.run();
        assertEquals(2, runs.get());
    }
}

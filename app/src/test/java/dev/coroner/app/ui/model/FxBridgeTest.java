package dev.coroner.app.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Progress reported after every read reaches the FX thread in the order it was reported, never after what the work
 * hands over once it is done: a final status ("152 transcripts analysed") is never overwritten by a late progress
 * line ("indexing x.jsonl 100%"). A coalescing that held progress back to once a frame broke this (bench/LOG.md,
 * "Progress at most once a frame, left out").
 *
 * <p>The test is the FX thread: it runs what was handed over when it chooses, so no clock decides what has arrived.
 * Anything held back (on a timer, for a later frame) would be missing when the queue is drained, and the last
 * progress shown before the final update would be an older one.
 */
class FxBridgeTest {
    @Test
    void progressNeverRunsAfterTheFinalUpdateHandedOverBehindIt() {
        ArrayDeque<Runnable> fxQueue = new ArrayDeque<>();
        FxBridge fx = FxBridge.on(fxQueue::add);
        List<String> shown = new ArrayList<>();
        Random fxTurns = new Random(30);
        for (int round = 1; round <= 20; round++) {
            int r = round;
            long[] read = {0};
            Runnable progress = fx.coalescing(() -> shown.add("indexing " + r + ": " + read[0]));
            int reads = 1 + fxTurns.nextInt(5_000);
            for (int i = 0; i < reads; i++) {
                read[0]++;
                progress.run();
                if (fxTurns.nextInt(100) == 0) {
                    drain(fxQueue); // the FX thread's turn comes now and then while the work reads on
                }
            }
            String done = "done " + round;
            fx.run(() -> shown.add(done)); // the work's own hand-over once it ended
            drain(fxQueue);
            assertEquals(done, shown.get(shown.size() - 1), "what the FX thread showed last, round " + round);
            assertEquals("indexing " + round + ": " + reads, shown.get(shown.size() - 2),
                    "the last progress came before the final update, not held back behind it");
            assertTrue(fx.idle(), "nothing waits to run later");
        }
    }

    private static void drain(ArrayDeque<Runnable> fxQueue) {
        for (Runnable next; (next = fxQueue.poll()) != null; ) {
            next.run();
        }
    }
}

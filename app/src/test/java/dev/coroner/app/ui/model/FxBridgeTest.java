package dev.coroner.app.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Progress reported after every read reaches the FX thread in the order it was reported, never after what the work
 * hands over once it is done: a final status ("152 transcripts analysed") is never overwritten by a late progress
 * line ("indexing x.jsonl 100%"). A coalescing that held progress back to once a frame broke this (bench/LOG.md,
 * "Progress at most once a frame, left out").
 */
class FxBridgeTest {
    @Test
    void progressNeverRunsAfterTheFinalUpdateHandedOverBehindIt() throws Exception {
        LinkedBlockingQueue<Runnable> fxQueue = new LinkedBlockingQueue<>();
        FxBridge fx = FxBridge.on(fxQueue::add);
        List<String> shown = new CopyOnWriteArrayList<>();
        Thread fxThread = new Thread(() -> { // runs what is handed over as it comes, as an idle FX thread does
            try {
                while (true) {
                    fxQueue.take().run();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "fx");
        fxThread.setDaemon(true);
        fxThread.start();
        try {
            for (int round = 1; round <= 20; round++) {
                int r = round;
                long[] read = {0};
                Runnable progress = fx.coalescing(() -> shown.add("indexing " + r + ": " + read[0]));
                long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(20);
                while (System.nanoTime() < until) {
                    read[0]++;
                    progress.run();
                }
                String done = "done " + round;
                fx.run(() -> shown.add(done)); // the work's own hand-over once it ended
                Thread.sleep(60); // anything held back would come by now
                assertEquals(done, shown.get(shown.size() - 1), "what the FX thread showed last, round " + round);
            }
        } finally {
            fxThread.interrupt();
        }
    }
}

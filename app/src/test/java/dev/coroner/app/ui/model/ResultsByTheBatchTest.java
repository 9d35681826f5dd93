package dev.coroner.app.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.corpus.IndexCache;
import dev.coroner.core.findings.FindingSources;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The corpus panel takes in the transcripts analysed by the batch, at most ten times a second
 * (docs/ARCHITECTURE.md, "Threads"); when the reading ends, what still waits is taken in before the panel stops being
 * busy, so its counts are never final while a verdict is missing (docs/WORKBENCH.md, "Never clean before it knows").
 * The FX thread here is a queue the test runs by hand, the readers a thread of their own; the batch's timer would hand
 * the last results over only after the reading ended.
 */
class ResultsByTheBatchTest {
    @Test
    void whenThePanelStopsBeingBusyEveryTranscriptIsTakenIn() throws Exception {
        ConcurrentLinkedQueue<Runnable> fx = new ConcurrentLinkedQueue<>();
        ExecutorService background = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "reader");
            t.setDaemon(true);
            return t;
        });
        Tasks tasks = new Tasks(background, FxBridge.on(fx::add), 1);
        Analyses analyses = new Analyses(FindingSources.standard());
        CorpusViewModel corpus = new CorpusViewModel(tasks, analyses, new IndexCache());
        List<String> seenWhenDone = new ArrayList<>();
        corpus.busyProperty().addListener((o, was, busy) -> {
            if (!busy) {
                seenWhenDone.add(analyses.byPath().size() + " of " + corpus.transcripts().size());
            }
        });

        corpus.open(List.of(DemoCorpus.DEMO));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        // run the FX thread's queue until the panel has been busy and is no longer
        boolean wasBusy = false;
        while (System.nanoTime() < deadline && (!wasBusy || corpus.busyProperty().get())) {
            Runnable r = fx.poll();
            if (r != null) {
                r.run();
            } else {
                Thread.sleep(1);
            }
            wasBusy |= corpus.busyProperty().get();
        }
        assertTrue(wasBusy, "the panel was busy while it read");
        assertFalse(corpus.busyProperty().get(), "the reading ended");
        int transcripts = corpus.transcripts().size();
        assertTrue(transcripts > 2, transcripts + " transcripts");
        assertEquals(transcripts + " of " + transcripts, seenWhenDone.get(seenWhenDone.size() - 1));
        background.shutdownNow();
    }
}

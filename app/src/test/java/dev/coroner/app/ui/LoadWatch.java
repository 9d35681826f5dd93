package dev.coroner.app.ui;

import dev.coroner.core.findings.MarkerKind;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import javafx.animation.AnimationTimer;

/**
 * For the window benchmarks: opens a corpus in a workbench and watches the FX thread until every transcript has every
 * verdict — when the first corpus row and the first timeline rows were on screen, every gap between two pulses over
 * 200 ms, and (through {@link StallSampler}) where the FX thread was during them. Shared by
 * {@link CorpusWindowBenchmark} (TestFX, in the build's JVM) and {@link ColdWindowRun} (a JVM started as the launcher
 * starts the window).
 */
final class LoadWatch {
    private final Workbench workbench;
    private final Consumer<Runnable> onFx;
    private final AtomicLong start = new AtomicLong();
    private final AtomicLong allJudged = new AtomicLong(-1);
    private final AtomicLong firstCorpusRow = new AtomicLong(-1);
    private final AtomicLong firstTimelineRows = new AtomicLong(-1);
    private final AtomicLong longestGap = new AtomicLong();
    private final AtomicLong longestGapAt = new AtomicLong();
    private final AtomicLong lastPulse = new AtomicLong();
    private final List<String> stalls = new CopyOnWriteArrayList<>();
    private final StallSampler sampler = new StallSampler(lastPulse);

    /** @param onFx runs its argument on the FX thread and returns when it has run */
    LoadWatch(Workbench workbench, Consumer<Runnable> onFx) {
        this.workbench = workbench;
        this.onFx = onFx;
    }

    /** Opens {@code corpus} and waits until all {@code files} transcripts have every verdict. */
    LoadWatch open(Path corpus, long files) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        AnimationTimer watch = new AnimationTimer() {
            @Override
            public void handle(long now) {
                long t = System.nanoTime();
                if (lastPulse.get() > 0 && allJudged.get() < 0) {
                    long gap = t - lastPulse.get();
                    if (gap > longestGap.get()) {
                        longestGap.set(gap);
                        longestGapAt.set(t - start.get());
                    }
                    if (gap > 200_000_000L) {
                        stalls.add(String.format("%.0f ms ending at %.0f ms", gap / 1e6, (t - start.get()) / 1e6));
                    }
                }
                lastPulse.set(t);
                if (firstCorpusRow.get() < 0 && !workbench.corpus().transcripts().isEmpty()) {
                    firstCorpusRow.set(t - start.get());
                }
                if (firstTimelineRows.get() < 0 && !workbench.timeline().rowsProperty().get().isEmpty()) {
                    firstTimelineRows.set(t - start.get());
                }
                if (allJudged.get() < 0 && !workbench.corpus().busyProperty().get()
                        && workbench.corpus().transcripts().size() == files
                        && workbench.analyses().byPath().size() == files) {
                    allJudged.set(t - start.get());
                    done.countDown();
                }
            }
        };
        onFx.accept(sampler::start);
        onFx.accept(() -> {
            start.set(System.nanoTime());
            watch.start();
            workbench.open(List.of(corpus));
        });
        if (!done.await(15, TimeUnit.MINUTES)) {
            throw new AssertionError("not judged after 15 minutes");
        }
        onFx.accept(watch::stop);
        sampler.stop();
        return this;
    }

    /** The WARNs of every transcript judged. */
    long warns() {
        return workbench.analyses().byPath().values().stream().mapToLong(a -> a.count(MarkerKind.WARN)).sum();
    }

    /** Prints what was measured, each line starting with {@code window (round)}. */
    void print(PrintStream out, String round, long files, long bytes) {
        long dead = workbench.analyses().byPath().values().stream().filter(a -> a.verdict().dead()).count();
        out.printf("window (%s): %,d transcripts, %,d bytes: every verdict after %.2f s (%.0f MB/s); %,d dead, "
                + "%,d WARN; longest gap between FX pulses %.0f ms%n", round, files, bytes, allJudged.get() / 1e9,
                bytes / 1e6 / (allJudged.get() / 1e9), dead, warns(), longestGap.get() / 1e6);
        out.printf("window (%s): first corpus row after %.0f ms, first timeline rows after %.0f ms; longest gap "
                + "between FX pulses %.0f ms, ending %.0f ms after the open; %,d gaps over 200 ms%n", round,
                firstCorpusRow.get() / 1e6, firstTimelineRows.get() / 1e6, longestGap.get() / 1e6,
                longestGapAt.get() / 1e6, stalls.size());
        out.println("window (" + round + "): gaps over 200 ms: " + stalls);
        sampler.print(out);
    }
}

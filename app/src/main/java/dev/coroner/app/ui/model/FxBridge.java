package dev.coroner.app.ui.model;

import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import javafx.application.Platform;

/**
 * The one way results reach the FX thread (STYLE.md, habit 2): nothing else calls {@code Platform.runLater}.
 * Tests use {@link #direct()}, which runs the update where it is, with a same-thread executor.
 */
public final class FxBridge {
    /** One daemon thread that only waits: it hands throttled updates to the FX thread when their time comes. */
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "coroner-fx-timer");
        t.setDaemon(true);
        return t;
    });

    private final Executor fx;
    private final boolean immediate;
    /** Throttled updates scheduled and not yet run: the window is not settled while any waits. */
    private final AtomicInteger waiting = new AtomicInteger();

    private FxBridge(Executor fx, boolean immediate) {
        this.fx = fx;
        this.immediate = immediate;
    }

    /** Updates run later on the JavaFX application thread. */
    public static FxBridge platform() {
        return new FxBridge(Platform::runLater, false);
    }

    /** Updates handed to {@code fx} as to the FX thread, for a test to run when it chooses. */
    static FxBridge on(Executor fx) {
        return new FxBridge(fx, false);
    }

    /** Updates run at once on the calling thread: for tests, with a same-thread executor. */
    public static FxBridge direct() {
        return new FxBridge(Runnable::run, true);
    }

    /**
     * A runnable that may be called very often from any thread and runs {@code update} on the FX thread at most once
     * per {@code intervalMs}, the last call always followed by a run: for a view rebuilt from everything the corpus
     * holds, which must not be rebuilt on every pulse while thousands of transcripts come in. {@link #direct()} runs
     * it at once.
     */
    public Runnable throttled(Runnable update, long intervalMs) {
        return throttled(update, () -> intervalMs);
    }

    /**
     * As {@link #throttled(Runnable, long)}, with a wait that grows with what the update costs: at least
     * {@code intervalMs}, and at least {@code times} its last run, so an update that grows with the corpus (the
     * findings list of 9,000 findings) never takes more than a {@code 1 / (times + 1)} share of the FX thread.
     */
    public Runnable throttledByCost(Runnable update, long intervalMs, int times) {
        AtomicLong lastCostMs = new AtomicLong();
        return throttled(() -> {
            long t0 = System.nanoTime();
            try {
                update.run();
            } finally {
                lastCostMs.set((System.nanoTime() - t0) / 1_000_000L);
            }
        }, () -> Math.max(intervalMs, times * lastCostMs.get()));
    }

    private Runnable throttled(Runnable update, LongSupplier intervalMs) {
        if (immediate) {
            return update;
        }
        AtomicBoolean pending = new AtomicBoolean();
        return () -> {
            if (pending.compareAndSet(false, true)) {
                waiting.incrementAndGet();
                TIMER.schedule(() -> fx.execute(() -> {
                    pending.set(false);
                    try {
                        update.run();
                    } finally {
                        waiting.decrementAndGet();
                    }
                }), intervalMs.getAsLong(), TimeUnit.MILLISECONDS);
            }
        };
    }

    /** Whether updates run at once on the calling thread ({@link #direct()}). */
    boolean isDirect() {
        return immediate;
    }

    /** Whether no throttled update is waiting to run. */
    public boolean idle() {
        return waiting.get() == 0;
    }

    /** Runs {@code update} on the FX thread. */
    public void run(Runnable update) {
        fx.execute(update);
    }

    /**
     * A runnable that may be called often from any thread and runs {@code update} on the FX thread at most once per
     * FX pulse: for progress, which a pass reports after every read.
     */
    public Runnable coalescing(Runnable update) {
        AtomicBoolean pending = new AtomicBoolean();
        return () -> {
            if (pending.compareAndSet(false, true)) {
                fx.execute(() -> {
                    pending.set(false);
                    update.run();
                });
            }
        };
    }
}

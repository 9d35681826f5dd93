package dev.coroner.app.ui.model;

import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import javafx.application.Platform;

/**
 * Runs heavy work (indexing, re-reading records, verdicts over a corpus) off the FX thread and hands the result
 * back through the {@link FxBridge} (docs/ARCHITECTURE.md, "Threads"). Injected: the window uses a pool of daemon threads, tests a
 * same-thread executor. Counts work in flight, so a headless snapshot can wait until the window is settled.
 */
public final class Tasks {
    private static final Logger LOG = Logger.getLogger(Tasks.class.getName());

    private final Executor background;
    private final FxBridge fx;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final int parallelism;
    /** The last probe posted to the FX thread by {@link #yieldToWindow()}; counted down when the FX thread ran it. */
    private volatile CountDownLatch probe = new CountDownLatch(0);
    private volatile long probeRan;
    /** A background thread asks the FX thread at most this often whether it keeps up. */
    private static final long PROBE_EVERY_NANOS = 20_000_000L;
    /** And wait for it at most this long: a slow window slows the reading, never stops it. */
    private static final long PROBE_WAIT_MS = 250;

    public Tasks(Executor background, FxBridge fx, int parallelism) {
        this.background = background;
        this.fx = fx;
        this.parallelism = parallelism;
    }

    /** How many transcripts the corpus engine reads at once: 1 on the same-thread executor of tests. */
    public int parallelism() {
        return parallelism;
    }

    /** Background daemon threads and the FX thread. */
    public static Tasks forWindow() {
        ExecutorService pool = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "coroner-work");
            t.setDaemon(true);
            t.setPriority(Thread.NORM_PRIORITY - 1); // the FX thread comes first
            return t;
        });
        return new Tasks(pool, FxBridge.platform(), dev.coroner.core.corpus.InOrder.defaultThreads());
    }

    /** Everything on the calling thread: for tests. */
    public static Tasks sameThread() {
        return new Tasks(Runnable::run, FxBridge.direct(), 1);
    }

    public FxBridge fx() {
        return fx;
    }

    /**
     * Runs {@code work} in the background, then {@code done} with its result on the FX thread, or {@code failed}
     * with the error there (logged once; with its stack trace only when it is not an unreadable input).
     */
    public <T> void run(Callable<T> work, Consumer<T> done, Consumer<Throwable> failed) {
        inFlight.incrementAndGet();
        background.execute(() -> {
            T result;
            try {
                result = work.call();
            } catch (Throwable e) {
                // a file that cannot be read is the input's trouble, shown by `failed` where it happened; a stack
                // trace in the log is for what is ours (a bug)
                boolean input = e instanceof dev.coroner.core.read.UnreadableTranscriptException
                        || e instanceof java.io.IOException;
                LOG.log(input ? Level.FINE : Level.WARNING, "background work failed", e);
                fx.run(() -> {
                    try {
                        failed.accept(e);
                    } finally {
                        inFlight.decrementAndGet();
                    }
                });
                return;
            }
            fx.run(() -> {
                try {
                    done.accept(result);
                } finally {
                    inFlight.decrementAndGet();
                }
            });
        });
    }

    /**
     * Called by background work between pieces (a file, a read of one), so that a long FX pulse — the first
     * layout of a panel, results handed over in a burst — gets the cores instead of sharing them with the readers
     * (docs/WORKBENCH.md, "Never clean before it knows": no stall while it loads). It posts a probe to the FX
     * thread at most every 20 ms; while a probe waits there, every reader that comes by waits for it, at most
     * {@value #PROBE_WAIT_MS} ms. A window that keeps up costs the readers a hand-over every 20 ms; a window
     * behind with results holds the readers until it has taken them in. Waiting only once a probe had waited 10 or
     * 30 ms let the first layouts stall 280-370 ms again (bench/LOG.md, "The window yields to its FX thread").
     * Nothing waits with {@link FxBridge#direct()}, nor on the FX thread itself.
     */
    public void yieldToWindow() {
        if (fx.isDirect() || Platform.isFxApplicationThread()) {
            return; // the FX thread would wait for itself
        }
        CountDownLatch p = probe;
        if (p.getCount() == 0) {
            if (System.nanoTime() - probeRan < PROBE_EVERY_NANOS) {
                return;
            }
            p = post(p);
        }
        try {
            p.await(PROBE_WAIT_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Posts a probe unless another reader just did; returns the probe now out. */
    private synchronized CountDownLatch post(CountDownLatch answered) {
        if (probe == answered) {
            CountDownLatch posted = new CountDownLatch(1);
            probe = posted;
            fx.run(() -> {
                probeRan = System.nanoTime();
                posted.countDown();
            });
        }
        return probe;
    }

    /** Whether no work is queued, running, or waiting to hand its result over (a throttled update included). */
    public boolean idle() {
        return inFlight.get() == 0 && fx.idle();
    }
}

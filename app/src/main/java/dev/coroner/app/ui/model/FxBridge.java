package dev.coroner.app.ui.model;

import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.application.Platform;

/**
 * The one way results reach the FX thread (STYLE.md, habit 2): nothing else calls {@code Platform.runLater}.
 * Tests use {@link #direct()}, which runs the update where it is, with a same-thread executor.
 */
public final class FxBridge {
    private final Executor fx;

    private FxBridge(Executor fx) {
        this.fx = fx;
    }

    /** Updates run later on the JavaFX application thread. */
    public static FxBridge platform() {
        return new FxBridge(Platform::runLater);
    }

    /** Updates run at once on the calling thread: for tests, with a same-thread executor. */
    public static FxBridge direct() {
        return new FxBridge(Runnable::run);
    }

    /** Runs {@code update} on the FX thread. */
    public void run(Runnable update) {
        fx.execute(update);
    }

    /**
     * A runnable that may be called often from any thread and runs {@code update} on the FX thread at most once per
     * FX pulse: for progress, which a pass reports after every megabyte.
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

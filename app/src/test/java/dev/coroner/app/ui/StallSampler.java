package dev.coroner.app.ui;

import java.io.PrintStream;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * For the window benchmarks: while the FX thread has not pulsed for more than 100 ms, samples its stack every 10 ms and
 * counts, per sample, the outermost and innermost frames of our own code on its stack (or, without ours, the phase of
 * the JavaFX pulse: CSS, layout or rendering), so a stall names what caused it. Start it on the FX thread.
 */
final class StallSampler {
    private final AtomicLong lastPulse;
    private final Map<String, Integer> counts = new HashMap<>();
    private volatile boolean running = true;
    private Thread fx;
    private int samples;

    /** @param lastPulse the {@link System#nanoTime()} of the FX thread's last pulse, kept by the benchmark */
    StallSampler(AtomicLong lastPulse) {
        this.lastPulse = lastPulse;
    }

    void start() {
        fx = Thread.currentThread();
        Thread t = new Thread(this::sample, "stall-sampler");
        t.setDaemon(true);
        t.start();
    }

    void stop() {
        running = false;
    }

    private void sample() {
        while (running) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                return;
            }
            long last = lastPulse.get();
            if (last == 0 || System.nanoTime() - last < 100_000_000L) {
                continue;
            }
            StackTraceElement[] stack = fx.getStackTrace();
            // the outermost frame of our own code says which of our calls stalled; without one, the outermost
            // pulse phase of JavaFX (CSS, layout, rendering) says what the pulse was busy with
            String ours = null;
            String inner = null;
            String phase = null;
            for (StackTraceElement e : stack) {
                String f = e.getClassName() + "." + e.getMethodName();
                if (e.getClassName().startsWith("dev.coroner")) {
                    ours = f;
                    inner = inner == null ? f : inner;
                }
                if (f.endsWith("Scene$ScenePulseListener.pulse") || f.contains("Scene.doCSSPass")
                        || f.contains("Scene.doLayoutPass") || f.contains("PaintCollector.renderAll")) {
                    phase = phase == null ? f : phase;
                }
            }
            String key = ours != null ? (ours.equals(inner) ? ours : ours + " … " + inner) : phase != null ? "pulse: " + phase : stack.length > 0 ? stack[0].toString() : "?";
            synchronized (counts) {
                counts.merge(key, 1, Integer::sum);
                samples++;
            }
        }
    }

    void print(PrintStream out) {
        synchronized (counts) {
            out.printf("window: %,d stall samples (10 ms each) on the FX thread while it did not pulse for 100 ms+:%n", samples);
            counts.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder()))
                    .limit(25).forEach(e -> out.printf("  %4d  %s%n", e.getValue(), e.getKey()));
        }
    }
}

package dev.coroner.core.corpus;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Judges files in parallel on a bounded pool and hands the results over in the order of the input — byte-wise path
 * order on the command line, tree order in the window — on the calling thread (docs/ARCHITECTURE.md, "The corpus
 * engine"). At most {@code 2 × threads} results wait at once, so memory does not grow with the number of files.
 */
public final class InOrder {
    private InOrder() {
    }

    /** The threads to judge with: the machine's cores, at most {@code 4} (reading, not computing, bounds the rest). */
    public static int defaultThreads() {
        return Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
    }

    /**
     * Runs {@code work} on every input, {@code threads} at a time (1: all on the calling thread), and gives each result
     * to {@code done} in input order. Stops taking new inputs once {@code cancel} is set.
     *
     * @throws RuntimeException what {@code work} threw (its cause unwrapped), after the pool is shut down
     */
    public static <I, T> void map(List<I> inputs, int threads, Function<I, T> work, BiConsumer<I, T> done,
                                  CancelToken cancel) {
        if (threads <= 1 || inputs.size() <= 1) {
            for (I input : inputs) {
                if (cancel.cancelled()) {
                    return;
                }
                done.accept(input, work.apply(input));
            }
            return;
        }
        ExecutorService pool = pool(threads);
        try {
            ArrayDeque<Future<T>> waiting = new ArrayDeque<>();
            int next = 0;
            int given = 0;
            while (given < inputs.size()) {
                while (next < inputs.size() && waiting.size() < 2 * threads && !cancel.cancelled()) {
                    I input = inputs.get(next++);
                    waiting.add(pool.submit(() -> work.apply(input)));
                }
                if (waiting.isEmpty()) {
                    return; // cancelled
                }
                T result = take(waiting.poll());
                done.accept(inputs.get(given++), result);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Runs {@code work} on every input, {@code threads} at a time, and gives each result to {@code done} on the
     * calling thread as soon as it is ready, whatever its place: for the window, where a 50 MB transcript must not
     * hold back the hundreds of small ones behind it. At most {@code 2 × threads} inputs are in flight.
     */
    public static <I, T> void anyOrder(List<I> inputs, int threads, Function<I, T> work, BiConsumer<I, T> done,
                                       CancelToken cancel) {
        if (threads <= 1 || inputs.size() <= 1) {
            map(inputs, 1, work, done, cancel);
            return;
        }
        ExecutorService pool = pool(threads);
        try {
            ExecutorCompletionService<Map.Entry<I, T>> finished = new ExecutorCompletionService<>(pool);
            int next = 0;
            int running = 0;
            while (next < inputs.size() || running > 0) {
                while (next < inputs.size() && running < 2 * threads && !cancel.cancelled()) {
                    I input = inputs.get(next++);
                    finished.submit(() -> Map.entry(input, work.apply(input)));
                    running++;
                }
                if (running == 0) {
                    return; // cancelled
                }
                Map.Entry<I, T> r = take(finished.take());
                running--;
                done.accept(r.getKey(), r.getValue());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while judging", e);
        } finally {
            pool.shutdownNow();
        }
    }

    /** The judging pool: daemon threads, so a window closed mid-corpus never keeps the JVM alive. */
    private static ExecutorService pool(int threads) {
        return Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "coroner-judge");
            t.setDaemon(true);
            return t;
        });
    }

    private static <T> T take(Future<T> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while judging", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}

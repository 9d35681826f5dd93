package dev.coroner.core.corpus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
import java.util.function.ToLongFunction;

/**
 * Judges files in parallel on a bounded pool and hands the results over in the order of the input — byte-wise path
 * order on the command line, tree order in the window — on the calling thread (docs/ARCHITECTURE.md, "The corpus
 * engine"). At most {@code 2 × threads} results wait at once, so memory does not grow with the number of files; given
 * each input's weight (a file's size), more may wait while their inputs are small ({@link #WAITING_BYTES}).
 */
public final class InOrder {
    /**
     * Beyond {@code 2 × threads}, results may wait while the inputs they come from weigh this much in all: while a
     * 50 MB transcript at the head is judged, the other threads go on with the small files behind it instead of
     * waiting for it ({@code precursor} over 1,800 files: 4.0–4.2 s → 3.0–3.3 s on 2 cores).
     */
    static final long WAITING_BYTES = 64L << 20;
    /** And never more than this many results per thread. */
    static final int MAX_WAITING_PER_THREAD = 32;

    private InOrder() {
    }

    /** A file's size as {@link #map(List, int, ToLongFunction, Function, BiConsumer, CancelToken)} weighs it; 0 when unknown. */
    public static long sizeOf(Path file) {
        try {
            return Files.size(file);
        } catch (IOException | RuntimeException e) {
            return 0; // gone or unreadable: its judging says so, and costs nothing to wait for
        }
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
        map(inputs, threads, i -> Long.MAX_VALUE, work, done, cancel);
    }

    /**
     * {@link #map(List, int, Function, BiConsumer, CancelToken)}, where more than {@code 2 × threads} results may wait
     * while the inputs they come from weigh at most {@link #WAITING_BYTES} in all (and are at most
     * {@link #MAX_WAITING_PER_THREAD} per thread).
     *
     * @param weight an input's weight in bytes (a file's size); {@link Long#MAX_VALUE} never lets more wait
     */
    public static <I, T> void map(List<I> inputs, int threads, ToLongFunction<I> weight, Function<I, T> work,
                                  BiConsumer<I, T> done, CancelToken cancel) {
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
            ArrayDeque<Long> weights = new ArrayDeque<>();
            long waitingBytes = 0;
            int next = 0;
            long w = -1; // the next input's weight, once weighed
            int given = 0;
            while (given < inputs.size()) {
                while (next < inputs.size() && !cancel.cancelled()) {
                    I input = inputs.get(next);
                    if (w < 0) {
                        // over the budget is as good as infinite; clamped, the sum of what waits cannot overflow
                        w = Math.min(WAITING_BYTES + 1, Math.max(0, weight.applyAsLong(input)));
                    }
                    boolean room = waiting.size() < 2 * threads || waiting.size() < MAX_WAITING_PER_THREAD * threads
                            && w <= WAITING_BYTES - waitingBytes;
                    if (!room) {
                        break;
                    }
                    next++;
                    waiting.add(pool.submit(() -> work.apply(input)));
                    weights.add(w);
                    waitingBytes += w;
                    w = -1;
                }
                if (waiting.isEmpty()) {
                    return; // cancelled
                }
                T result = take(waiting.poll());
                waitingBytes -= weights.poll();
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

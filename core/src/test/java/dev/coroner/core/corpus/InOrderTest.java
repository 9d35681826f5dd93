package dev.coroner.core.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * docs/ARCHITECTURE.md, "The corpus engine": results in input order, each once, on any number of threads; and how many
 * may wait behind a slow first input — {@code 2 × threads}, or more while their inputs are light.
 */
class InOrderTest {
    private static final List<Integer> INPUTS = IntStream.range(0, 300).boxed().toList();

    @Test
    void resultsComeInInputOrderEachOnceWhateverTheWeights() {
        for (long weight : new long[]{0, 1 << 20, Long.MAX_VALUE}) {
            for (int threads : new int[]{1, 2, 3}) {
                List<Integer> seen = new ArrayList<>();
                InOrder.map(INPUTS, threads, i -> weight, i -> {
                    if (i % 7 == 0) {
                        Thread.onSpinWait(); // some finish later than those after them
                    }
                    return i * 2;
                }, (i, r) -> {
                    assertEquals(i * 2, r);
                    seen.add(i);
                }, CancelToken.NEVER);
                assertEquals(INPUTS, seen, "weight " + weight + ", " + threads + " threads");
            }
        }
    }

    @Test
    void behindASlowHeadLightInputsGoOnAndHeavyOnesWait() throws Exception {
        int threads = 2;
        // light: a MiB each, so the budget, not the count, stops them
        assertEquals((int) (InOrder.WAITING_BYTES / (1 << 20)), startedBehindABlockedHead(threads, 1 << 20));
        // lighter still: the count per thread stops them
        assertEquals(InOrder.MAX_WAITING_PER_THREAD * threads, startedBehindABlockedHead(threads, 1));
        // heavy, or unweighed: 2 × threads, as before
        assertEquals(2 * threads, startedBehindABlockedHead(threads, InOrder.WAITING_BYTES + 1));
        assertEquals(2 * threads, startedBehindABlockedHead(threads, Long.MAX_VALUE));
    }

    /**
     * How many inputs were started while the first one could not finish. Known exactly, with no clock: the map weighs
     * the next input before it decides there is no room for it, then waits for the head's result, and nothing more is
     * given to the pool until the head is let go. So once the calling thread waits on the head, the inputs given are
     * those before the last one weighed; the test waits for that and for each of them to have started.
     */
    private static int startedBehindABlockedHead(int threads, long weight) throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger started = new AtomicInteger();
        AtomicInteger weighed = new AtomicInteger(-1); // the highest input index weighed so far
        Thread runner = new Thread(() -> InOrder.map(INPUTS, threads, i -> {
            weighed.accumulateAndGet(i, Math::max);
            return weight;
        }, i -> {
            started.incrementAndGet();
            if (i == 0) {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return i;
        }, (i, r) -> { }, CancelToken.NEVER), "in order");
        runner.start();
        long bound = System.nanoTime() + TimeUnit.SECONDS.toNanos(60); // a bound for a loaded machine, never a pace
        while (!waitsOnTheHead(runner) || started.get() < weighed.get()) {
            assertTrue(System.nanoTime() < bound, "the map neither waited on the head nor started what it gave: "
                    + started.get() + " started, " + weighed.get() + " weighed");
            Thread.sleep(1);
        }
        int given = weighed.get(); // inputs 0 … weighed - 1 were given; the one weighed last found no room
        assertEquals(given, started.get(), "every input given was started, none more");
        release.countDown();
        runner.join(TimeUnit.SECONDS.toMillis(60));
        assertTrue(!runner.isAlive(), "the map finished once the head was let go");
        assertEquals(INPUTS.size(), started.get(), "every input was judged in the end");
        return given;
    }

    /** Whether {@code t} is parked in a future's {@code get}: {@link InOrder#map} waiting for its head's result. */
    private static boolean waitsOnTheHead(Thread t) {
        if (t.getState() != Thread.State.WAITING) {
            return false;
        }
        for (StackTraceElement frame : t.getStackTrace()) {
            if (frame.getClassName().equals(java.util.concurrent.FutureTask.class.getName())
                    && frame.getMethodName().equals("get")) {
                return true;
            }
        }
        return false;
    }
}

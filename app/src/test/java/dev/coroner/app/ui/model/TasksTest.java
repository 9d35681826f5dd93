package dev.coroner.app.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.read.UnreadableTranscriptException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * Background work that fails hands its error to the caller; only our own failures leave a stack trace in the log.
 * Readers yield to a busy FX thread.
 */
class TasksTest {
    @Test
    void readersWaitWhileTheFxThreadHasNotRunTheProbeAndOnlyOneProbeIsOut() throws Exception {
        ConcurrentLinkedQueue<Runnable> fxQueue = new ConcurrentLinkedQueue<>();
        Tasks tasks = new Tasks(Runnable::run, FxBridge.on(fxQueue::add), 2);
        List<Thread> readers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Thread t = new Thread(tasks::yieldToWindow, "reader-" + i);
            readers.add(t);
            t.start();
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (fxQueue.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        Thread.sleep(50);
        assertEquals(1, fxQueue.size(), "one probe out for every reader");
        assertTrue(readers.get(0).isAlive() || readers.get(1).isAlive() || readers.get(2).isAlive(),
                "the readers wait for the FX thread");

        fxQueue.poll().run(); // the FX thread comes round to it
        for (Thread t : readers) {
            t.join(TimeUnit.SECONDS.toMillis(5));
            assertFalse(t.isAlive(), t.getName() + " goes on once the probe ran");
        }

        // answered a moment ago: a reader goes on without asking again
        Thread again = new Thread(tasks::yieldToWindow);
        again.start();
        again.join(TimeUnit.SECONDS.toMillis(5));
        assertTrue(fxQueue.size() <= 1, "at most one probe out");
    }

    @Test
    void aFileThatCannotBeReadIsShownNotLoggedAsABugAndABugIsLogged() {
        Logger log = Logger.getLogger(Tasks.class.getName());
        List<LogRecord> warnings = new ArrayList<>();
        Handler h = new Handler() {
            @Override
            public void publish(LogRecord r) {
                if (r.getLevel().intValue() >= Level.WARNING.intValue()) {
                    warnings.add(r);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        log.addHandler(h);
        try {
            Tasks tasks = Tasks.sameThread();
            List<Throwable> told = new ArrayList<>();
            Path gone = Path.of("gone.jsonl");
            tasks.run(() -> {
                throw new UnreadableTranscriptException(gone, "no such file", new NoSuchFileException(gone.toString()));
            }, r -> { }, told::add);
            assertEquals(1, told.size(), "the caller is told");
            assertEquals(List.of(), warnings, "an unreadable file is the input's trouble, not a bug to log");
            tasks.run(() -> {
                throw new IllegalStateException("a bug");
            }, r -> { }, told::add);
            assertEquals(2, told.size());
            assertEquals(1, warnings.size(), "a bug is logged");
            assertTrue(warnings.get(0).getThrown() instanceof IllegalStateException);
        } finally {
            log.removeHandler(h);
        }
    }
}

package dev.coroner.core.corpus;

import dev.coroner.core.index.TranscriptIndex;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.read.UnreadableTranscriptException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Indexes transcripts once: the last few complete indexes are kept (valid while the file keeps its size and
 * modification time), and a file being indexed for one panel is shared with any other that asks — the second
 * asker sees the rows as they are published, instead of reading the file again. Bounded by rows, not by count:
 * a 1 GB transcript's index alone may fill it.
 */
public final class IndexCache {
    /** Rows kept across all cached indexes (about 60 bytes each). */
    static final long MAX_ROWS = 2_000_000;
    private static final long WAIT_MS = 50;

    private record Entry(TranscriptIndex index, long size, long modified) {
    }

    /** An indexing pass in progress and everyone waiting on it. */
    private static final class Flight {
        final List<TranscriptPass.Listener> listeners = new CopyOnWriteArrayList<>();
        volatile TranscriptIndex index;
        volatile long done;
        volatile long total;
        boolean finished;
        TranscriptIndex result;
    }

    private final Map<Path, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);
    /** The rows of every cached index, kept as entries come and go (summing them per put is quadratic). */
    private long rows;
    private final Map<Path, Flight> flights = new HashMap<>();

    /**
     * The index of {@code path}: cached, shared with a pass already running, or built now on this thread. The
     * listener sees progress either way. Returns an incomplete index when the listener cancelled.
     */
    public TranscriptIndex index(Path path, TranscriptPass.Listener listener) throws UnreadableTranscriptException {
        while (true) {
            Flight flight;
            boolean mine;
            synchronized (this) {
                TranscriptIndex cached = cached(path);
                if (cached != null) {
                    listener.progress(cached, cached.bytesIndexed(), cached.fileSize());
                    return cached;
                }
                flight = flights.get(path);
                mine = flight == null;
                if (mine) {
                    flight = new Flight();
                    flights.put(path, flight);
                }
                flight.listeners.add(listener);
            }
            if (mine) {
                return fly(path, flight);
            }
            TranscriptIndex shared = await(flight, listener);
            if (shared != null) {
                return shared;
            }
            if (listener.cancelled()) {
                return null;
            }
            // the other pass was cancelled or failed: index it ourselves
        }
    }

    private TranscriptIndex fly(Path path, Flight flight) throws UnreadableTranscriptException {
        TranscriptIndex result = null;
        try {
            result = TranscriptPass.run(path, new TranscriptPass.Listener() {
                @Override
                public void progress(TranscriptIndex index, long done, long total) {
                    flight.index = index;
                    flight.done = done;
                    flight.total = total;
                    flight.listeners.forEach(l -> l.progress(index, done, total));
                }

                @Override
                public boolean cancelled() {
                    return flight.listeners.stream().allMatch(TranscriptPass.Listener::cancelled);
                }
            });
            if (result.complete()) {
                put(result);
            }
            return result;
        } finally {
            synchronized (this) {
                flights.remove(path);
                flight.finished = true;
                flight.result = result;
                notifyAll();
            }
        }
    }

    private TranscriptIndex await(Flight flight, TranscriptPass.Listener listener) {
        TranscriptIndex seen = flight.index;
        if (seen != null) {
            listener.progress(seen, flight.done, flight.total); // catch up on what was published before we came
        }
        synchronized (this) {
            try {
                while (!flight.finished && !listener.cancelled()) {
                    wait(WAIT_MS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                flight.listeners.remove(listener);
            }
            TranscriptIndex r = flight.result;
            return r != null && r.complete() ? r : null;
        }
    }

    /** A cached complete index of {@code path}, or null. */
    public synchronized TranscriptIndex cached(Path path) {
        Entry e = entries.get(path);
        if (e == null) {
            return null;
        }
        long[] now = stamp(path);
        if (now == null || now[0] != e.size() || now[1] != e.modified()) {
            entries.remove(path);
            rows -= e.index().size();
            return null;
        }
        return e.index();
    }

    /**
     * Keeps {@code index} while its file keeps its size and modification time. An index of a file that changed while
     * it was read ({@link TranscriptIndex#changed()}) is not kept: it may mix the file's old and new contents, and its
     * note says to read it again, which the next asker then does.
     */
    public synchronized void put(TranscriptIndex index) {
        long[] now = stamp(index.path());
        if (now == null || !index.complete() || index.changed() != null) {
            return;
        }
        Entry replaced = entries.put(index.path(), new Entry(index, now[0], now[1]));
        rows += index.size() - (replaced == null ? 0 : replaced.index().size());
        var it = entries.values().iterator();
        while (rows > MAX_ROWS && it.hasNext()) {
            Entry oldest = it.next();
            if (oldest.index() != index) {
                rows -= oldest.index().size();
                it.remove();
            }
        }
    }

    private static long[] stamp(Path p) {
        try {
            return new long[] {Files.size(p), Files.getLastModifiedTime(p).toMillis()};
        } catch (IOException e) {
            return null;
        }
    }
}

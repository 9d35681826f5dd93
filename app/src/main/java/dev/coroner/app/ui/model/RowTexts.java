package dev.coroner.app.ui.model;

import dev.coroner.core.index.TranscriptIndex;
import dev.coroner.core.read.ReadLimits;
import dev.coroner.core.read.RecordReader;
import dev.coroner.core.read.TranscriptLine;
import dev.coroner.core.read.UnreadableTranscriptException;
import dev.coroner.core.render.RecordSummary;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * Row summaries, read from the file for the rows being shown and kept in a small cache (docs/VERDICTS.md, "Reading": the index never
 * holds record text). Requests are batched: one background reader drains them in file order.
 */
final class RowTexts {
    /** Summaries kept. A screen shows about fifty rows. */
    static final int CACHED = 4_096;
    /** Rows read per hand-over to the FX thread. */
    private static final int BATCH = 64;

    private final TranscriptIndex index;
    private final Tasks tasks;
    private final Consumer<Map<Integer, String>> loaded;
    private final Map<Integer, String> cache = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, String> e) {
            return size() > CACHED;
        }
    };
    private final TreeSet<Integer> pending = new TreeSet<>();
    private boolean draining;
    private boolean closed;

    /** @param loaded told on the FX thread which summaries arrived */
    RowTexts(TranscriptIndex index, Tasks tasks, Consumer<Map<Integer, String>> loaded) {
        this.index = index;
        this.tasks = tasks;
        this.loaded = loaded;
    }

    /** The summary of {@code row} if read, else null (and it is asked for). */
    String get(int row) {
        String s = cache.get(row);
        if (s == null) {
            request(row);
        }
        return s;
    }

    /** The summary of {@code row} if read, without asking for it. */
    String peek(int row) {
        return cache.get(row);
    }

    /** Stops reading: the transcript was closed. */
    void close() {
        synchronized (pending) {
            closed = true;
            pending.clear();
        }
    }

    private void request(int row) {
        boolean start;
        synchronized (pending) {
            pending.add(row);
            start = !draining;
            draining = true;
        }
        if (start) {
            drain();
        }
    }

    private void drain() {
        tasks.run(() -> {
            Map<Integer, String> out = new HashMap<>();
            try (RecordReader reader = RecordReader.open(index.path())) {
                while (out.size() < BATCH) {
                    Integer row;
                    synchronized (pending) {
                        row = closed ? null : pending.pollFirst();
                    }
                    if (row == null) {
                        break;
                    }
                    out.put(row, summarise(reader, row));
                }
            } catch (UnreadableTranscriptException e) {
                synchronized (pending) {
                    pending.forEach(r -> out.put(r, "(cannot re-read: " + e.reason() + ")"));
                    pending.clear();
                }
            }
            return out;
        }, out -> {
            cache.putAll(out);
            boolean more;
            synchronized (pending) {
                more = !pending.isEmpty() && !closed;
                draining = more;
            }
            loaded.accept(out);
            if (more) {
                drain();
            }
        }, e -> {
            synchronized (pending) {
                draining = false;
            }
        });
    }

    private String summarise(RecordReader reader, int row) throws UnreadableTranscriptException {
        if (index.length(row) > ReadLimits.MAX_IN_MEMORY_LINE) {
            // not worth parsing a huge line for one row of text: say what it is; the detail view reads it whole
            return String.format("%s · %s", index.tool(row).isEmpty() ? index.kind(row) : index.tool(row),
                    Sizes.bytes(index.length(row)) + " record");
        }
        TranscriptLine line = reader.read(index.span(row));
        return line == null ? "(the line is blank now: the file changed)" : RecordSummary.unescaped(line);
    }
}

package dev.coroner.app.ui.model;

import dev.coroner.core.findings.Marker;
import dev.coroner.core.index.RowFlags;
import dev.coroner.core.index.TranscriptIndex;
import dev.coroner.core.index.Timestamps;
import dev.coroner.core.terminal.TerminalState;
import java.util.List;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * One timeline row as the table shows it: the index's figures for a record or problem line, its markers, and its
 * summary, which is read from the file when the row is first shown.
 */
public final class TimelineRow {
    /** No time: the row, or the one before it, has no timestamp. */
    public static final long NO_TIME = Timestamps.NONE;
    /** How far back to look for the previous timestamp. */
    private static final int GAP_LOOKBACK = 64;

    private final int row;
    private final long line;
    private final long time;
    private final long gap;
    private final String kind;
    private final String role;
    private final String model;
    private final String tool;
    private final int flags;
    private final long bytes;
    private final List<Marker> markers;
    private final TerminalState terminal;
    private final List<String> readInPart;
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper(this, "summary", "");

    TimelineRow(TranscriptIndex index, int row, List<Marker> markers, TerminalState terminal) {
        this(index, row, markers, terminal, List.of());
    }

    TimelineRow(TranscriptIndex index, int row, List<Marker> markers, TerminalState terminal, List<String> readInPart) {
        this.row = row;
        this.line = index.line(row);
        this.time = index.time(row);
        this.gap = gap(index, row, time);
        this.kind = index.kind(row);
        this.role = index.role(row);
        this.model = index.model(row);
        this.tool = index.tool(row);
        this.flags = index.flags(row);
        this.bytes = index.length(row);
        this.markers = List.copyOf(markers);
        this.terminal = terminal;
        this.readInPart = List.copyOf(readInPart);
    }

    private static long gap(TranscriptIndex index, int row, long time) {
        if (time == NO_TIME) {
            return NO_TIME;
        }
        for (int r = row - 1; r >= 0 && r >= row - GAP_LOOKBACK; r--) {
            long t = index.time(r);
            if (t != NO_TIME) {
                return time - t;
            }
        }
        return NO_TIME;
    }

    /** The index row. */
    public int row() {
        return row;
    }

    /** The 1-based physical line. */
    public long line() {
        return line;
    }

    /** Epoch milliseconds, or {@link #NO_TIME}. */
    public long time() {
        return time;
    }

    /** Milliseconds since the previous timestamped row (negative when the file is out of time order), or {@link #NO_TIME}. */
    public long gap() {
        return gap;
    }

    /** The record's {@code type}, or the problem's kind. */
    public String kind() {
        return kind;
    }

    public String role() {
        return role;
    }

    public String model() {
        return model;
    }

    /** The tool of a call, or of the call a result answers. */
    public String tool() {
        return tool;
    }

    public int flags() {
        return flags;
    }

    public boolean has(int flag) {
        return (flags & flag) != 0;
    }

    public boolean problem() {
        return has(RowFlags.PROBLEM);
    }

    /** The line's size in bytes. */
    public long bytes() {
        return bytes;
    }

    public List<Marker> markers() {
        return markers;
    }

    /** The terminal verdict's state when this is the terminal record, else null. */
    public TerminalState terminal() {
        return terminal;
    }

    /**
     * For each of the record's answer texts the pass read only in part (a line over 8 MiB: docs/VERDICTS.md, "Reading"),
     * the {@code CutText} note that says how much was read and that fenced blocks after the cut are not linked.
     */
    public List<String> readInPart() {
        return readInPart;
    }

    /** The one-line summary; empty until read. */
    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    void setSummary(String s) {
        summary.set(s);
    }

    @Override
    public String toString() {
        return "line " + line + " " + kind;
    }
}

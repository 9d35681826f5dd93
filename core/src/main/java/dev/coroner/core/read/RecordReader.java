package dev.coroner.core.read;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * Re-reads one line of a transcript from its recorded position, the way Wireshark re-dissects a frame when it
 * is selected: the workbench keeps an index, never the parsed file. The line is judged by the reader's rules
 * ({@link LineParser}), so a re-read gives the record or problem the forward pass saw, unless the file changed; a
 * record over {@link ReadLimits#MAX_IN_MEMORY_LINE} comes with its long strings cut ({@link LongLine}).
 */
public final class RecordReader implements Closeable {

    private final Path path;
    private final TranscriptSource source;

    private RecordReader(Path path, TranscriptSource source) {
        this.path = path;
        this.source = source;
    }

    /** Opens the transcript read-only for several re-reads. */
    public static RecordReader open(Path path) throws UnreadableTranscriptException {
        return new RecordReader(path, TranscriptFile.open(path));
    }

    /** Re-reads one line; see {@link #read(SourceSpan)}. */
    public static TranscriptLine read(Path path, SourceSpan span) throws UnreadableTranscriptException {
        try (RecordReader r = open(path)) {
            return r.read(span);
        }
    }

    /**
     * The record or problem at {@code span}, or null when those bytes are now blank (the file was rewritten).
     *
     * @throws UnreadableTranscriptException when the file cannot be read any more
     */
    public TranscriptLine read(SourceSpan span) throws UnreadableTranscriptException {
        try {
            long size = source.size();
            long from = span.offset();
            long to = Math.min(span.end(), size);
            boolean atFileStart = from == 0;
            if (from == LineParser.BOM_LENGTH && startsWithBom()) {
                from = 0; // the BOM is part of the first line's bytes; the parser drops it again
                atFileStart = true;
            }
            boolean terminated = to < size && byteAt(to) == '\n';
            if (to - from > ReadLimits.MAX_IN_MEMORY_LINE) { // shown and judged with its long strings cut
                return LongLine.parse(LineBytes.of(source, from, to), span.line(), from, atFileStart, terminated);
            }
            return LineParser.parse(LineBytes.of(copy(from, to), 0, (int) (to - from)), span.line(), from, atFileStart, terminated);
        } catch (IOException e) {
            throw TranscriptFile.failed(path, e);
        }
    }

    /** Up to {@code max} raw bytes of the line at {@code span}, as they are in the file. */
    public byte[] rawBytes(SourceSpan span, int max) throws UnreadableTranscriptException {
        try {
            long to = Math.min(span.end(), Math.min(source.size(), span.offset() + max));
            return copy(span.offset(), Math.max(span.offset(), to));
        } catch (IOException e) {
            throw TranscriptFile.failed(path, e);
        }
    }

    private boolean startsWithBom() throws IOException {
        byte[] head = copy(0, Math.min(LineParser.BOM_LENGTH, source.size()));
        return LineParser.startsWithBom(LineBytes.of(head, 0, head.length));
    }

    private int byteAt(long pos) throws IOException {
        ByteBuffer one = ByteBuffer.allocate(1);
        return source.read(one, pos) == 1 ? one.get(0) & 0xFF : -1;
    }

    private byte[] copy(long from, long to) throws IOException {
        return LineBytes.copy(source, from, to);
    }

    @Override
    public void close() {
        try {
            source.close();
        } catch (IOException e) {
            // read-only source: nothing was written, nothing to lose
        }
    }
}

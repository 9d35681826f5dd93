package dev.coroner.core.read;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.Objects;

/**
 * A {@link TranscriptScan} that can be continued when its file grows (docs/ARCHITECTURE.md, "Following"): each
 * {@link #poll()} reads only the bytes appended since the last one and hands the lines they complete to the same sink,
 * by the same rules. A last line without its {@code \n} is held back (carried in memory) as "still being written",
 * never reported as a problem, until its {@code \n} arrives.
 *
 * <p>Before reading on, a poll checks that the file is still the one it read: the same file (its key, where the file
 * system has one), no smaller than what was read, and the same first {@link #HEAD_BYTES} bytes. If not, the poll
 * says {@link Change#CHANGED} and reads nothing: the caller starts a new scan from the start. A poll that finds the
 * file's size and time unchanged reads nothing at all.
 */
public final class FollowScan<T> {
    /** How many of the file's first bytes are compared on each poll that finds the file changed in size or time. */
    public static final int HEAD_BYTES = 64;

    /** What a poll found. */
    public enum Change {
        /** Nothing new (maybe a torn line still being written). */
        SAME,
        /** Bytes were appended and read. */
        GREW,
        /** The file shrank, was replaced or its head changed: nothing was read; start again from the start. */
        CHANGED
    }

    private final Path path;
    private final ForwardPass pass;
    private byte[] head = new byte[0];
    private Object fileKey;
    private long size = -1;
    private long modified = Long.MIN_VALUE;
    private TranscriptReader.Summary summary = new TranscriptReader.Summary(0, 0, 0, 0);

    public FollowScan(Path path, TranscriptScan.FieldReader<T> fields, TranscriptScan.Sink<T> sink) {
        this.path = path;
        this.pass = new ForwardPass(null, TranscriptScan.handler(fields, sink, new RecordSkimmer()),
                done -> sink.progress(done, Math.max(size, done))).holdingTornLines();
    }

    /** Reads what was appended since the last poll (everything, the first time). */
    public Change poll() throws UnreadableTranscriptException {
        try (TranscriptSource source = TranscriptFile.open(path)) {
            BasicFileAttributes attrs = Files.readAttributes(path, BasicFileAttributes.class);
            long now = source.size();
            long time = attrs.lastModifiedTime().toMillis();
            Object key = attrs.fileKey();
            if (size >= 0) {
                if (fileKey != null && !Objects.equals(fileKey, key) || now < summary.bytesRead()) {
                    return Change.CHANGED;
                }
                if (now == size && time == modified) {
                    return Change.SAME;
                }
                if (!Arrays.equals(head, head(source, head.length))) {
                    return Change.CHANGED;
                }
            }
            long before = summary.bytesRead();
            size = now;
            modified = time;
            fileKey = key;
            summary = pass.continueWith(source);
            if (head.length < HEAD_BYTES && summary.bytesRead() > head.length) {
                head = head(source, Math.min(HEAD_BYTES, summary.bytesRead()));
            }
            return summary.bytesRead() > before ? Change.GREW : Change.SAME;
        } catch (IOException e) {
            throw TranscriptFile.failed(path, e);
        }
    }

    /** Lines handed over so far: records, problems, complete physical lines, bytes read (held bytes included). */
    public TranscriptReader.Summary summary() {
        return summary;
    }

    /** Where the next line starts: the end of the last complete line read (just past its {@code \n}). */
    public long complete() {
        return pass.lineStart();
    }

    /** Bytes of a torn last line held back: still being written. 0 when the file ends with {@code \n}. */
    public long heldBytes() {
        return pass.heldBytes();
    }

    private static byte[] head(TranscriptSource source, long n) throws IOException {
        ByteBuffer b = ByteBuffer.allocate((int) n);
        return Arrays.copyOf(b.array(), TranscriptFile.readAt(source, b, 0));
    }
}

package dev.coroner.core.read;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.function.LongConsumer;

/**
 * Splits a file into lines on {@code \n} from start to end and hands each to a {@link LineHandler} (docs/VERDICTS.md, "Reading").
 * Memory is bounded by {@link ReadLimits#CHUNK_BYTES} plus one line of at most
 * {@link ReadLimits#MAX_IN_MEMORY_LINE} bytes; a longer line is handed over as a view of the file.
 * Shared by {@link TranscriptReader} and {@link TranscriptScan} so they split lines the same way.
 */
final class ForwardPass {

    /** Receives each physical line (without its {@code \n}). */
    interface LineHandler {
        /** @return {@link #BLANK}, {@link #RECORD} or {@link #PROBLEM}; negated to stop after this line */
        int line(LineBytes bytes, long lineNumber, long lineStart, boolean atFileStart, boolean terminated)
                throws IOException;
    }

    private static final int MIN_CHUNK = 8 * 1024;

    static final int BLANK = 0;
    static final int RECORD = 1;
    static final int PROBLEM = 2;

    private TranscriptSource source;
    private final LineHandler handler;
    private final LongConsumer progress;
    /**
     * A line that runs past a read: its bytes so far, in an array kept for the next such line. Handed over in place,
     * as a line within one read is handed over in the read buffer: a handler keeps no line's bytes past its call.
     */
    private byte[] carry = new byte[0];
    private int carried;
    private boolean carryTooBig;
    private long lineStart;
    private long lineNumber = 1;
    private long records;
    private long problems;
    private boolean stopped;

    private final int chunkBytes;
    /** Where the next read starts: 0, or where a previous {@link #continueWith} stopped (docs/ARCHITECTURE.md, "Following"). */
    private long readPos;
    /** Whether an unterminated last line is held back (carried) instead of handed over: it is still being written. */
    private boolean holdTorn;

    ForwardPass(TranscriptSource source, LineHandler handler, LongConsumer progress) {
        this(source, handler, progress, ReadLimits.CHUNK_BYTES);
    }

    /** @param chunkBytes how much is read at a time; a line longer than that is carried across reads */
    ForwardPass(TranscriptSource source, LineHandler handler, LongConsumer progress, int chunkBytes) {
        this.source = source;
        this.handler = handler;
        this.progress = progress;
        this.chunkBytes = chunkBytes;
    }

    /**
     * Makes this pass resumable: a last line without its {@code \n} is kept (its bytes carried in memory, as a line
     * longer than a chunk is) and handed over by a later {@link #continueWith} once its {@code \n} arrives.
     */
    ForwardPass holdingTornLines() {
        this.holdTorn = true;
        return this;
    }

    /** Reads what was appended since the last run, from {@code grown} (the same file, opened again). */
    TranscriptReader.Summary continueWith(TranscriptSource grown) throws IOException {
        this.source = grown;
        return run();
    }

    /** Where the next line starts: past the last line handed over. */
    long lineStart() {
        return lineStart;
    }

    /** Bytes read past {@link #lineStart()}: a torn last line held back. */
    long heldBytes() {
        return readPos - lineStart;
    }

    /**
     * Each thread's read buffer, lent to one pass at a time: a corpus of thousands of files must not allocate and zero a
     * buffer per file. A pass started while another runs on the same thread finds none and makes its own.
     */
    private static final ThreadLocal<byte[]> BUFFERS = new ThreadLocal<>();

    TranscriptReader.Summary run() throws IOException {
        long size = Math.max(0, source.size() - readPos);
        int want = (int) Math.max(MIN_CHUNK, Math.min(chunkBytes, size + 1));
        byte[] chunk = BUFFERS.get();
        BUFFERS.set(null);
        if (chunk == null || chunk.length < want) {
            chunk = new byte[Math.max(want, Math.min(chunkBytes, ReadLimits.CHUNK_BYTES))];
        }
        try {
            return run(ByteBuffer.wrap(chunk, 0, want).slice());
        } finally {
            BUFFERS.set(chunk);
        }
    }

    private TranscriptReader.Summary run(ByteBuffer buf) throws IOException {
        byte[] chunk = buf.array();
        long filePos = readPos;
        while (!stopped) {
            buf.clear();
            int n = source.read(buf, filePos);
            if (n <= 0) {
                break;
            }
            int segStart = 0;
            while (!stopped) {
                int nl = ByteWords.indexOf(chunk, segStart, n, (byte) '\n');
                if (nl < 0) {
                    keep(chunk, segStart, n);
                    break;
                }
                long lineEnd = filePos + nl;
                if (carried == 0 && !carryTooBig) {
                    emit(LineBytes.of(chunk, segStart, nl), true);
                } else {
                    keep(chunk, segStart, nl);
                    emitCarried(lineEnd, true);
                }
                lineStart = lineEnd + 1;
                lineNumber++;
                segStart = nl + 1;
            }
            filePos += n;
            progress.accept(filePos);
        }
        readPos = filePos;
        if (!stopped && filePos > lineStart && !holdTorn) {
            emitCarried(filePos, false);
            lineNumber++;
        }
        return new TranscriptReader.Summary(records, problems, lineNumber - 1, filePos);
    }

    private void keep(byte[] chunk, int from, int to) {
        if (carryTooBig) {
            return;
        }
        int n = to - from;
        if (carried + (long) n > ReadLimits.MAX_IN_MEMORY_LINE) {
            carryTooBig = true;
            carried = 0;
            return;
        }
        if (carried + n > carry.length) {
            carry = Arrays.copyOf(carry, Math.min(ReadLimits.MAX_IN_MEMORY_LINE, Math.max(carried + n, 2 * carry.length)));
        }
        System.arraycopy(chunk, from, carry, carried, n);
        carried += n;
    }

    private void emitCarried(long lineEnd, boolean terminated) throws IOException {
        if (carryTooBig) {
            emit(LineBytes.of(source, lineStart, lineEnd), terminated);
        } else {
            emit(LineBytes.of(carry, 0, carried), terminated);
        }
        carried = 0;
        carryTooBig = false;
    }

    private void emit(LineBytes bytes, boolean terminated) throws IOException {
        int r = handler.line(bytes, lineNumber, lineStart, lineStart == 0, terminated);
        int kind = Math.abs(r);
        if (kind == RECORD) {
            records++;
        } else if (kind == PROBLEM) {
            problems++;
        }
        if (r < 0) {
            stopped = true;
        }
    }
}

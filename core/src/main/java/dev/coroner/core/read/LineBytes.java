package dev.coroner.core.read;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;

/** The bytes of one line: in memory for ordinary lines, read from the file on demand for huge ones. */
abstract class LineBytes {
    abstract long length();

    abstract int at(long i) throws IOException;

    abstract InputStream stream(long from, long to) throws IOException;

    /** The bytes {@code [from, to)} of the line, copied: one array copy for a line in memory. */
    byte[] copy(long from, long to) throws IOException {
        try (InputStream in = stream(from, to)) {
            return in.readAllBytes();
        }
    }

    static LineBytes of(byte[] bytes, int from, int to) {
        return new InMemory(bytes, from, to);
    }

    static LineBytes of(TranscriptSource source, long from, long to) {
        return new InFile(source, from, to);
    }

    /** The bytes {@code [from, to)} of the file, by positional reads (the source's position never moves). */
    static byte[] copy(TranscriptSource source, long from, long to) throws IOException {
        byte[] out = new byte[(int) (to - from)];
        if (TranscriptFile.readAt(source, ByteBuffer.wrap(out), from) < out.length) {
            throw new IOException("file shrank while it was read");
        }
        return out;
    }

    static final class InMemory extends LineBytes {
        final byte[] bytes;
        final int from;
        final int to;

        InMemory(byte[] bytes, int from, int to) {
            this.bytes = bytes;
            this.from = from;
            this.to = to;
        }

        @Override
        long length() {
            return to - from;
        }

        @Override
        int at(long i) {
            return bytes[from + (int) i] & 0xFF;
        }

        @Override
        InputStream stream(long a, long b) {
            return new java.io.ByteArrayInputStream(bytes, from + (int) a, (int) (b - a));
        }

        @Override
        byte[] copy(long a, long b) {
            return java.util.Arrays.copyOfRange(bytes, from + (int) a, from + (int) b);
        }
    }

    /** Positional reads only: the source's own position is never moved, so readers can share it. */
    static final class InFile extends LineBytes {
        private final TranscriptSource source;
        private final long from;
        private final long to;
        private final ByteBuffer window = ByteBuffer.allocate(4096);
        private long windowStart = -1;

        InFile(TranscriptSource source, long from, long to) {
            this.source = source;
            this.from = from;
            this.to = to;
        }

        @Override
        long length() {
            return to - from;
        }

        @Override
        int at(long i) throws IOException {
            long abs = from + i;
            if (windowStart < 0 || abs < windowStart || abs >= windowStart + window.limit()) {
                windowStart = Math.max(from, Math.min(abs, to - window.capacity()));
                window.clear();
                window.limit((int) Math.min(window.capacity(), to - windowStart));
                if (TranscriptFile.readAt(source, window, windowStart) < window.limit()) {
                    throw new IOException("file shrank while it was read");
                }
                window.flip();
            }
            return window.get((int) (abs - windowStart)) & 0xFF;
        }

        @Override
        InputStream stream(long a, long b) {
            return new SourceRangeStream(source, from + a, from + b);
        }
    }

    static final class SourceRangeStream extends InputStream {
        private final TranscriptSource source;
        private long pos;
        private final long end;

        SourceRangeStream(TranscriptSource source, long pos, long end) {
            this.source = source;
            this.pos = pos;
            this.end = end;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (pos >= end) {
                return -1;
            }
            int n = (int) Math.min(len, end - pos);
            int got = source.read(ByteBuffer.wrap(b, off, n), pos);
            if (got < 0) {
                return -1;
            }
            pos += got;
            return got;
        }
    }
}

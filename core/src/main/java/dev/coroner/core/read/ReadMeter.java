package dev.coroner.core.read;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;

/**
 * Counts what Coroner reads from transcripts, for the tests and benchmarks that prove each file is read in full once
 * per open and that re-judging reads nothing (docs/ARCHITECTURE.md, "The pass"). Off unless installed: then every
 * channel {@link TranscriptFile#open} hands out reports each read as (path, bytes) on a new "open" of that path.
 */
public final class ReadMeter {
    /** Told of every channel opened (bytes = -1) and of every read on it (bytes ≥ 0), from any thread. */
    public interface Reads {
        void opened(Path path, Object channelId);

        void read(Path path, Object channelId, long bytes);
    }

    private static volatile Reads installed;

    private ReadMeter() {
    }

    /** Installs {@code reads} (null: stop counting). */
    public static void install(Reads reads) {
        installed = reads;
    }

    static FileChannel wrap(Path path, FileChannel channel) {
        Reads r = installed;
        if (r == null) {
            return channel;
        }
        Metered m = new Metered(path, channel, r);
        r.opened(path, m);
        return m;
    }

    /** A read-only channel that reports its reads; writes are refused, as transcripts are never written. */
    private static final class Metered extends FileChannel {
        private final Path path;
        private final FileChannel inner;
        private final Reads reads;

        Metered(Path path, FileChannel inner, Reads reads) {
            this.path = path;
            this.inner = inner;
            this.reads = reads;
        }

        private int count(int n) {
            if (n > 0) {
                reads.read(path, this, n);
            }
            return n;
        }

        @Override
        public int read(ByteBuffer dst) throws IOException {
            return count(inner.read(dst));
        }

        @Override
        public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
            long n = inner.read(dsts, offset, length);
            if (n > 0) {
                reads.read(path, this, n);
            }
            return n;
        }

        @Override
        public int read(ByteBuffer dst, long position) throws IOException {
            return count(inner.read(dst, position));
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            throw new IOException("transcripts are never written");
        }

        @Override
        public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
            throw new IOException("transcripts are never written");
        }

        @Override
        public int write(ByteBuffer src, long position) throws IOException {
            throw new IOException("transcripts are never written");
        }

        @Override
        public long position() throws IOException {
            return inner.position();
        }

        @Override
        public FileChannel position(long newPosition) throws IOException {
            inner.position(newPosition);
            return this;
        }

        @Override
        public long size() throws IOException {
            return inner.size();
        }

        @Override
        public FileChannel truncate(long size) throws IOException {
            throw new IOException("transcripts are never written");
        }

        @Override
        public void force(boolean metaData) throws IOException {
            inner.force(metaData);
        }

        @Override
        public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
            long n = inner.transferTo(position, count, target);
            if (n > 0) {
                reads.read(path, this, n);
            }
            return n;
        }

        @Override
        public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
            throw new IOException("transcripts are never written");
        }

        @Override
        public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
            throw new IOException("not metered: transcripts are read, never mapped");
        }

        @Override
        public FileLock lock(long position, long size, boolean shared) throws IOException {
            throw new IOException("transcripts are never locked");
        }

        @Override
        public FileLock tryLock(long position, long size, boolean shared) throws IOException {
            throw new IOException("transcripts are never locked");
        }

        @Override
        protected void implCloseChannel() throws IOException {
            inner.close();
        }
    }
}

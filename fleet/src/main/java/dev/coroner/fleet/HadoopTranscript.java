package dev.coroner.fleet;

import dev.coroner.core.read.TranscriptSource;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.hadoop.fs.FSDataInputStream;

/**
 * A transcript in a Hadoop file system ({@code hdfs://}, {@code s3a://}, {@code abfs://}, {@code file://}) as core's
 * positional-read source: Hadoop's positioned read, which never moves the stream's own position. Every read is told to
 * {@link Sha256Cursor}, so the SHA-256 of the file comes from the pass's own read.
 */
final class HadoopTranscript implements TranscriptSource {
    private final FSDataInputStream in;
    private final long size;
    private final Sha256Cursor digest;

    HadoopTranscript(FSDataInputStream in, long size, Sha256Cursor digest) {
        this.in = in;
        this.size = size;
        this.digest = digest;
    }

    @Override
    public long size() {
        return size; // the size the listing saw: the stamp after the pass says if the file changed since
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
        if (position >= size) {
            return -1;
        }
        int want = (int) Math.min(dst.remaining(), size - position);
        if (want == 0) {
            return 0;
        }
        int n;
        if (dst.hasArray()) {
            int at = dst.arrayOffset() + dst.position();
            n = in.read(position, dst.array(), at, want);
            if (n > 0) {
                digest.read(position, dst.array(), at, n);
                dst.position(dst.position() + n);
            }
        } else {
            byte[] b = new byte[want];
            n = in.read(position, b, 0, want);
            if (n > 0) {
                digest.read(position, b, 0, n);
                dst.put(b, 0, n);
            }
        }
        return n;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}

package dev.coroner.core.read;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A transcript's bytes, read by position (docs/ARCHITECTURE.md, "The pass"): the one pass, the reader from the end and
 * the re-read of a record by its span read through this and nothing else, so the same engine reads a local file
 * ({@link TranscriptFile#open}) or, in the fleet module, a file of any Hadoop file system ({@code hdfs://},
 * {@code s3a://}). Reads never move a shared position, so readers on other threads may share one source.
 */
public interface TranscriptSource extends Closeable {
    /** The transcript's size now, in bytes. */
    long size() throws IOException;

    /**
     * Reads into {@code dst} (from its position, up to its limit) the bytes from {@code position} of the transcript; how
     * many came, which may be fewer than asked, or -1 at the end.
     */
    int read(ByteBuffer dst, long position) throws IOException;
}

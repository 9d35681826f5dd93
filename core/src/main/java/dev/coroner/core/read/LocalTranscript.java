package dev.coroner.core.read;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/** A local transcript file as a {@link TranscriptSource}: positional reads on its read-only channel. */
final class LocalTranscript implements TranscriptSource {
    private final FileChannel channel;

    LocalTranscript(FileChannel channel) {
        this.channel = channel;
    }

    @Override
    public long size() throws IOException {
        return channel.size();
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
        return channel.read(dst, position);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}

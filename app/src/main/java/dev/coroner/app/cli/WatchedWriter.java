package dev.coroner.app.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * A {@link PrintWriter} that remembers why a write failed. A PrintWriter (and {@code System.out}) swallows write
 * errors, so a full disk went unnoticed and the command exited 0; this one keeps the first {@link IOException} so the
 * command can stop and say what happened (docs/VERDICTS.md, "Command line").
 */
final class WatchedWriter extends PrintWriter {
    private final Watch watch;

    WatchedWriter(OutputStream out) {
        this(new Watch(out));
    }

    private WatchedWriter(Watch watch) {
        super(new OutputStreamWriter(watch, StandardCharsets.UTF_8), true);
        this.watch = watch;
    }

    /** The first write failure, or null; flushes first so a failure still in the buffer is found. */
    IOException failure() {
        flush();
        return watch.failure;
    }

    /** Passes bytes through and keeps the first failure; it still throws, so the writer marks its error. */
    private static final class Watch extends FilterOutputStream {
        private IOException failure;

        Watch(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                keep(e);
                throw e;
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                keep(e);
                throw e;
            }
        }

        private void keep(IOException e) {
            if (failure == null) {
                failure = e;
            }
        }
    }
}

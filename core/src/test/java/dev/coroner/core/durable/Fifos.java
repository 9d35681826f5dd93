package dev.coroner.core.durable;

import java.io.IOException;
import java.nio.file.Path;

/** For tests: a named pipe, made by {@code mkfifo} (Java cannot make one). */
public final class Fifos {
    private Fifos() {
    }

    /** A named pipe at {@code path}, which must not exist; nothing ever writes to it. */
    public static Path make(Path path) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("mkfifo", path.toString()).inheritIO().start();
        if (p.waitFor() != 0) {
            throw new IOException("mkfifo " + path + " failed");
        }
        return path;
    }
}

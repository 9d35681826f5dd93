package dev.coroner.core.durable;

import java.io.IOException;
import java.nio.file.Path;

/** For tests of other packages: the one atomic write, made to fail between writing the new bytes and the move. */
public final class CrashBeforeMove {
    private CrashBeforeMove() {
    }

    /** {@link AtomicWrite#replace}, with a crash standing where the process could die: after the write, before the move. */
    public static void replace(Path target, byte[] bytes) throws IOException {
        new AtomicWrite(temporary -> {
            throw new IOException("crash before the move");
        }).write(target, bytes);
    }
}

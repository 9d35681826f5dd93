package dev.coroner.core.durable;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Replaces a file so that a reader, or a crash, sees either the old bytes or the new ones, never a mix
 * (docs/ARCHITECTURE.md, "Files Coroner writes"): the new bytes go to a temporary file in the same folder, are flushed
 * to the disk, and the temporary file is then moved over the target in one step. A failure at any point before the
 * move leaves the old file whole and removes the temporary one.
 */
public final class AtomicWrite {
    /** Runs after the new bytes are on disk and before the move: a test makes it fail to stand for a crash. */
    interface BeforeMove {
        void run(Path temporary) throws IOException;
    }

    private static final AtomicLong SEQUENCE = new AtomicLong();
    private static final AtomicWrite DEFAULT = new AtomicWrite(temporary -> { });

    private final BeforeMove beforeMove;

    AtomicWrite(BeforeMove beforeMove) {
        this.beforeMove = beforeMove;
    }

    /** Writes {@code bytes} to {@code target}, replacing what was there, atomically. */
    public static void replace(Path target, byte[] bytes) throws IOException {
        DEFAULT.write(target, bytes);
    }

    void write(Path target, byte[] bytes) throws IOException {
        Path absolute = target.toAbsolutePath();
        Path folder = absolute.getParent();
        // a dot name the folder listing hides; the pid and a counter keep two writers apart
        Path temporary = folder.resolve("." + absolute.getFileName() + "." + ProcessHandle.current().pid() + "."
                + SEQUENCE.incrementAndGet() + ".tmp");
        boolean moved = false;
        try {
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
            keepPermissions(absolute, temporary);
            beforeMove.run(temporary);
            try {
                Files.move(temporary, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                // the same folder on a file system without an atomic rename: the best it offers
                Files.move(temporary, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
            moved = true;
            syncFolder(folder);
        } finally {
            if (!moved) {
                Files.deleteIfExists(temporary);
            }
        }
    }

    /** A new file is private to its owner; a replaced one keeps the permissions the old one had (a grammar, say). */
    private static void keepPermissions(Path old, Path temporary) throws IOException {
        if (Files.exists(old) && Files.getFileStore(temporary)
                .supportsFileAttributeView(java.nio.file.attribute.PosixFileAttributeView.class)) {
            Files.setPosixFilePermissions(temporary, Files.getPosixFilePermissions(old));
        }
    }

    /** Makes the rename itself durable where the platform allows opening a folder (not on Windows: skipped). */
    private static void syncFolder(Path folder) {
        try (FileChannel channel = FileChannel.open(folder, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // the new file is in place; only the folder entry's flush is left to the OS
        }
    }
}

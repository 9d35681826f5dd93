package dev.coroner.core.save;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes a file so that a crash mid-save leaves the old file whole (docs/ARCHITECTURE.md, "Files Coroner writes"):
 * the bytes go to a temporary file in the same folder, are flushed to the disk, and the temporary file is then
 * moved over the target in one atomic rename.
 */
public final class AtomicFile {
    private AtomicFile() {
    }

    /** Replaces {@code target} (or creates it) with {@code bytes}; on failure the old file is untouched. */
    public static void write(Path target, byte[] bytes) throws IOException {
        Path absolute = target.toAbsolutePath();
        Path folder = absolute.getParent();
        // same folder: a rename across file systems is a copy, never atomic
        Path temp = Files.createTempFile(folder, "." + absolute.getFileName() + ".", ".tmp");
        try {
            try (FileChannel out = FileChannel.open(temp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    out.write(buffer);
                }
                out.force(true);
            }
            keepPermissions(absolute, temp);
            try {
                Files.move(temp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                throw new IOException("cannot replace " + absolute + " atomically on this file system", e);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
        syncFolder(folder);
    }

    /** A temporary file is private to its owner; the saved file keeps the permissions the old one had. */
    private static void keepPermissions(Path from, Path to) throws IOException {
        if (Files.exists(from) && Files.getFileStore(to).supportsFileAttributeView(java.nio.file.attribute.PosixFileAttributeView.class)) {
            Files.setPosixFilePermissions(to, Files.getPosixFilePermissions(from));
        }
    }

    /** Makes the rename itself durable where the platform allows it (Linux, macOS); elsewhere the move suffices. */
    private static void syncFolder(Path folder) {
        try (FileChannel dir = FileChannel.open(folder, StandardOpenOption.READ)) {
            dir.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // Windows cannot open a folder as a channel; its rename is already durable enough.
        }
    }
}

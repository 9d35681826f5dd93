package dev.coroner.core.durable;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces a file so that a reader, or a crash, sees either the old bytes or the new ones, never a mix
 * (docs/ARCHITECTURE.md, "Files Coroner writes"): the new bytes go to a temporary file in the same folder, are flushed
 * to the disk, and the temporary file is then moved over the target in one step. A failure at any point before the
 * move leaves the old file whole and removes the temporary one. Only a regular file (or nothing) is replaced: a pipe or
 * a device at the target is refused before anything is written ({@link RegularFiles#replaceable}).
 */
public final class AtomicWrite {
    /** Runs after the new bytes are on disk and before the move: a test makes it fail to stand for a crash. */
    interface BeforeMove {
        void run(Path temporary) throws IOException;
    }

    private static final AtomicLong SEQUENCE = new AtomicLong();
    private static final long PID = ProcessHandle.current().pid();
    /** The temporary files this process is writing now: never taken for another's leftovers. */
    private static final Set<Path> IN_PROGRESS = ConcurrentHashMap.newKeySet();
    /** A file name's most bytes on the usual file systems (ext4, xfs, btrfs, APFS, tmpfs). */
    private static final int MAX_NAME_BYTES = 255;
    /** The most a temporary name's tail takes: a pid's and a counter's digits, their dots, {@code .tmp}. */
    private static final int SUFFIX_BYTES = 19 + 1 + 19 + 4;
    private static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rw-------");
    private static final AtomicWrite DEFAULT = new AtomicWrite(temporary -> { });

    private final BeforeMove beforeMove;

    AtomicWrite(BeforeMove beforeMove) {
        this.beforeMove = beforeMove;
    }

    /** Writes {@code bytes} to {@code target}, replacing what was there, atomically. */
    public static void replace(Path target, byte[] bytes) throws IOException {
        DEFAULT.write(target, bytes);
    }

    /**
     * Fails now as {@link #replace} would fail later, where that can be known without the bytes: a pipe or device at
     * {@code target}, a folder that is read-only, not writable by this user, or full (a byte is written to a temporary
     * file and removed). For a command that works a long time before it writes (a snapshot draws the window first).
     * Nothing is left behind; {@code target} is not touched.
     */
    public static void probe(Path target) throws IOException {
        Path absolute = target.toAbsolutePath();
        RegularFiles.replaceable(absolute);
        Path temporary = temporary(absolute.getParent(), temporaryPrefix(String.valueOf(absolute.getFileName())));
        try (FileChannel channel = create(temporary)) {
            channel.write(ByteBuffer.wrap(new byte[] {0}));
        } finally {
            try {
                Files.deleteIfExists(temporary);
            } finally {
                IN_PROGRESS.remove(temporary);
            }
        }
    }

    void write(Path target, byte[] bytes) throws IOException {
        Path absolute = target.toAbsolutePath();
        Path folder = absolute.getParent();
        boolean existed = RegularFiles.replaceable(absolute);
        String prefix = temporaryPrefix(String.valueOf(absolute.getFileName()));
        removeLeftovers(folder, prefix);
        Path temporary = temporary(folder, prefix);
        boolean moved = false;
        try {
            try (FileChannel channel = create(temporary)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
            if (existed) {
                keepPermissions(absolute, temporary);
            }
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
            try {
                if (!moved) {
                    Files.deleteIfExists(temporary);
                }
            } finally {
                IN_PROGRESS.remove(temporary);
            }
        }
    }

    /**
     * A temporary file's path in {@code folder}, {@code PREFIX.PID.N.tmp}, marked in progress: a dot name the folder
     * listing hides; the pid and a counter keep two writers apart. Whoever takes it removes it from
     * {@link #IN_PROGRESS} when done.
     */
    private static Path temporary(Path folder, String prefix) {
        Path temporary = folder.resolve(prefix + PID + "." + SEQUENCE.incrementAndGet() + ".tmp");
        IN_PROGRESS.add(temporary);
        return temporary;
    }

    /**
     * {@code .NAME.}: the temporary file's name up to its pid. A name too long to take the dot, the pid, the counter
     * and {@code .tmp} within a file name's 255 bytes is cut (whole characters) and marked {@code ~}: the same cut for
     * the same name, so a leftover is still found.
     */
    static String temporaryPrefix(String name) {
        if (utf8(name) <= MAX_NAME_BYTES - 1 - 1 - SUFFIX_BYTES) {
            return "." + name + ".";
        }
        int room = MAX_NAME_BYTES - 1 - 2 - SUFFIX_BYTES; // the dot before, "~." after
        StringBuilder cut = new StringBuilder();
        int used = 0;
        for (int i = 0; i < name.length(); ) {
            int cp = name.codePointAt(i);
            int bytes = utf8(new String(Character.toChars(cp)));
            if (used + bytes > room) {
                break;
            }
            cut.appendCodePoint(cp);
            used += bytes;
            i += Character.charCount(cp);
        }
        return "." + cut + "~.";
    }

    /**
     * Removes the temporary files a writer of the same target left when it was killed before its move ({@code kill -9},
     * a power cut): {@code PREFIX.PID.N.tmp} whose pid runs no process, or is this one's and names no write in
     * progress. A leftover of a live process of another program that reuses the pid stays until that one ends.
     */
    private static void removeLeftovers(Path folder, String prefix) {
        Pattern leftover = Pattern.compile(Pattern.quote(prefix) + "(\\d{1,19})\\.\\d{1,19}\\.tmp");
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder,
                p -> p.getFileName().toString().startsWith(prefix))) {
            for (Path p : entries) {
                Matcher m = leftover.matcher(p.getFileName().toString());
                if (!m.matches() || IN_PROGRESS.contains(p)) {
                    continue;
                }
                long pid = Long.parseLong(m.group(1));
                boolean anotherWriter = pid != PID && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
                if (!anotherWriter && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (IOException | RuntimeException e) {
            // a leftover that cannot be listed or removed costs only its space: the write goes on
        }
    }

    /** The temporary file, created private to its owner (rw-------) where the file system has POSIX permissions. */
    private static FileChannel create(Path temporary) throws IOException {
        Set<StandardOpenOption> options = EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        if (temporary.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            return FileChannel.open(temporary, options, PosixFilePermissions.asFileAttribute(PRIVATE));
        }
        return FileChannel.open(temporary, options);
    }

    private static int utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    /**
     * A new file is private to its owner (rw-------: a report or workspace may hold what a transcript held); a replaced
     * one keeps the permissions the old one had (a grammar, a report someone made readable to others).
     */
    private static void keepPermissions(Path old, Path temporary) throws IOException {
        if (Files.getFileStore(temporary).supportsFileAttributeView(PosixFileAttributeView.class)) {
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

package dev.coroner.core.durable;

import dev.coroner.core.read.TranscriptFile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Locale;

/**
 * The one opener for the files Coroner reads whole or replaces — workspaces, reports, the files an output would replace
 * (docs/VERDICTS.md, "Files Coroner reads and writes"). As with transcripts, only a regular file is opened: a named
 * pipe blocks the open until a writer comes and a device such as {@code /dev/zero} never ends, so both are refused from
 * their attributes (links followed) before any open; and what is read whole is read up to a cap, never further.
 */
public final class RegularFiles {
    private RegularFiles() {
    }

    /** A file Coroner will not open or replace, and why, for a person: the message is the reason alone. */
    public static final class Refused extends IOException {
        public Refused(String reason) {
            super(reason);
        }
    }

    /**
     * All the bytes of the regular file at {@code path}, when it holds at most {@code cap} bytes.
     *
     * @throws Refused     it is a folder, a pipe, socket or device, or larger than the cap
     * @throws IOException it could not be read
     */
    public static byte[] readAll(Path path, long cap) throws IOException {
        requireRegular(path);
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
             InputStream in = Channels.newInputStream(channel)) {
            long size = channel.size();
            if (size > cap) {
                throw tooLarge(size, cap);
            }
            byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, cap + 1));
            if (bytes.length > cap) { // it grew while read
                throw tooLarge(bytes.length, cap);
            }
            return bytes;
        }
    }

    /** The first {@code n} bytes (or fewer) of the regular file at {@code path}. */
    public static byte[] head(Path path, int n) throws IOException {
        try (InputStream in = open(path)) {
            return in.readNBytes(n);
        }
    }

    /** The regular file at {@code path}, to read to its end (a hash): refused, not opened, when it is anything else. */
    public static InputStream open(Path path) throws IOException {
        requireRegular(path);
        return Channels.newInputStream(FileChannel.open(path, StandardOpenOption.READ));
    }

    /**
     * Whether {@code target} exists, after checking that what is there may be replaced by a file: nothing, or a regular
     * file (links followed).
     *
     * @throws Refused a folder, a pipe, socket or device is there
     */
    public static boolean replaceable(Path target) throws IOException {
        BasicFileAttributes attrs;
        try {
            attrs = Files.readAttributes(target, BasicFileAttributes.class);
        } catch (NoSuchFileException absent) {
            return false;
        }
        refuseIrregular(attrs);
        return true;
    }

    private static void requireRegular(Path path) throws IOException {
        refuseIrregular(Files.readAttributes(path, BasicFileAttributes.class));
    }

    private static void refuseIrregular(BasicFileAttributes attrs) throws Refused {
        if (attrs.isDirectory()) {
            throw new Refused("a folder, not a file");
        }
        if (!attrs.isRegularFile()) {
            throw new Refused(TranscriptFile.NOT_A_REGULAR_FILE);
        }
    }

    private static Refused tooLarge(long size, long cap) {
        return new Refused("too large: " + megabytes(size) + " (Coroner reads files of this kind up to " + megabytes(cap)
                + ")");
    }

    /** "76.0 MB": decimal megabytes, one place, the same in every locale. */
    public static String megabytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f MB", bytes / 1_000_000.0);
    }

    /**
     * Why reading or writing failed, in a few words and one line, without the temporary file's name: "permission
     * denied", "No space left on device", "Read-only file system", "no such folder", or the reason given.
     */
    public static String reason(IOException e) {
        if (e instanceof Refused) {
            return e.getMessage();
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileAlreadyExistsException f) { // making the folders: a file stands where one should be
            return "not a folder: " + f.getFile();
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or folder";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m.lines().findFirst().orElse(m);
    }
}

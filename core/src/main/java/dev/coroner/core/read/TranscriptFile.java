package dev.coroner.core.read;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;

/**
 * Opens a transcript read-only, never locking or writing it, and names why it cannot be opened. Only a regular file
 * is opened (docs/VERDICTS.md, "Reading"): opening a named pipe blocks until a writer comes, and a device such as
 * {@code /dev/zero} never ends, so those are refused from their attributes, before any open.
 */
public final class TranscriptFile {
    /** The reason given for a named pipe, socket or device: the one wording, shared with the grammar loader. */
    public static final String NOT_A_REGULAR_FILE = "not a regular file: a pipe, socket or device";

    /**
     * Where transcripts are opened for a stretch of work ({@link #openingWith}): another file system than the local one
     * (the fleet module's Hadoop {@code FileSystem}). It names a transcript by a {@link Path} as everything in core does.
     */
    public interface Opener {
        TranscriptSource open(Path path) throws UnreadableTranscriptException;

        /** The transcript's stamp now, or {@code new FileStamp(-1, -1)} when it cannot be read. */
        FileStamp stamp(Path path);
    }

    /** Work run with an {@link Opener} in place. */
    @FunctionalInterface
    public interface Work<T, E extends Exception> {
        T run() throws E;
    }

    /**
     * The opener in place on this thread, or null for the local file system. Scoped to one call of {@link #openingWith},
     * so the pass and its readers take their {@link Path} signatures unchanged whichever file system they read.
     */
    private static final ThreadLocal<Opener> OPENER = new ThreadLocal<>();

    private TranscriptFile() {
    }

    /**
     * Runs {@code work} on this thread with every transcript opened and stamped by {@code opener}; the local file system
     * again afterwards.
     */
    public static <T, E extends Exception> T openingWith(Opener opener, Work<T, E> work) throws E {
        Opener before = OPENER.get();
        OPENER.set(opener);
        try {
            return work.run();
        } finally {
            if (before == null) {
                OPENER.remove();
            } else {
                OPENER.set(before);
            }
        }
    }

    /** The opener in place on this thread, or null: {@link FileStamp} stamps through it. */
    static Opener opener() {
        return OPENER.get();
    }

    /** Opens {@code path} for positional reads, through the opener in place ({@link #openingWith}) if any. */
    public static TranscriptSource open(Path path) throws UnreadableTranscriptException {
        Opener opener = OPENER.get();
        return opener != null ? opener.open(path) : new LocalTranscript(openLocal(path));
    }

    private static FileChannel openLocal(Path path) throws UnreadableTranscriptException {
        try {
            BasicFileAttributes attrs = Files.readAttributes(path, BasicFileAttributes.class);
            if (attrs.isDirectory()) {
                throw folder(path);
            }
            if (!attrs.isRegularFile()) {
                throw new UnreadableTranscriptException(path, NOT_A_REGULAR_FILE, null);
            }
            return ReadMeter.wrap(path, FileChannel.open(path, StandardOpenOption.READ));
        } catch (NoSuchFileException e) {
            throw new UnreadableTranscriptException(path, "no such file", e);
        } catch (AccessDeniedException e) {
            throw new UnreadableTranscriptException(path, "permission denied", e);
        } catch (IOException | SecurityException e) {
            throw new UnreadableTranscriptException(path, "cannot open: " + e.getMessage(), e);
        }
    }

    /**
     * Positional reads into {@code dst} from {@code position} of the file (for {@code dst}'s current position) until
     * {@code dst} is full or the file ends; how many bytes came. The source's own position never moves, so readers on
     * other threads may share it.
     */
    public static int readAt(TranscriptSource source, ByteBuffer dst, long position) throws IOException {
        int start = dst.position();
        while (dst.hasRemaining()) {
            if (source.read(dst, position + dst.position() - start) <= 0) {
                break; // the file's end (a file never answers 0 while there is room)
            }
        }
        return dst.position() - start;
    }

    /**
     * The first {@code max} bytes of {@code path} (all of a shorter file), read through the one opener: what the
     * survey, the harness and the comparison peek at; null when the file cannot be read (its verdict says why).
     */
    public static byte[] head(Path path, int max) {
        try (TranscriptSource source = open(path)) {
            ByteBuffer buf = ByteBuffer.allocate((int) Math.min(max, source.size()));
            int n = readAt(source, buf, 0);
            return n == buf.capacity() ? buf.array() : Arrays.copyOf(buf.array(), n);
        } catch (IOException | UnreadableTranscriptException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Why a folder given as a transcript is unreadable: a folder that cannot be listed (mode 000, another user's)
     * says why, as a file would ("permission denied"); one that can is not a transcript file.
     */
    private static UnreadableTranscriptException folder(Path path) {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(path)) {
            return new UnreadableTranscriptException(path, "is a directory, not a transcript file", null);
        } catch (IOException e) {
            return failed(path, e);
        }
    }

    /** The reason an I/O refusal gives, worded once for files and folders ("permission denied", "no such file"). */
    public static UnreadableTranscriptException failed(Path path, IOException e) {
        if (e instanceof AccessDeniedException) {
            return new UnreadableTranscriptException(path, "permission denied", e);
        }
        if (e instanceof NoSuchFileException) {
            return new UnreadableTranscriptException(path, "no such file", e);
        }
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        if (m.contains("Is a directory")) {
            return new UnreadableTranscriptException(path, "is a directory, not a transcript file", e);
        }
        return new UnreadableTranscriptException(path, "read failed: " + m, e);
    }
}

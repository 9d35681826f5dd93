package dev.coroner.core.read;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * A file's size and modification time, taken before and after it is read, so a file that changed while it was read
 * says so instead of passing off a mix of its old and new contents as one transcript (docs/VERDICTS.md, "Reading").
 *
 * @param size     bytes, or -1 when the attributes could not be read
 * @param modified modification time in nanoseconds since the epoch, or -1
 */
public record FileStamp(long size, long modified) {
    private static final FileStamp UNKNOWN = new FileStamp(-1, -1);

    /**
     * Run after a file is read, before it is stamped again ({@link #changedSince}): tests change the file there, so a
     * change "while it was read" happens at a known moment. Does nothing otherwise.
     */
    public static volatile Consumer<Path> afterRead = p -> { };

    /** The stamp of {@code path} now; unknown (never an error) when it cannot be read: the read itself says why. */
    public static FileStamp of(Path path) {
        TranscriptFile.Opener opener = TranscriptFile.opener();
        if (opener != null) {
            return opener.stamp(path);
        }
        try {
            BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class);
            return new FileStamp(a.size(), a.lastModifiedTime().to(java.util.concurrent.TimeUnit.NANOSECONDS));
        } catch (IOException | SecurityException e) {
            return UNKNOWN;
        }
    }

    /**
     * Why {@code path}, stamped {@code before} its read and read to {@code bytesRead} bytes (-1: not read whole), is not
     * the file as it was: {@link #changed} against its stamp now, or null when it is the same. Every reader that stamps
     * a file ends its read here, so the one pass and the command line's reader from the end say it in one wording.
     */
    public static String changedSince(Path path, FileStamp before, long bytesRead) {
        afterRead.accept(path);
        return changed(before, of(path), bytesRead);
    }

    /**
     * Why the file read between {@code before} and {@code after} is not the file as it was, or null when it is the
     * same: its size or modification time changed, or fewer bytes were read than it held ({@code bytesRead} -1 when
     * the reader does not read it all, as the reader from the end does not).
     */
    public static String changed(FileStamp before, FileStamp after, long bytesRead) {
        if (before.size < 0) {
            return null; // nothing known to compare with; a read that failed says so itself
        }
        if (after.size < 0) {
            return "the file changed while it was read: it is gone or unreadable now; the rows are of what was read";
        }
        if (after.size < before.size || (bytesRead >= 0 && bytesRead < before.size)) {
            return String.format(Locale.ROOT, "the file changed while it was read: it shrank from %,d to %,d bytes; "
                    + "the rows are of what was read, read it again", before.size, after.size);
        }
        if (after.size != before.size) {
            return String.format(Locale.ROOT, "the file changed while it was read: it grew from %,d to %,d bytes "
                    + "(still being written?); the rows are of what was read, read it again", before.size, after.size);
        }
        if (after.modified != before.modified) {
            return "the file changed while it was read: it was modified (same size); the rows may mix its old and new "
                    + "contents, read it again";
        }
        return null;
    }
}

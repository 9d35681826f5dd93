package dev.coroner.fleet;

import dev.coroner.core.read.FileStamp;
import dev.coroner.core.read.TranscriptFile;
import dev.coroner.core.read.TranscriptSource;
import dev.coroner.core.read.UnreadableTranscriptException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;

/**
 * Opens one transcript of a Hadoop file system for core's readers ({@link TranscriptFile#openingWith}): core names it
 * by {@link #name()}, the path part of its URI, so its file name (which says sub-agent or session) is the file's own.
 * Why a file cannot be opened is worded as core words it for a local file (docs/FLEET.md, "Unreadable files").
 */
final class HadoopFile implements TranscriptFile.Opener {
    private final FileSystem fs;
    private final org.apache.hadoop.fs.Path file;
    private final Path name;
    private final Sha256Cursor digest = new Sha256Cursor();

    HadoopFile(FileSystem fs, org.apache.hadoop.fs.Path file) {
        this.fs = fs;
        this.file = file;
        this.name = Path.of(file.toUri().getPath());
    }

    /** The path core knows the file by. */
    Path name() {
        return name;
    }

    Sha256Cursor digest() {
        return digest;
    }

    @Override
    public TranscriptSource open(Path p) throws UnreadableTranscriptException {
        if (!p.equals(name)) {
            throw new UnreadableTranscriptException(p, "not the transcript being judged", null);
        }
        try {
            refuseWhatIsNoRegularFile();
            FileStatus status = fs.getFileStatus(file);
            if (status.isDirectory()) {
                throw new UnreadableTranscriptException(p, "is a directory, not a transcript file", null);
            }
            return new HadoopTranscript(fs.open(file), status.getLen(), digest);
        } catch (FileNotFoundException e) {
            throw new UnreadableTranscriptException(p, "no such file", e);
        } catch (org.apache.hadoop.security.AccessControlException | java.nio.file.AccessDeniedException e) {
            throw new UnreadableTranscriptException(p, "permission denied", e);
        } catch (IOException | RuntimeException e) {
            throw new UnreadableTranscriptException(p, "cannot open: " + e.getMessage(), e);
        }
    }

    /**
     * On the local file system, a named pipe, socket or device is refused from its attributes before any open, as the
     * command line refuses it: opening a pipe blocks until a writer comes.
     */
    private void refuseWhatIsNoRegularFile() throws IOException, UnreadableTranscriptException {
        if (!"file".equals(fs.getScheme())) {
            return;
        }
        Path local = Path.of(file.toUri());
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(local, BasicFileAttributes.class);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new FileNotFoundException(local.toString());
        }
        if (!a.isDirectory() && !a.isRegularFile()) {
            throw new UnreadableTranscriptException(name, TranscriptFile.NOT_A_REGULAR_FILE, null);
        }
    }

    @Override
    public FileStamp stamp(Path p) {
        try {
            FileStatus s = fs.getFileStatus(file);
            return new FileStamp(s.getLen(), TimeUnit.MILLISECONDS.toNanos(s.getModificationTime()));
        } catch (IOException | RuntimeException e) {
            return new FileStamp(-1, -1);
        }
    }
}

package dev.coroner.core.read;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Opens a transcript read-only, never locking or writing it, and names why it cannot be opened. */
public final class TranscriptFile {
    private TranscriptFile() {
    }

    public static FileChannel open(Path path) throws UnreadableTranscriptException {
        if (Files.isDirectory(path)) {
            throw new UnreadableTranscriptException(path, "is a directory, not a transcript file", null);
        }
        try {
            return ReadMeter.wrap(path, FileChannel.open(path, StandardOpenOption.READ));
        } catch (NoSuchFileException e) {
            throw new UnreadableTranscriptException(path, "no such file", e);
        } catch (AccessDeniedException e) {
            throw new UnreadableTranscriptException(path, "permission denied", e);
        } catch (IOException | SecurityException e) {
            throw new UnreadableTranscriptException(path, "cannot open: " + e.getMessage(), e);
        }
    }

    static UnreadableTranscriptException failed(Path path, IOException e) {
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

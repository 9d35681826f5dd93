package dev.coroner.core.read;

import java.nio.file.Path;

/** The file cannot be read at all: missing, a directory, no permission, an I/O error. */
public final class UnreadableTranscriptException extends Exception {
    private final Path path;

    public UnreadableTranscriptException(Path path, String reason, Throwable cause) {
        super(reason, cause);
        this.path = path;
    }

    public Path path() {
        return path;
    }

    /** A short reason for a person: "no such file", "is a directory", "permission denied", … */
    public String reason() {
        return getMessage();
    }
}

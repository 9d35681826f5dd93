package dev.coroner.app.cli;

import java.io.IOException;
import java.io.PrintWriter;

/** Standard output failed: the command stops at once, since whatever it judged next would be lost too. */
final class OutputFailedException extends RuntimeException {
    OutputFailedException(IOException cause) {
        super(cause == null ? "the output could not be written" : cause.getMessage(), cause);
    }

    /** Throws when {@code out} has failed to write (after a flush), with the cause when it is known. */
    static void check(PrintWriter out) {
        if (out.checkError()) {
            throw new OutputFailedException(out instanceof WatchedWriter w ? w.failure() : null);
        }
    }

    /** A closed pipe ({@code coroner verdict … | head}) is the reader going away, not something to tell it. */
    boolean readerWentAway() {
        return getMessage() != null && getMessage().contains("Broken pipe");
    }
}

package dev.coroner.app.cli;

import dev.coroner.core.read.UnreadableTranscriptException;

/** A transcript judged on the corpus engine's pool: its result, or why it could not be read. */
record Attempt<T>(T value, UnreadableTranscriptException unreadable) {
    interface Work<T> {
        T run() throws UnreadableTranscriptException;
    }

    static <T> Attempt<T> of(Work<T> work) {
        try {
            return new Attempt<>(work.run(), null);
        } catch (UnreadableTranscriptException e) {
            return new Attempt<>(null, e);
        }
    }
}

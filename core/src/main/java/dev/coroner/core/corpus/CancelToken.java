package dev.coroner.core.corpus;

/**
 * Says when work started for a request is no longer wanted (a newer request replaced it, the window closed the
 * corpus). Set on one thread, read on others: volatile, never a plain counter compared across threads.
 */
public final class CancelToken {
    /** A token nobody cancels. */
    public static final CancelToken NEVER = new CancelToken();

    private volatile boolean cancelled;

    public void cancel() {
        if (this != NEVER) {
            cancelled = true;
        }
    }

    public boolean cancelled() {
        return cancelled;
    }
}

package dev.coroner.app.cli;

import dev.coroner.core.corpus.FolderFollower;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.core.text.PathText;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * {@code coroner verdict --follow PATH…} (docs/VERDICTS.md, "Command line"): follows transcripts that are still being
 * written, and the folders that hold them, with a {@link FolderFollower}. Prints every transcript's row once, in
 * byte-wise path order as {@code verdict} does, then a row each time a verdict changes; a transcript that appears under
 * a followed folder (a new sub-agent, a new session) gets its row at the next poll. Polls every {@link #POLL_MILLIS} ms
 * until interrupted (Ctrl+C, which interrupts it rather than ending the JVM); each poll reads only what was appended.
 */
final class VerdictFollow {
    static final long POLL_MILLIS = 500;

    /** What comes between two polls: {@link #POLL_MILLIS} of sleep, or in a test a step it controls. */
    @FunctionalInterface
    interface Pause {
        Pause POLL_INTERVAL = new Sleep();

        /** Returns when the next poll is due; interrupted (Ctrl+C), throws. */
        void untilNextPoll() throws InterruptedException;
    }

    /** A named class, not a lambda: every {@code verdict} run makes one, the launcher's CDS training included. */
    private static final class Sleep implements Pause {
        @Override
        public void untilNextPoll() throws InterruptedException {
            Thread.sleep(POLL_MILLIS);
        }
    }

    /** Ctrl+C interrupts the following thread instead of ending the JVM. */
    private static final class Interrupt implements SignalHandler {
        private final Thread following;

        Interrupt(Thread following) {
            this.following = following;
        }

        @Override
        public void handle(Signal signal) {
            following.interrupt();
        }
    }

    private final Output output;
    private final BiConsumer<Path, TerminalVerdict> row;
    private final Pause pause;

    /** @param row prints one verdict row (text or JSON, as {@code verdict} prints it) */
    VerdictFollow(Output output, BiConsumer<Path, TerminalVerdict> row, Pause pause) {
        this.output = output;
        this.row = row;
        this.pause = pause;
    }

    /**
     * Follows {@code paths} until the thread is interrupted; the exit status of the last verdicts printed. A file named
     * explicitly that cannot be read at the start (a typo, a pipe) ends it at once with status 2, after the first rows.
     */
    int run(List<Path> paths) {
        Thread following = Thread.currentThread();
        Signal ctrlC = new Signal("INT");
        // Ctrl+C stops the loop, which then exits with the status of what it saw, as verdict does; left to the JVM,
        // SIGINT would end it with 130 whatever died (docs/VERDICTS.md, "Command line")
        SignalHandler before = handle(ctrlC, new Interrupt(following));
        try {
            return follow(paths);
        } finally {
            if (before != null) {
                handle(ctrlC, before);
            }
        }
    }

    /** Installs {@code handler}; the handler it replaces, or null where the platform gives no such signal. */
    private static SignalHandler handle(Signal signal, SignalHandler handler) {
        try {
            return Signal.handle(signal, handler);
        } catch (IllegalArgumentException e) {
            return null; // the JVM keeps the signal (-Xrs), or the platform has none: Ctrl+C ends it as before
        }
    }

    private int follow(List<Path> paths) {
        FolderFollower follower = new FolderFollower(paths);
        Set<Path> held = new HashSet<>();
        List<FolderFollower.Followed> shown = List.of();
        boolean first = true;
        while (true) {
            FolderFollower.Round round;
            try {
                round = follower.poll();
            } catch (IllegalStateException e) {
                if (!Thread.currentThread().isInterrupted()) {
                    throw e;
                }
                round = null; // Ctrl+C while new files were read on the pool
            }
            if (round == null || Thread.currentThread().isInterrupted()) {
                // Ctrl+C during the poll: its reads may have been cut short, so it is not printed
                return status(shown);
            }
            round.notes().forEach(output::note);
            for (FolderFollower.Followed f : round.files()) {
                note(f, held);
                if (f.changed()) {
                    row.accept(f.path(), f.verdict());
                }
            }
            shown = round.files();
            if (first && shown.stream().anyMatch(VerdictFollow::explicitAndUnreadable)) {
                return status(shown);
            }
            first = false;
            try {
                pause.untilNextPoll();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return status(shown);
            }
        }
    }

    /** Says when a file was read again, and once per torn line that it waits, so a quiet verdict is not taken for a hang. */
    private void note(FolderFollower.Followed f, Set<Path> held) {
        if (f.poll() == null) {
            return;
        }
        if (f.poll().restarted()) {
            output.note(PathText.of(f.path()) + ": changed while followed (shrank, replaced or rewritten): read again from the start");
        }
        if (f.poll().stillBeingWritten() && held.add(f.path())) {
            output.note(PathText.of(f.path()) + ": last line still being written (" + f.poll().heldBytes() + " bytes so far)");
        } else if (!f.poll().stillBeingWritten()) {
            held.remove(f.path());
        }
    }

    private static boolean explicitAndUnreadable(FolderFollower.Followed f) {
        return f.explicit() && f.verdict().state() == TerminalState.UNREADABLE;
    }

    private static int status(List<FolderFollower.Followed> files) {
        ExitStatus status = new ExitStatus();
        for (FolderFollower.Followed f : files) {
            status.dead(f.verdict().died());
            status.unreadable(explicitAndUnreadable(f));
        }
        return status.code();
    }
}

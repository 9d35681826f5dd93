package dev.coroner.app.cli;

import dev.coroner.core.index.TerminalVerdicts;
import dev.coroner.core.index.TranscriptFollower;
import dev.coroner.core.read.UnreadableTranscriptException;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.core.terminal.TerminalVerdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code coroner verdict --follow PATH} (docs/VERDICTS.md, "Command line"): follows one transcript that is still being
 * written with a {@link TranscriptFollower}, printing its verdict row once and again each time the verdict changes.
 * Polls every {@link #POLL_MILLIS} ms until interrupted (Ctrl+C); each poll reads only what was appended.
 */
final class VerdictFollow {
    static final long POLL_MILLIS = 500;

    private final Output output;
    private final Consumer<TerminalVerdict> row;

    /** @param row prints one verdict row (text or JSON, as {@code verdict} prints it) */
    VerdictFollow(Output output, Consumer<TerminalVerdict> row) {
        this.output = output;
        this.row = row;
    }

    /** Only one transcript file is followed: a folder or several paths is bad usage. */
    static String refusal(List<Path> paths) {
        if (paths.size() != 1) {
            return "--follow follows one transcript file; " + paths.size() + " paths were given";
        }
        if (Files.isDirectory(paths.get(0))) {
            return "--follow follows one transcript file, not a folder: " + paths.get(0);
        }
        return null;
    }

    /** Follows {@code path} until the thread is interrupted; the exit status of the last verdict printed. */
    int run(Path path) {
        TranscriptFollower follower = new TranscriptFollower(path);
        TerminalVerdict last = null;
        boolean heldNoted = false;
        while (true) {
            TerminalVerdict now;
            try {
                TranscriptFollower.Poll p = follower.poll();
                if (p.restarted()) {
                    output.note(path + ": changed while followed (shrank, replaced or rewritten): read again from the start");
                }
                now = p.verdict();
                // say once per torn line that it is waiting, so a verdict that does not move is not taken for a hang
                if (p.stillBeingWritten() && !heldNoted) {
                    output.note(path + ": last line still being written (" + p.heldBytes() + " bytes so far)");
                }
                heldNoted = p.stillBeingWritten();
            } catch (UnreadableTranscriptException e) {
                if (last == null) {
                    TerminalVerdict v = TerminalVerdicts.unreadable(path, e.reason());
                    row.accept(v);
                    return ExitStatus.BAD_INPUT;
                }
                now = TerminalVerdicts.unreadable(path, e.reason()); // gone for now: it may come back
            }
            if (!now.equals(last)) {
                row.accept(now);
                last = now;
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                ExitStatus status = new ExitStatus();
                status.dead(last.died());
                status.unreadable(last.state() == TerminalState.UNREADABLE);
                return status.code();
            }
        }
    }
}

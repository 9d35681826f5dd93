package dev.coroner.core.index;

import dev.coroner.core.read.FollowScan;
import dev.coroner.core.read.TranscriptReader;
import dev.coroner.core.read.UnreadableTranscriptException;
import dev.coroner.core.terminal.TerminalVerdict;
import java.nio.file.Path;

/**
 * Follows a transcript that is still being written (docs/ARCHITECTURE.md, "Following"): the one pass of
 * {@link TranscriptPass}, kept open. Each {@link #poll()} reads only the bytes appended since the last, hands the lines
 * they complete to the same pass state (the index, the call pairing, the call stream, the block linker) and judges the
 * transcript again from what the pass kept. A torn last line (no {@code \n} yet) is held back and reported as still
 * being written, never as a problem row. A file that shrank, was replaced or whose first bytes changed is read again
 * from the start, into a new index, and the poll says so.
 *
 * <p>After each poll the index and its judgement are those a fresh {@link TranscriptPass#run} would build from the
 * file's bytes up to the end of its last complete line. One thread polls; others may read the index as it grows.
 */
public final class TranscriptFollower {

    /**
     * What one poll found.
     *
     * @param index      the index (a new one when {@code restarted})
     * @param grew       whether lines were added
     * @param restarted  whether the file changed under the follower and was read again from the start
     * @param heldBytes  bytes of a torn last line still being written (0 when the file ends with {@code \n})
     * @param verdict    the terminal verdict after this poll
     * @param changed    whether the verdict differs from the one before this poll (true on the first poll)
     */
    public record Poll(TranscriptIndex index, boolean grew, boolean restarted, long heldBytes, TerminalVerdict verdict,
                       boolean changed) {
        /** Whether a torn last line is waiting for its {@code \n}. */
        public boolean stillBeingWritten() {
            return heldBytes > 0;
        }
    }

    private final Path path;
    private final TranscriptPass.Listener listener;
    private TranscriptIndex index;
    private TranscriptPass.Sink sink;
    private FollowScan<RecordFacts> scan;
    private TerminalVerdict verdict;
    private boolean polled;
    private long lines;

    public TranscriptFollower(Path path) {
        this(path, new TranscriptPass.Listener() { });
    }

    /** @param listener told of progress as each poll reads, on the polling thread (never cancelled: stop polling instead) */
    public TranscriptFollower(Path path, TranscriptPass.Listener listener) {
        this.path = path;
        this.listener = listener;
        start();
    }

    private void start() {
        index = new TranscriptIndex(path);
        sink = new TranscriptPass.Sink(index, new TranscriptPass.Listener() {
            @Override
            public void progress(TranscriptIndex i, long bytesDone, long bytesTotal) {
                listener.progress(i, bytesDone, bytesTotal);
            }
        }, TranscriptPass.Scope.ALL);
        scan = new FollowScan<>(path, new HarnessReader(), sink);
    }

    public Path path() {
        return path;
    }

    /** The index as of the last poll (replaced when the file changed under the follower). */
    public synchronized TranscriptIndex index() {
        return index;
    }

    /** Reads what was appended since the last poll (the whole file the first time) and judges again. */
    public synchronized Poll poll() throws UnreadableTranscriptException {
        boolean restarted = false;
        FollowScan.Change change = scan.poll();
        if (change == FollowScan.Change.CHANGED) {
            start();
            lines = 0;
            restarted = true;
            change = scan.poll();
        }
        TranscriptReader.Summary s = scan.summary();
        // a poll that only read more of a torn line added no line: nothing to judge again
        boolean grew = change == FollowScan.Change.GREW && s.physicalLines() != lines;
        lines = s.physicalLines();
        long complete = scan.complete();
        index.progress(complete, complete + scan.heldBytes());
        if (grew || restarted || !polled) {
            sink.publish();
            index.finish(s.physicalLines(), new TranscriptJudgement(sink.terminal(path, complete), sink.calls.build(),
                    sink.scripts.finish(), sink.usage.build()));
            listener.progress(index, index.bytesIndexed(), index.fileSize());
        }
        TerminalVerdict now = index.judgement().terminal();
        boolean changed = !polled || !now.equals(verdict);
        verdict = now;
        polled = true;
        return new Poll(index, grew, restarted, scan.heldBytes(), now, changed);
    }
}

package dev.coroner.core.index;

import dev.coroner.core.read.ProblemLine;
import dev.coroner.core.read.SourceSpan;
import dev.coroner.core.read.TranscriptReader;
import dev.coroner.core.read.TranscriptScan;
import dev.coroner.core.read.UnreadableTranscriptException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Builds a {@link TranscriptIndex} in one streaming pass (DESIGN §2, §9). Rows are published after every chunk
 * the pass reads ({@link dev.coroner.core.read.ReadLimits#CHUNK_BYTES}), so the first rows of a 1 GB file can be
 * shown while the rest is still being read. Memory: the index's rows plus the ids of calls still waiting for
 * their result.
 */
public final class TranscriptIndexer {

    /** Told about progress on the indexing thread. */
    public interface Listener {
        /** Rows below {@code index.size()} are readable; {@code bytesDone} of {@code bytesTotal} are indexed. */
        default void progress(TranscriptIndex index, long bytesDone, long bytesTotal) {
        }

        /** Polled after every chunk: true stops the pass, leaving the index incomplete. */
        default boolean cancelled() {
            return false;
        }
    }

    private TranscriptIndexer() {
    }

    public static TranscriptIndex index(Path path) throws UnreadableTranscriptException {
        return index(path, new Listener() { });
    }

    /** Indexes {@code path}; returns the index, {@link TranscriptIndex#complete()} unless cancelled. */
    public static TranscriptIndex index(Path path, Listener listener) throws UnreadableTranscriptException {
        TranscriptIndex index = new TranscriptIndex(path);
        Pass pass = new Pass(index, listener);
        listener.progress(index, 0, 0);
        TranscriptReader.Summary summary = TranscriptScan.scan(path, new RecordFields(), pass);
        pass.publish();
        index.progress(summary.bytesRead(), Math.max(index.fileSize(), summary.bytesRead()));
        if (!pass.stopped) {
            int last = index.size() - 1;
            if (last >= 0 && index.offset(last) + index.length(last) >= summary.bytesRead()) {
                int f = index.flags(last);
                index.setFlags(last, f | RowFlags.UNTERMINATED);
            }
            index.finish(summary.physicalLines());
        }
        listener.progress(index, index.bytesIndexed(), index.fileSize());
        return index;
    }

    /** Writes rows into the index and publishes them chunk by chunk. */
    private static final class Pass implements TranscriptScan.Sink<RecordFields> {
        private final TranscriptIndex index;
        private final Listener listener;
        private final Map<String, Integer> openCalls = new HashMap<>();
        private int written;
        private int terminal = -1;
        private long records;
        private long problems;
        private long sidechain;
        boolean stopped;

        Pass(TranscriptIndex index, Listener listener) {
            this.index = index;
            this.listener = listener;
        }

        @Override
        public boolean record(SourceSpan span, RecordFields f) {
            int tool = f.callNames.isEmpty() ? Names.NONE : index.tools.code(f.callNames.get(0));
            int row = written++;
            index.write(row, span.line(), span.offset(), span.length(), f.time, f.flags,
                    index.kinds.code(f.type == null ? "" : f.type), index.models.code(f.model), tool,
                    index.roles.code(f.role));
            records++;
            if ((f.flags & RowFlags.SIDECHAIN) != 0) {
                sidechain++;
            }
            if ((f.flags & RowFlags.ASSISTANT_TURN) != 0) {
                terminal = row;
            }
            index.identity(f.sessionId, f.agentId);
            for (String id : f.callIds) {
                if (id != null) {
                    openCalls.put(id, row);
                }
            }
            for (String id : f.resultIds) {
                Integer call = id == null ? null : openCalls.remove(id);
                if (call == null) {
                    continue;
                }
                if (index.pendingPair(row) < 0) {
                    index.setPair(row, call);
                    index.setTool(row, index.toolCode(call));
                }
                if (index.pendingPair(call) < 0) {
                    index.setPair(call, row);
                }
            }
            if (f.linkedAgentId != null) {
                index.addAgentLink(new AgentLink(row, f.linkedAgentId));
            }
            return !stopped;
        }

        @Override
        public boolean problem(ProblemLine p) {
            SourceSpan span = p.span();
            int row = written++;
            index.write(row, span.line(), span.offset(), span.length(), Timestamps.NONE, RowFlags.PROBLEM,
                    p.kind().ordinal(), Names.NONE, Names.NONE, Names.NONE);
            problems++;
            index.keepProblemMessage(row, p.message());
            return !stopped;
        }

        @Override
        public void progress(long bytesDone, long bytesTotal) {
            publish();
            index.progress(bytesDone, bytesTotal);
            listener.progress(index, bytesDone, bytesTotal);
            // stop at the next line: the rows so far stay valid, the index stays incomplete
            stopped = listener.cancelled();
        }

        void publish() {
            index.counts(records, problems, sidechain);
            index.publish(written);
            if (terminal >= 0) {
                index.setTerminalRow(terminal);
            }
        }
    }
}

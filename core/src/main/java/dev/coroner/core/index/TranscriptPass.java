package dev.coroner.core.index;

import dev.coroner.core.precursor.CallStreamBuilder;
import dev.coroner.core.read.FileStamp;
import dev.coroner.core.read.ProblemLine;
import dev.coroner.core.read.ReadLimits;
import dev.coroner.core.read.SourceSpan;
import dev.coroner.core.read.TranscriptReader;
import dev.coroner.core.read.TranscriptScan;
import dev.coroner.core.read.UnreadableTranscriptException;
import dev.coroner.core.scripts.ScriptLinker;
import dev.coroner.core.terminal.TerminalEvidence;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.core.terminal.TranscriptContents;
import dev.coroner.core.usage.UsageBuilder;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The one pass (docs/ARCHITECTURE.md, "The pass"): reads a transcript once, streaming, and builds from that read the
 * {@link TranscriptIndex} (a row per record and per problem line), the call stream, the turns, submissions and
 * fenced blocks, and the terminal verdict, kept as the index's {@link TranscriptJudgement}; the file is stamped
 * before and after ({@link FileStamp}), and a file that changed while it was read says so ({@link
 * TranscriptIndex#changed()}). Nothing else reads a transcript in full. Rows are published after every chunk ({@link dev.coroner.core.read.ReadLimits#CHUNK_BYTES}), so
 * the first rows of a 1 GB file can be shown while the rest is still read. Memory: the index's rows, the calls (a few
 * numbers each), the answers' fenced blocks and the calls' programs; tool outputs are never kept.
 */
public final class TranscriptPass {

    /**
     * What a pass builds besides the index and the terminal verdict. The window and reports take everything; a
     * command that judges one thing asks for that one (bench/LOG.md, "A pass for what the command judges").
     */
    public enum Scope {
        /** The call stream, the code-block links and the usage. */
        ALL,
        /**
         * The call stream only ({@code coroner precursor}, {@code coroner propose}): no fenced block is scanned or
         * linked, no program or stated exit code decoded, and the judgement has no {@code scripts}.
         */
        CALLS,
        /**
         * The code-block links only ({@code coroner scripts}): no call stream is built, no result read for "File
         * created", and the judgement has no {@code calls}.
         */
        BLOCKS;

        /** Whether the call stream is built: the one rule the pass's sink and the record facts both follow. */
        boolean buildsCalls() {
            return this != BLOCKS;
        }

        /** Whether the code-block links are built. */
        boolean buildsBlocks() {
            return this != CALLS;
        }

        /**
         * Whether what the model calls used is read (docs/COST.md, "Counting"): by the whole pass, which the window,
         * reports, {@code cost} and {@code verdict --usage} read; not by the commands that print no usage, which it
         * would cost some 3% of their pass (bench/LOG.md).
         */
        boolean readsUsage() {
            return this == ALL;
        }
    }

    /** Told about progress on the pass's thread. */
    public interface Listener {
        /** Rows below {@code index.size()} are readable; {@code bytesDone} of {@code bytesTotal} are read. */
        default void progress(TranscriptIndex index, long bytesDone, long bytesTotal) {
        }

        /** Polled after every chunk: true stops the pass, leaving the index incomplete. */
        default boolean cancelled() {
            return false;
        }
    }

    private TranscriptPass() {
    }

    public static TranscriptIndex run(Path path) throws UnreadableTranscriptException {
        return run(path, Scope.ALL);
    }

    /** Reads {@code path} once, building what {@code scope} names. */
    public static TranscriptIndex run(Path path, Scope scope) throws UnreadableTranscriptException {
        return run(path, new Listener() { }, new HarnessReader(ReadLimits.MAX_IN_MEMORY_LINE, scope), scope);
    }

    /** Reads {@code path} once; the index is {@link TranscriptIndex#complete()}, with its judgement, unless cancelled. */
    public static TranscriptIndex run(Path path, Listener listener) throws UnreadableTranscriptException {
        return run(path, listener, new HarnessReader(), Scope.ALL);
    }

    /** The same with {@code facts}' bounds (tests lower the length over which answers' texts are cut). */
    static TranscriptIndex run(Path path, Listener listener, HarnessReader facts) throws UnreadableTranscriptException {
        return run(path, listener, facts, Scope.ALL);
    }

    private static TranscriptIndex run(Path path, Listener listener, HarnessReader facts, Scope scope)
            throws UnreadableTranscriptException {
        FileStamp before = FileStamp.of(path);
        TranscriptIndex index = new TranscriptIndex(path);
        Sink sink = new Sink(index, listener, scope);
        listener.progress(index, 0, 0);
        TranscriptReader.Summary summary = TranscriptScan.scan(path, facts, sink);
        sink.publish();
        index.progress(summary.bytesRead(), Math.max(index.fileSize(), summary.bytesRead()));
        if (!sink.stopped) {
            int last = index.size() - 1;
            if (last >= 0 && index.offset(last) + index.length(last) >= summary.bytesRead()) {
                int f = index.flags(last);
                index.setFlags(last, f | RowFlags.UNTERMINATED);
            }
            TranscriptJudgement judgement = new TranscriptJudgement(sink.terminal(path, summary.bytesRead()),
                    sink.calls == null ? null : sink.calls.build(),
                    sink.scripts == null ? null : sink.scripts.finish(), sink.usage == null ? null : sink.usage.build());
            // stamped again after the last read of the file (the terminal record may be re-read from it)
            index.finish(summary.physicalLines(), judgement, FileStamp.changedSince(path, before, summary.bytesRead()));
        }
        listener.progress(index, index.bytesIndexed(), index.fileSize());
        return index;
    }

    /** Takes each line's facts into the index, the call stream and the block linker. */
    static final class Sink implements TranscriptScan.Sink<RecordFacts> {
        private final TranscriptIndex index;
        private final Listener listener;
        /** The call stream, or null when the pass builds the block links only ({@link Scope#BLOCKS}). */
        final CallStreamBuilder calls;
        /** The block linker, or null when the pass builds the calls only ({@link Scope#CALLS}). */
        final ScriptLinker scripts;
        /** What the model calls used (docs/COST.md), or null when the scope reads none ({@link Scope#readsUsage}). */
        final UsageBuilder usage;
        private final CallPairing pairing = new CallPairing();
        /** Per call of the file (every {@code tool_use}): its row, its place in the call stream, its submission. */
        private int[] callRow = new int[64];
        private int[] streamCall = new int[64];
        private int[] submission = new int[64];
        private int written;
        private int terminal = -1;
        private byte[] terminalJson;
        private long records;
        private long problems;
        private long sidechain;
        /** The harness's terminal rules, from the first record's reader (Claude Code's for a file with no record). */
        private TerminalTrack track;
        private final TranscriptContents.Tally tally = new TranscriptContents.Tally();
        boolean stopped;

        /** A sink building what {@code scope} names. */
        Sink(TranscriptIndex index, Listener listener, Scope scope) {
            this.index = index;
            this.listener = listener;
            this.calls = scope.buildsCalls() ? new CallStreamBuilder() : null;
            this.scripts = scope.buildsBlocks() ? new ScriptLinker() : null;
            this.usage = scope.readsUsage() ? new UsageBuilder() : null;
        }

        /** The record's part in what the model calls used: a prompt starts a turn, a usage bills. */
        private void usage(RecordFacts f, SourceSpan span) {
            if ((f.flags & RowFlags.PROMPT) != 0) {
                usage.prompt(span.line());
            }
            if (f.modelInForce != null) {
                usage.model(f.modelInForce);
            }
            if (f.usage) {
                if (f.usageEvent) {
                    usage.tokenCount(span.line(), f.usageTokens, f.usageTotal, f.timestampText);
                } else if (f.usageTokens != null) {
                    usage.message(span.line(), f.model, f.messageId, f.requestId, f.usageTokens, f.timestampText);
                }
            }
        }

        @Override
        public boolean record(SourceSpan span, RecordFacts f) {
            TerminalTrack track = this.track;
            if (track == null) {
                track = this.track = f.track();
                index.harness(f.harness());
            }
            String firstTool = null;
            for (RecordFacts.Item item : f.items) {
                if (item.kind == RecordFacts.Item.TOOL_USE) {
                    firstTool = item.name;
                    break;
                }
            }
            int row = written++;
            index.write(row, span.line(), span.offset(), span.length(), f.time, f.flags,
                    index.kinds.code(f.type == null ? "" : f.type), index.models.code(f.model),
                    firstTool == null ? Names.NONE : index.tools.code(firstTool), index.roles.code(f.role));
            records++;
            boolean sidechainRecord = (f.flags & RowFlags.SIDECHAIN) != 0;
            if (sidechainRecord) {
                sidechain++;
            }
            boolean assistant = (f.flags & RowFlags.ASSISTANT_TURN) != 0;
            if (assistant) {
                terminal = row;
                terminalJson = f.assistantJson;
            } else {
                tally.record(f.tallyType());
            }
            track.record(f, span, assistant);
            if (usage != null) {
                usage(f, span);
            }
            index.identity(f.sessionId, f.agentId);
            if (f.version != null && f.wantVersion) { // the first record that states it; none read after
                index.harnessVersion(f.version);
                f.wantVersion = false;
            }
            if (f.linkedAgentId != null) {
                index.addAgentLink(new AgentLink(row, f.linkedAgentId));
            }
            boolean linking = scripts != null;
            boolean answer = assistant || f.modelCalls; // the model's: its calls are its turn's submissions
            if (linking && answer) {
                scripts.startAssistant(sidechainRecord, f.agentId, span);
                if (f.contentText != null) {
                    scripts.text(f.contentText, -1, f.contentCut, RecordFacts.KEPT_TEXT_CHARS);
                }
            } else if (linking && (f.flags & RowFlags.PROMPT) != 0) {
                scripts.prompt(sidechainRecord, f.agentId, span.line());
            }
            if (f.contentList) {
                if (calls != null) {
                    calls.record(span.line(), span.offset(), span.length(), f.messageId);
                }
                for (int i = 0; i < f.items.size(); i++) {
                    RecordFacts.Item item = f.items.get(i);
                    switch (item.kind) {
                        case RecordFacts.Item.TEXT -> {
                            if (linking && assistant && item.text != null) {
                                scripts.text(item.text, i, item.cut, RecordFacts.KEPT_TEXT_CHARS);
                            }
                        }
                        case RecordFacts.Item.TOOL_USE -> call(row, item, answer);
                        case RecordFacts.Item.TOOL_RESULT -> result(row, item);
                        default -> { }
                    }
                }
            }
            if (linking && answer) {
                scripts.endAssistant();
            }
            return !stopped;
        }

        private void call(int row, RecordFacts.Item item, boolean assistant) {
            int call = pairing.call(item.id);
            if (call == callRow.length) {
                int n = call * 2;
                callRow = Arrays.copyOf(callRow, n);
                streamCall = Arrays.copyOf(streamCall, n);
                submission = Arrays.copyOf(submission, n);
            }
            callRow[call] = row;
            // a call with no name cannot be gated or be a precursor; only an answer's calls are submissions
            streamCall[call] = item.name == null || calls == null
                    ? -1 : calls.toolUse(item.id, item.name, item.filePath, item.command);
            submission[call] = assistant && scripts != null ? scripts.toolUse(item.id, item.name, item.program) : -1;
        }

        private void result(int row, RecordFacts.Item item) {
            int call = pairing.result(item.id);
            if (call < 0) {
                return; // an orphan: its call is not in this file, or was answered already
            }
            int callRowNumber = callRow[call];
            if (index.pendingPair(row) < 0) { // a row holding several results names its first answered call
                index.setPair(row, callRowNumber);
                index.setTool(row, index.toolCode(callRowNumber));
            }
            if (index.pendingPair(callRowNumber) < 0) {
                index.setPair(callRowNumber, row);
            }
            if (streamCall[call] >= 0) {
                calls.answered(streamCall[call], item.error, item.created);
            }
            if (submission[call] >= 0) {
                scripts.answered(submission[call], item.error, item.exitCode);
            }
        }

        @Override
        public boolean problem(ProblemLine p) {
            SourceSpan span = p.span();
            int row = written++;
            index.write(row, span.line(), span.offset(), span.length(), Timestamps.NONE, RowFlags.PROBLEM,
                    p.kind().ordinal(), Names.NONE, Names.NONE, Names.NONE);
            problems++;
            tally.problem(p);
            index.keepProblemMessage(row, p.message());
            if (calls != null) {
                calls.problemLine();
            }
            if (scripts != null) {
                scripts.problemLine();
            }
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

        /**
         * The terminal verdict (docs/VERDICTS.md, "Terminal verdict", "Codex CLI"), by the harness's rules: the last
         * assistant turn (Claude Code's from the bytes the pass kept of it; a record over
         * {@link RecordFacts#KEPT_ASSISTANT_BYTES} is re-read, that one line only), what followed it, the agent's kind
         * and parent and, when nothing was delivered, what the file holds.
         */
        TerminalVerdict terminal(Path path, long bytes) {
            TerminalTrack t = track == null ? new ClaudeCodeTrack() : track;
            int row = terminal;
            byte[] json = terminalJson;
            return t.verdict(path, () -> row < 0 ? TerminalEvidence.notFound()
                    : TerminalVerdicts.evidence(path, index.span(row), json), tally.of(bytes));
        }
    }
}

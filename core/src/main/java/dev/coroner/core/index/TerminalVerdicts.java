package dev.coroner.core.index;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.coroner.core.read.ProblemLine;
import dev.coroner.core.read.RecordReader;
import dev.coroner.core.read.SourceSpan;
import dev.coroner.core.read.TailReader;
import dev.coroner.core.read.TranscriptJson;
import dev.coroner.core.read.TranscriptLine;
import dev.coroner.core.read.TranscriptRecord;
import dev.coroner.core.read.TranscriptScan;
import dev.coroner.core.read.UnreadableTranscriptException;
import dev.coroner.core.terminal.AgentKind;
import dev.coroner.core.terminal.TerminalClassifier;
import dev.coroner.core.terminal.TerminalEvidence;
import dev.coroner.core.terminal.TerminalRecords;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.core.terminal.TrailingFailure;
import dev.coroner.core.terminal.TranscriptContents;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * Judges a transcript file from its end (docs/VERDICTS.md, "Terminal verdict"): the cost depends on where the terminal
 * record is, not on the file's size. On the way back it meets what follows the terminal record — the trailing API
 * failure — and, when there is no terminal record, everything the file holds. A sub-agent file's prompts are read from
 * the start, up to the first that is not a warm-up. The answer equals the one pass's ({@link TranscriptPass}).
 */
public final class TerminalVerdicts {
    /** A sub-agent's first prompt is near its start: its head is read this much at a time. */
    private static final int HEAD_CHUNK_BYTES = 16 * 1024;

    private TerminalVerdicts() {
    }

    public static TerminalVerdict judge(Path path) {
        return judge(path, problem -> { });
    }

    /**
     * The same, handing each problem line the walk from the end reads to {@code problems}, last first: the lines after
     * the terminal record, and none before it (docs/VERDICTS.md, "Command line"). Their line numbers are 0 (unknown).
     */
    public static TerminalVerdict judge(Path path, java.util.function.Consumer<ProblemLine> problems) {
        try {
            TerminalTrack track = head(path);
            return track instanceof CodexTrack codex ? codex(path, codex, problems)
                    : claudeCode(path, (ClaudeCodeTrack) track, problems);
        } catch (UnreadableTranscriptException e) {
            return unreadable(path, e.reason());
        }
    }

    /**
     * Claude Code from the end (docs/VERDICTS.md, "Terminal verdict"): back to the last assistant record, meeting the
     * trailing API failure (the last {@code api_error}) on the way.
     */
    private static TerminalVerdict claudeCode(Path path, ClaudeCodeTrack track,
                                              java.util.function.Consumer<ProblemLine> problems)
            throws UnreadableTranscriptException {
        ClaudeCodeFacts facts = new ClaudeCodeFacts();
        TranscriptContents.Tally tally = new TranscriptContents.Tally();
        TranscriptRecord[] terminal = {null};
        SourceSpan[] failure = {null};
        TrailingFailure[] trailing = {null};
        long size = TailReader.linesBack(path, line -> {
            if (!(line instanceof TranscriptRecord r)) {
                tally.problem((ProblemLine) line);
                problems.accept((ProblemLine) line);
                return true;
            }
            ClaudeCodeFacts f = (ClaudeCodeFacts) read(facts, r);
            if ((f.flags & RowFlags.ASSISTANT_TURN) != 0) {
                terminal[0] = r;
                return false;
            }
            tally.record(f.tallyType());
            if (failure[0] == null && f.isApiFailure()) {
                failure[0] = r.span();
                trailing[0] = f.apiFailure(0);
            }
            return true;
        });
        TrailingFailure t = trailing[0];
        if (t != null) {
            t = TrailingFailure.of(TailReader.lineAt(path, failure[0].offset()), t.attempt(), t.max(), t.status(),
                    t.cause());
        }
        track.trailing(t);
        TerminalEvidence evidence = terminal[0] == null ? TerminalEvidence.notFound()
                : TerminalRecords.evidence(terminal[0]);
        return track.verdict(path, () -> evidence, tally.of(size));
    }

    /**
     * Codex from the end (docs/VERDICTS.md, "Codex CLI"): back to the last assistant message and the last turn-lifecycle
     * event, whichever comes first; the lines of the last record and of an abort are counted only when the verdict
     * names them.
     */
    private static TerminalVerdict codex(Path path, CodexTrack track,
                                         java.util.function.Consumer<ProblemLine> problems)
            throws UnreadableTranscriptException {
        CodexFacts facts = new CodexFacts();
        TranscriptContents.Tally tally = new TranscriptContents.Tally();
        long[] last = {-1};
        long[] lifecycleAt = {-1};
        boolean[] answered = {false};
        long size = TailReader.linesBack(path, line -> {
            if (!(line instanceof TranscriptRecord r)) {
                if (!answered[0]) {
                    tally.problem((ProblemLine) line);
                    problems.accept((ProblemLine) line);
                }
                return true;
            }
            CodexFacts f = (CodexFacts) read(facts, r);
            if (last[0] < 0) {
                last[0] = r.span().offset();
            }
            if (lifecycleAt[0] < 0 && f.lifecycle != CodexFacts.NO_LIFECYCLE) {
                lifecycleAt[0] = r.span().offset();
                track.lifecycle(f, 0);
            }
            if (!answered[0]) {
                if ((f.flags & RowFlags.ASSISTANT_TURN) != 0) {
                    answered[0] = true;
                    track.answer(f, r.span().offset());
                } else {
                    tally.record(f.tallyType());
                }
            }
            return !(answered[0] && lifecycleAt[0] >= 0);
        });
        if (track.lifecycleEvent() == CodexFacts.TURN_STARTED) {
            track.lastLine(TailReader.lineAt(path, last[0]));
        } else if (track.lifecycleEvent() == CodexFacts.TURN_ABORTED) {
            track.lifecycleLine(TailReader.lineAt(path, lifecycleAt[0]));
        }
        return track.verdict(path, TerminalEvidence::notFound, tally.of(size));
    }

    private static RecordFacts read(RecordFacts facts, TranscriptRecord r) {
        try {
            return facts.read(r.json());
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a tree in memory does not fail to stream
        }
    }

    /**
     * {@code r} read as an API failure (docs/VERDICTS.md, "Trailing API failure"), at its span's line, or null when it is
     * no {@code system} record of subtype {@code api_error}: the one reading of those fields, for whoever shows them.
     */
    public static TrailingFailure apiFailure(TranscriptRecord r) {
        ClaudeCodeFacts f = (ClaudeCodeFacts) read(new ClaudeCodeFacts(), r);
        return f.isApiFailure() ? f.apiFailure(r.span().line()) : null;
    }

    /** The verdict on a file that cannot be read; its kind is what its name says. */
    public static TerminalVerdict unreadable(Path path, String reason) {
        return TerminalClassifier.classify(TerminalEvidence.unreadable(reason), AgentKind.byName(fileName(path)), null,
                null);
    }

    /**
     * The file's harness and whom its agent worked for, from its head (docs/VERDICTS.md, "Agent kind"): its first record
     * names the harness, whose rules read on only as far as they need (Claude Code: a sub-agent's prompts up to the
     * first that is not a warm-up, and its {@code sessionId}; Codex: the first {@code session_meta}).
     */
    static TerminalTrack head(Path path) throws UnreadableTranscriptException {
        String name = fileName(path);
        TerminalTrack[] track = {null};
        TranscriptScan.scan(path, new HarnessReader(), new TranscriptScan.Sink<RecordFacts>() {
            @Override
            public boolean record(SourceSpan span, RecordFacts f) {
                if (track[0] == null) {
                    track[0] = f.track();
                }
                track[0].head(f);
                return !track[0].headKnown(name);
            }

            @Override
            public boolean problem(ProblemLine problem) {
                return true;
            }
        }, HEAD_CHUNK_BYTES);
        return track[0] == null ? new ClaudeCodeTrack() : track[0];
    }

    static String fileName(Path path) {
        Path name = path.getFileName();
        return name == null ? path.toString() : name.toString();
    }

    /** The terminal record's evidence from the bytes a reader kept of it; a record too long to keep is re-read. */
    static TerminalEvidence evidence(Path path, SourceSpan span, byte[] json) throws UnreadableTranscriptException {
        try {
            if (json != null) {
                ObjectNode tree = (ObjectNode) TranscriptJson.readTree(json);
                return TerminalRecords.evidence(new TranscriptRecord(span, tree));
            }
            TranscriptLine line = RecordReader.read(path, span);
            if (line instanceof TranscriptRecord r && r.isAssistantTurn()) {
                return TerminalRecords.evidence(r);
            }
            return TerminalEvidence.unreadable("the file changed while it was read");
        } catch (IOException e) {
            return TerminalEvidence.unreadable(e.getMessage());
        }
    }
}

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
            RecordFacts facts = new RecordFacts();
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
                RecordFacts f = read(facts, r);
                if ((f.flags & RowFlags.ASSISTANT_TURN) != 0) {
                    terminal[0] = r;
                    return false;
                }
                tally.record(f.type);
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
            AgentKind kind = kind(path);
            TerminalEvidence evidence = terminal[0] == null ? TerminalEvidence.notFound()
                    : TerminalRecords.evidence(terminal[0]);
            return TerminalClassifier.classify(evidence, kind, t, tally.of(size));
        } catch (UnreadableTranscriptException e) {
            return unreadable(path, e.reason());
        }
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
        RecordFacts f = read(new RecordFacts(), r);
        return f.isApiFailure() ? f.apiFailure(r.span().line()) : null;
    }

    /** The verdict on a file that cannot be read; its kind is what its name says. */
    public static TerminalVerdict unreadable(Path path, String reason) {
        return TerminalClassifier.classify(TerminalEvidence.unreadable(reason), AgentKind.byName(fileName(path)), null,
                null);
    }

    /**
     * Whom the agent in {@code path} worked for (docs/VERDICTS.md, "Agent kind"): the name says, except that a sub-agent
     * whose every prompt is a warm-up is the harness's. Reads from the start up to the first other prompt.
     */
    static AgentKind kind(Path path) throws UnreadableTranscriptException {
        String name = fileName(path);
        if (AgentKind.byName(name) != AgentKind.SUBAGENT) {
            return AgentKind.byName(name);
        }
        int[] prompts = {0};
        boolean[] other = {false};
        TranscriptScan.scan(path, new RecordFacts(), new TranscriptScan.Sink<RecordFacts>() {
            @Override
            public boolean record(SourceSpan span, RecordFacts f) {
                if ((f.flags & RowFlags.PROMPT) != 0) {
                    prompts[0]++;
                    other[0] = !f.isWarmupPrompt();
                }
                return !other[0];
            }

            @Override
            public boolean problem(ProblemLine problem) {
                return true;
            }
        }, HEAD_CHUNK_BYTES);
        return AgentKind.of(name, prompts[0] > 0 && !other[0]);
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

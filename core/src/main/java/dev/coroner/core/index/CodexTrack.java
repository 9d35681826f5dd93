package dev.coroner.core.index;

import dev.coroner.core.read.SourceSpan;
import dev.coroner.core.terminal.AgentKind;
import dev.coroner.core.terminal.TerminalClassifier;
import dev.coroner.core.terminal.TerminalEvidence;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.core.terminal.TrailingFailure;
import dev.coroner.core.terminal.TranscriptContents;
import java.nio.file.Path;

/**
 * Codex CLI's terminal rules (docs/VERDICTS.md, "Codex CLI"): the last assistant {@code message} (HEALTHY when it has
 * a non-blank {@code output_text}); the trailing failure from the last turn-lifecycle event (a start with no end:
 * CUT_OFF at the last record; {@code turn_aborted}: its class at its line; a completion: none); kind and parent from
 * the file's FIRST {@code session_meta} (a later one is a copy of the parent's).
 */
final class CodexTrack extends TerminalTrack {
    private boolean meta;
    private boolean subagent;
    private String parent;
    private boolean answered;
    private boolean answerHasText;
    private String answerLead;
    private long answerOffset = -1;
    private int lifecycle = CodexFacts.NO_LIFECYCLE;
    private long lifecycleLine;
    private String abortReason;
    private long lastLine;

    @Override
    void record(RecordFacts r, SourceSpan span, boolean assistant) {
        CodexFacts f = (CodexFacts) r;
        head(f);
        lastLine = span.line();
        if (assistant) {
            answer(f, span.offset());
        }
        if (f.lifecycle != CodexFacts.NO_LIFECYCLE) {
            lifecycle(f, span.line());
        }
    }

    @Override
    void head(RecordFacts r) {
        CodexFacts f = (CodexFacts) r;
        if (!meta && f.sessionMeta) {
            meta = true;
            subagent = f.subagent;
            parent = f.subagent ? f.parentThread : null;
        }
    }

    @Override
    boolean headKnown(String fileName) {
        return meta;
    }

    /** The last assistant message (the walk from the end: the first it meets). */
    void answer(CodexFacts f, long offset) {
        answered = true;
        answerHasText = f.answerHasText;
        answerLead = f.answerLead;
        answerOffset = offset;
    }

    /** The last lifecycle event, at {@code line} (the walk from the end: the first it meets). */
    void lifecycle(CodexFacts f, long line) {
        lifecycle = f.lifecycle;
        lifecycleLine = line;
        abortReason = f.abortReason;
    }

    /** The last lifecycle event's line (the walk from the end counts it). */
    void lifecycleLine(long line) {
        lifecycleLine = line;
    }

    /** The last record's line (the walk from the end counts it). */
    void lastLine(long line) {
        lastLine = line;
    }

    /** What follows the last answer, as the last lifecycle event says: null when the last turn completed. */
    TrailingFailure trailing() {
        return switch (lifecycle) {
            case CodexFacts.TURN_STARTED -> TrailingFailure.codexCutOff(lastLine);
            case CodexFacts.TURN_ABORTED -> TrailingFailure.codexAborted(lifecycleLine, abortReason);
            default -> null;
        };
    }

    int lifecycleEvent() {
        return lifecycle;
    }

    long lifecycleLine() {
        return lifecycleLine;
    }

    @Override
    TerminalVerdict verdict(Path path, Evidence evidence, TranscriptContents contents) {
        AgentKind kind = subagent ? AgentKind.SUBAGENT : AgentKind.SESSION;
        TerminalEvidence e = !answered ? TerminalEvidence.notFound()
                : new TerminalEvidence(true, true, null, null, false, null, null, null,
                        answerLead == null ? "" : answerLead, answerHasText, answerOffset, null);
        return TerminalClassifier.classifyCodex(e, kind, parent, trailing(), contents);
    }
}

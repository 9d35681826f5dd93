package dev.coroner.core.index;

import dev.coroner.core.read.Harness;
import dev.coroner.core.read.SourceSpan;
import dev.coroner.core.read.UnreadableTranscriptException;
import dev.coroner.core.terminal.AgentKind;
import dev.coroner.core.terminal.TerminalClassifier;
import dev.coroner.core.terminal.TerminalEvidence;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.core.terminal.TrailingFailure;
import dev.coroner.core.terminal.TranscriptContents;
import java.nio.file.Path;

/**
 * Claude Code's terminal rules (docs/VERDICTS.md, "Terminal verdict"): the last assistant record, the trailing API
 * failure after it (the last {@code system} {@code api_error}), the agent's kind from the file name and, for a
 * sub-agent, its prompts (a warm-up agent is the harness's: {@link AgentKind#of}), and the parent {@code sessionId}
 * an {@code agent-*.jsonl} file names.
 */
final class ClaudeCodeTrack extends TerminalTrack {
    private TrailingFailure trailing;
    private int prompts;
    private boolean otherPrompt;
    private String sessionId;

    @Override
    void record(RecordFacts r, SourceSpan span, boolean assistant) {
        ClaudeCodeFacts f = (ClaudeCodeFacts) r;
        if (assistant) {
            trailing = null;
        } else if (f.isApiFailure()) {
            trailing = f.apiFailure(span.line());
        }
        head(f);
    }

    @Override
    void head(RecordFacts r) {
        ClaudeCodeFacts f = (ClaudeCodeFacts) r;
        if ((f.flags & RowFlags.PROMPT) != 0) {
            prompts++;
            otherPrompt |= !f.isWarmupPrompt();
        }
        if (sessionId == null) {
            sessionId = f.sessionId;
        }
    }

    @Override
    boolean headKnown(String fileName) {
        AgentKind byName = AgentKind.byName(fileName);
        return byName == AgentKind.SESSION
                || sessionId != null && (byName == AgentKind.HARNESS || otherPrompt);
    }

    /** The trailing failure the walk from the end met (it reads no file from the start). */
    void trailing(TrailingFailure t) {
        trailing = t;
    }

    @Override
    TerminalVerdict verdict(Path path, Evidence evidence, TranscriptContents contents) {
        AgentKind kind = AgentKind.of(TerminalVerdicts.fileName(path), prompts > 0 && !otherPrompt);
        String parent = kind == AgentKind.SESSION ? null : sessionId;
        try {
            return TerminalClassifier.classify(evidence.read(), kind, trailing, contents)
                    .of(Harness.CLAUDE_CODE, parent);
        } catch (UnreadableTranscriptException e) {
            return TerminalClassifier.classify(TerminalEvidence.unreadable(e.reason()), kind, null, null)
                    .of(Harness.CLAUDE_CODE, parent);
        }
    }
}

package dev.coroner.core.index;

import dev.coroner.core.precursor.CallStream;
import dev.coroner.core.precursor.ObservedTranscript;
import dev.coroner.core.scripts.ScriptReport;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.core.usage.TranscriptUsage;

/**
 * What the one pass keeps of a transcript to judge it without reading it again (docs/ARCHITECTURE.md, "The pass"):
 * the terminal verdict, the call stream any precursor grammar is judged against, the code-block links, and what the
 * model calls used (docs/COST.md). A pass asked for one of the two leaves the other null ({@link TranscriptPass.Scope}),
 * and reads no usage ({@link TranscriptUsage#EMPTY}).
 */
public record TranscriptJudgement(TerminalVerdict terminal, CallStream calls, ScriptReport scripts,
                                  TranscriptUsage usage) {
    public TranscriptJudgement {
        usage = usage == null ? TranscriptUsage.EMPTY : usage;
    }

    /** A judgement with no usage read ({@link TranscriptUsage#EMPTY}). */
    public TranscriptJudgement(TerminalVerdict terminal, CallStream calls, ScriptReport scripts) {
        this(terminal, calls, scripts, TranscriptUsage.EMPTY);
    }

    /** What coverage and the proposer need of this judgement, under the name {@code path}; it needs the calls. */
    public ObservedTranscript observed(String path) {
        return new ObservedTranscript(path, terminal.state(), calls);
    }
}

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
 * and reads no usage.
 *
 * @param usage what the model calls used, or null when the pass's scope read none ({@link #usage()} then refuses)
 */
public record TranscriptJudgement(TerminalVerdict terminal, CallStream calls, ScriptReport scripts,
                                  TranscriptUsage usage) {
    /**
     * What the model calls used. Asked of a pass that read none, it refuses rather than answer "nothing used": a cost
     * of $0 would be a wrong answer, not a missing one.
     *
     * @throws IllegalStateException when the pass's scope read no usage ({@link TranscriptPass.Scope#ALL} reads it)
     */
    @Override
    public TranscriptUsage usage() {
        if (usage == null) {
            throw new IllegalStateException("this transcript was read by a pass that reads no usage; read it with the "
                    + "whole pass (TranscriptPass.Scope.ALL)");
        }
        return usage;
    }

    /** What coverage and the proposer need of this judgement, under the name {@code path}; it needs the calls. */
    public ObservedTranscript observed(String path) {
        return new ObservedTranscript(path, terminal.state(), calls);
    }
}

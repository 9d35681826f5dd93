package dev.coroner.core.index;

import dev.coroner.core.precursor.CallStream;
import dev.coroner.core.precursor.ObservedTranscript;
import dev.coroner.core.scripts.ScriptReport;
import dev.coroner.core.terminal.TerminalVerdict;

/**
 * What the one pass keeps of a transcript to judge it without reading it again (docs/ARCHITECTURE.md, "The pass"):
 * the terminal verdict, the call stream any precursor grammar is judged against, and the code-block links. A pass
 * asked for one of the two leaves the other null ({@link TranscriptPass.Scope}).
 */
public record TranscriptJudgement(TerminalVerdict terminal, CallStream calls, ScriptReport scripts) {
    /** What coverage and the proposer need of this judgement, under the name {@code path}; it needs the calls. */
    public ObservedTranscript observed(String path) {
        return new ObservedTranscript(path, terminal.state(), calls);
    }
}

package dev.coroner.core.precursor;

import dev.coroner.core.terminal.TerminalState;
import java.util.Objects;

/**
 * What coverage and the proposer need of one judged transcript (docs/VERDICTS.md, "Coverage and proposals"): its
 * name, how it ended and its calls. Proposals learn only from transcripts that ended {@link TerminalState#HEALTHY}.
 *
 * @param path  the transcript as it was given; two inputs of one run never share a path
 * @param state its terminal state
 * @param calls its call stream
 */
public record ObservedTranscript(String path, TerminalState state, CallStream calls) {
    public ObservedTranscript {
        Objects.requireNonNull(path);
        Objects.requireNonNull(state);
        Objects.requireNonNull(calls);
    }

    public boolean healthy() {
        return state == TerminalState.HEALTHY;
    }
}

package dev.coroner.core.findings;

import dev.coroner.core.index.TranscriptJudgement;

/**
 * A verdict engine that adds findings and markers to a transcript — the extension point for the precursor gate
 * (WARN markers on REFUTED calls: {@link MarkerKind#WARN}, {@link FindingKind#WARN}) and the code-block matcher
 * (badges: {@link MarkerKind#BLOCK_MATCHED} with the call's line as target, {@link MarkerKind#BLOCK_UNMATCHED}
 * and {@link FindingKind#UNMATCHED_BLOCK}). Runs on a background thread after the one pass, and again from memory
 * whenever a setting changes: it judges only what the pass kept ({@link TranscriptJudgement}), never reads a file.
 */
@FunctionalInterface
public interface FindingSource {
    /**
     * The marker kinds this source judges. Where no source judges a kind, the window shows "not judged" (—) for
     * its counts rather than a zero it never measured: the precursor gate returns {@code Set.of(WARN)}, the
     * code-block matcher {@code Set.of(BLOCK_MATCHED, BLOCK_UNMATCHED)}.
     */
    default java.util.Set<MarkerKind> judges() {
        return java.util.Set.of();
    }

    /**
     * Whether what this source finds depends on the {@link AnalysisSettings}: only such a source is run again when a
     * setting changes (the block matcher does not read the grammar; the precursor gate does).
     */
    default boolean readsSettings() {
        return true;
    }

    /**
     * @param judgement what the one pass kept of the transcript
     * @param settings the person's choices (the grammar)
     * @return what this source found; {@link Contribution#empty} when it has nothing to say
     * @throws Exception when it cannot run: the analysis then carries a {@link FindingKind#SOURCE_FAILED}
     *                   finding with the message, and the other sources still run
     */
    Contribution contribute(TranscriptJudgement judgement, AnalysisSettings settings) throws Exception;
}

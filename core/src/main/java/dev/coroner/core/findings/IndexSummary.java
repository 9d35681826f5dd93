package dev.coroner.core.findings;

import dev.coroner.core.index.TranscriptIndex;
import dev.coroner.core.usage.TranscriptUsage;

/**
 * The figures of an index worth keeping after the index itself is dropped.
 *
 * @param terminalLine the line of the terminal record, 0 when there is none
 * @param changed      why the rows may not be the file's: it changed while it was read ({@link
 *                     TranscriptIndex#changed()}), or null
 * @param usage        what the model calls used (docs/COST.md), {@link TranscriptUsage#EMPTY} when the pass did not
 *                     finish
 */
public record IndexSummary(long rows, long records, long problems, long bytes, long physicalLines,
                           long sidechainRecords, String sessionId, String agentId, long terminalLine,
                           boolean complete, String changed, TranscriptUsage usage) {
    public static final IndexSummary NONE = new IndexSummary(0, 0, 0, 0, 0, 0, null, null, 0, false, null,
            TranscriptUsage.EMPTY);

    public IndexSummary {
        usage = usage == null ? TranscriptUsage.EMPTY : usage;
    }

    public static IndexSummary of(TranscriptIndex index) {
        int t = index.terminalRow();
        return new IndexSummary(index.size(), index.records(), index.problems(), index.bytesIndexed(),
                index.physicalLines(), index.sidechainRecords(), index.sessionId(), index.agentId(),
                t < 0 ? 0 : index.line(t), index.complete(), index.changed(), index.usage());
    }
}

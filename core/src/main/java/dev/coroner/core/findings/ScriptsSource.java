package dev.coroner.core.findings;

import dev.coroner.core.index.TranscriptJudgement;
import dev.coroner.core.scripts.BlockVerdict;
import dev.coroner.core.scripts.ScriptMatcher;
import dev.coroner.core.scripts.ScriptReport;
import java.util.Set;

/**
 * The code-block matcher as a finding source (docs/VERDICTS.md, "Code blocks"): a badge on every fenced block — linked to the call
 * that submitted exactly its program (the window derives the call's "quoted by" link from it), or unmatched with
 * the reason.
 */
public final class ScriptsSource implements FindingSource {
    public static final String NAME = "scripts";

    @Override
    public Set<MarkerKind> judges() {
        return Set.of(MarkerKind.BLOCK_MATCHED, MarkerKind.BLOCK_UNMATCHED);
    }

    /** Blocks are matched the same whatever the grammar: a grammar change does not run this again. */
    @Override
    public boolean readsSettings() {
        return false;
    }

    @Override
    public Contribution contribute(TranscriptJudgement judgement, AnalysisSettings settings) throws Exception {
        ScriptReport report = judgement.scripts(); // kept by the pass: no file is read here
        Findings found = new Findings();
        for (BlockVerdict b : report.blocks()) {
            String label = "block " + b.block().number() + " · " + b.label();
            if (b.matched()) {
                String reason = "byte for byte the program " + b.call().tool() + " " + b.call().toolUseId()
                        + " submitted at line " + b.call().line() + " (call " + b.call().dispatch() + " of its turn); "
                        + "the call's outcome: " + b.label()
                        + (b.exitCode() == null ? "" : ", exit code " + b.exitCode())
                        + (b.alsoMatches() > 0 ? "; " + b.alsoMatches() + " other call(s) of the turn submitted it too" : "");
                found.mark(Marker.at(b.line(), MarkerKind.BLOCK_MATCHED, label, reason, b.call().line()));
            } else {
                String why = b.reason().label();
                String reason = switch (b.reason()) {
                    case NO_SUBMISSION_THIS_TURN -> "no call of this turn submitted exactly this program; "
                            + b.closest().sentence();
                    case OVER_SIZE -> String.format("over %,d UTF-8 bytes: never compared", ScriptMatcher.MAX_SCRIPT_BYTES);
                    case KEPT_OUT -> String.format("beyond the first %d blocks of its record: never compared",
                            ScriptMatcher.MAX_BLOCKS_PER_RECORD);
                };
                long target = b.earlierTurnCall() == null ? 0 : b.earlierTurnCall().line();
                found.mark(Marker.at(b.line(), MarkerKind.BLOCK_UNMATCHED, "block " + b.block().number() + " · " + why,
                        reason, target));
                found.add(FindingKind.UNMATCHED_BLOCK, b.record(), "block " + b.block().number() + " unmatched: " + why,
                        reason);
            }
        }
        return found.contribution(NAME);
    }
}

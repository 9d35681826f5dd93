package dev.coroner.core.findings;

import dev.coroner.core.index.TranscriptJudgement;
import dev.coroner.core.precursor.CallStream;
import dev.coroner.core.precursor.GrammarResult;
import dev.coroner.core.precursor.PrecursorGate;
import dev.coroner.core.precursor.PrecursorVerdict;
import java.util.Set;

/**
 * The precursor gate as a finding source (docs/VERDICTS.md, "Precursor gate"): a WARN marker and finding on every REFUTED call of a tool
 * the chosen grammar gates. An EXEMPT call (a forensic exemption applied) is informational, like an ATTESTED one:
 * it raises no WARN and puts no mark. No grammar chosen, nothing to say; a grammar that does not load is reported as a
 * failed source with its first positioned error, never replaced by a silent default.
 */
public final class PrecursorSource implements FindingSource {
    public static final String NAME = "precursor";

    @Override
    public Set<MarkerKind> judges() {
        return Set.of(MarkerKind.WARN);
    }

    @Override
    public Contribution contribute(TranscriptJudgement judgement, AnalysisSettings settings) throws Exception {
        if (settings.grammar() == null) {
            return Contribution.empty(NAME);
        }
        GrammarResult grammar = settings.loaded(); // loaded once per change of grammar, not once per transcript
        if (!grammar.ok()) {
            throw new IllegalArgumentException(grammar.errors().get(0).describe(settings.grammar().getFileName().toString()));
        }
        CallStream stream = judgement.calls(); // kept by the pass: no file is read here
        Findings found = new Findings();
        for (PrecursorVerdict v : PrecursorGate.evaluate(grammar.grammar(), stream)) {
            if (!v.warns()) {
                continue;
            }
            // the lookups as the grammar spells them; the matching behind them is canonical
            String required = String.join(" or ", grammar.grammar().rule(v.call().tool()).spelled());
            String reason = v.call().tool() + " · REFUTED · required " + required + ": " + v.reason();
            found.add(FindingKind.WARN, stream.span(v.call().index()), "WARN: " + v.call().tool() + " before " + required,
                    reason);
            found.mark(Marker.at(v.call().line(), MarkerKind.WARN, "WARN " + v.call().tool(), reason, 0));
        }
        return found.contribution(NAME);
    }
}

package dev.coroner.core.findings;

import dev.coroner.core.index.TranscriptJudgement;
import dev.coroner.core.precursor.CallStream;
import dev.coroner.core.precursor.GrammarResult;
import dev.coroner.core.precursor.PrecursorGate;
import dev.coroner.core.precursor.PrecursorVerdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The precursor gate as a finding source (DESIGN §4): a WARN marker and finding on every REFUTED call of a tool
 * the chosen grammar gates. No grammar chosen, nothing to say; a grammar that does not load is reported as a
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
        List<Finding> findings = new ArrayList<>();
        List<Marker> markers = new ArrayList<>();
        for (PrecursorVerdict v : PrecursorGate.evaluate(grammar.grammar(), stream)) {
            if (!v.warns()) {
                continue;
            }
            long line = v.call().line();
            long offset = stream.offset(v.call().index());
            String reason = v.call().tool() + " · REFUTED · required " + String.join(" or ", v.required()) + ": " + v.reason();
            findings.add(Finding.of(FindingKind.WARN, line, offset, "WARN: " + v.call().tool() + " before "
                    + String.join(" or ", v.required()), reason));
            markers.add(Marker.at(line, MarkerKind.WARN, "WARN " + v.call().tool(), reason, 0));
        }
        return new Contribution(NAME, findings, markers);
    }
}

package dev.coroner.core.precursor;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * Coverage (docs/VERDICTS.md, "Coverage and proposals"): the tools seen in a corpus that look mutating
 * ({@link MutatingTools}) and that no rule of the grammar gates, each with its calls and where the first few are. A pure
 * function of the transcripts and the grammar: the same answer whatever order the transcripts come in.
 */
public final class Coverage {
    /** How many calls of each tool are named, so a person can open them. */
    public static final int EXAMPLES = 3;

    private Coverage() {
    }

    /** The ungated mutating-looking tools: most calls first, then byte-wise by canonical name. */
    public static List<UngatedTool> ungated(Collection<ObservedTranscript> transcripts, PrecursorGrammar grammar) {
        ToolCensus census = new ToolCensus(ToolCensus.inPathOrder(transcripts), grammar, EXAMPLES);
        List<UngatedTool> out = new ArrayList<>();
        for (ToolCensus.Entry e : census.entries()) {
            String tool = e.spelling();
            if (grammar.ruleByCanonical(e.canonical) == null && MutatingTools.looksMutating(tool)) {
                out.add(new UngatedTool(tool, e.canonical, List.copyOf(e.spellings.keySet()), e.calls, e.transcripts,
                        e.examples));
            }
        }
        // the census is already in canonical order and the sort is stable: equal counts keep it
        out.sort(Comparator.comparingInt(UngatedTool::calls).reversed());
        return List.copyOf(out);
    }
}

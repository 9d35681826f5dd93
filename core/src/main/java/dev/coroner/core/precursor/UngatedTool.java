package dev.coroner.core.precursor;

import java.util.List;
import java.util.Objects;

/**
 * A tool that looks mutating and that no rule of the grammar gates (docs/VERDICTS.md, "Coverage and proposals").
 *
 * @param tool        the spelling most of its calls use (ties: the first in byte-wise order), the name a new rule takes
 * @param canonical   its canonical name under the grammar
 * @param spellings   every spelling seen, byte-wise order
 * @param calls       how many calls, in every transcript given
 * @param transcripts in how many transcripts
 * @param examples    the first {@link Coverage#EXAMPLES} calls in path and line order
 */
public record UngatedTool(String tool, String canonical, List<String> spellings, int calls, int transcripts,
                          List<CallSite> examples) {
    public UngatedTool {
        Objects.requireNonNull(tool);
        Objects.requireNonNull(canonical);
        spellings = List.copyOf(spellings);
        examples = List.copyOf(examples);
    }
}

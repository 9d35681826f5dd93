package dev.coroner.app.ui.model;

import dev.coroner.core.precursor.PrecursorStance;
import java.util.List;

/**
 * Why the precursor gate said what it said about one call of the record shown (docs/VERDICTS.md, "Explanations"):
 * the core's sentence and links to the evidence it names.
 *
 * @param tool     the call's tool, as the transcript spells it
 * @param stance   the gate's stance, or null when no rule names the tool
 * @param sentence the core's explanation
 * @param links    the lookup call and its result (ATTESTED), the earlier write (EXEMPT by own_write)
 */
public record CallExplanation(String tool, PrecursorStance stance, String sentence, List<DetailLink> links) {
    public CallExplanation {
        links = List.copyOf(links);
    }
}

package dev.coroner.core.precursor;

import dev.coroner.core.text.CodePointOrder;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One transcript's precursor findings at a glance, for the corpus view and the command line: how many gated
 * calls, how each was judged, and which tools were WARNed.
 *
 * @param gated       calls of a gated tool
 * @param attested    of those, ATTESTED
 * @param refuted     of those, REFUTED: each one a WARN
 * @param noSignal    of those, NO_SIGNAL (nothing had come back yet)
 * @param exempt      of those, EXEMPT by a forensic exemption (never a WARN)
 * @param warnedTools tool as the transcript spells it → how many WARNs, in code point order
 */
public record PrecursorSummary(int gated, int attested, int refuted, int noSignal, int exempt,
                               Map<String, Integer> warnedTools) {
    public PrecursorSummary {
        Map<String, Integer> sorted = new TreeMap<>(CodePointOrder.COMPARATOR);
        sorted.putAll(warnedTools);
        warnedTools = Collections.unmodifiableMap(sorted);
    }

    /** Counts the verdicts of gated calls; verdicts on calls no rule names are left out. */
    public static PrecursorSummary of(List<PrecursorVerdict> verdicts) {
        int attested = 0;
        int refuted = 0;
        int noSignal = 0;
        int exempt = 0;
        int gated = 0;
        Map<String, Integer> warned = new TreeMap<>(CodePointOrder.COMPARATOR);
        for (PrecursorVerdict v : verdicts) {
            if (v.required().isEmpty()) {
                continue; // not a gated call: the gate made no claim about it
            }
            gated++;
            switch (v.stance()) {
                case ATTESTED -> attested++;
                case REFUTED -> {
                    refuted++;
                    warned.merge(v.call().tool(), 1, Integer::sum);
                }
                case NO_SIGNAL -> noSignal++;
                case EXEMPT -> exempt++;
            }
        }
        return new PrecursorSummary(gated, attested, refuted, noSignal, exempt, warned);
    }

    /** The number of WARNs: one per REFUTED call. */
    public int warnings() {
        return refuted;
    }

    /**
     * "2 WARN (Edit ×1, Write ×1) · 5 gated calls: 3 ATTESTED, 2 REFUTED, 0 NO_SIGNAL", and ", 4 EXEMPT" when an
     * exemption applied (so a grammar without exemptions reads as it always did).
     */
    public String describe() {
        StringBuilder s = new StringBuilder();
        if (refuted == 0) {
            s.append("no WARN");
        } else {
            s.append(refuted).append(" WARN (");
            String sep = "";
            for (Map.Entry<String, Integer> e : warnedTools.entrySet()) {
                s.append(sep).append(e.getKey()).append(" ×").append(e.getValue());
                sep = ", ";
            }
            s.append(')');
        }
        return s.append(" · ").append(gated).append(gated == 1 ? " gated call: " : " gated calls: ")
                .append(attested).append(" ATTESTED, ").append(refuted).append(" REFUTED, ")
                .append(noSignal).append(" NO_SIGNAL")
                .append(exempt == 0 ? "" : ", " + exempt + " EXEMPT").toString();
    }
}

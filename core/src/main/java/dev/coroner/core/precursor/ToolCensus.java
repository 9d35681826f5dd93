package dev.coroner.core.precursor;

import dev.coroner.core.text.CodePointOrder;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every tool seen in a set of transcripts, by its canonical name under a grammar: spellings, calls, transcripts and the
 * first few calls. Built from transcripts in byte-wise path order, with sorted maps only, so nothing depends on the
 * order the transcripts were given or judged in (docs/VERDICTS.md, "Coverage and proposals").
 */
final class ToolCensus {
    static final class Entry {
        final String canonical;
        final TreeMap<String, Integer> spellings = new TreeMap<>(CodePointOrder.COMPARATOR);
        int calls;
        int transcripts;
        final List<CallSite> examples = new ArrayList<>();

        Entry(String canonical) {
            this.canonical = canonical;
        }

        /** The spelling most calls use; ties go to the first in byte-wise order. */
        String spelling() {
            String best = null;
            int most = -1;
            for (Map.Entry<String, Integer> e : spellings.entrySet()) {
                if (e.getValue() > most) {
                    best = e.getKey();
                    most = e.getValue();
                }
            }
            return best;
        }
    }

    private final TreeMap<String, Entry> byCanonical = new TreeMap<>(CodePointOrder.COMPARATOR);

    ToolCensus(List<ObservedTranscript> inPathOrder, PrecursorGrammar grammar, int examples) {
        for (ObservedTranscript t : inPathOrder) {
            CallStream s = t.calls();
            String[] canonicalOfTool = new String[s.distinctTools()];
            for (int k = 0; k < canonicalOfTool.length; k++) {
                canonicalOfTool[k] = grammar.canonical(s.tool(k));
            }
            java.util.Set<String> here = new java.util.HashSet<>();
            for (int i = 0; i < s.size(); i++) {
                String spelling = s.tool(s.toolOf(i));
                Entry e = byCanonical.computeIfAbsent(canonicalOfTool[s.toolOf(i)], Entry::new);
                e.spellings.merge(spelling, 1, Integer::sum);
                e.calls++;
                if (here.add(e.canonical)) {
                    e.transcripts++;
                }
                if (e.examples.size() < examples) {
                    ToolCall c = s.call(i);
                    e.examples.add(new CallSite(t.path(), c.line(), c.id()));
                }
            }
        }
    }

    /** Every tool, in byte-wise order of its canonical name. */
    Collection<Entry> entries() {
        return byCanonical.values();
    }

    Entry get(String canonical) {
        return byCanonical.get(canonical);
    }

    /**
     * The transcripts in byte-wise order of their paths: the one place the input order is fixed.
     *
     * @throws IllegalArgumentException when two share a path: their calls would be counted twice
     */
    static List<ObservedTranscript> inPathOrder(Collection<ObservedTranscript> transcripts) {
        List<ObservedTranscript> sorted = new ArrayList<>(transcripts);
        sorted.sort((a, b) -> CodePointOrder.compare(a.path(), b.path()));
        for (int i = 1; i < sorted.size(); i++) {
            if (sorted.get(i).path().equals(sorted.get(i - 1).path())) {
                throw new IllegalArgumentException("two transcripts share the path " + sorted.get(i).path()
                        + "; give each once");
            }
        }
        return sorted;
    }
}

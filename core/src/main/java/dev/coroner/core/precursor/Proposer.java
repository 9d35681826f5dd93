package dev.coroner.core.precursor;

import dev.coroner.core.text.CodePointOrder;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The deterministic proposer (docs/VERDICTS.md, "Coverage and proposals"). For each tool that is gated or looks mutating
 * and was called at least the minimum number of times in transcripts that ended HEALTHY, its candidate lookups are the
 * tools that only read ({@link LookupTools}, or named as a lookup by the grammar; never a gated or mutating-looking
 * tool, a bookkeeping tool or a shell) whose result came before its calls. A candidate becomes a {@link Proposal} when
 * its support (calls it preceded / all calls of the tool) reaches the minimum and its lift is above 1: it came before
 * this tool's calls more often than before the calls of every tool but itself. Each proposal carries the calls it missed and the WARNs
 * the gate gives with the rule added.
 *
 * <p>A pure function of the transcripts, the grammar and the minimums: the transcripts are put in byte-wise path order
 * once, every map is sorted, lift is compared as an exact fraction, and nothing reads a clock, so the same input gives
 * the same proposals in the same order, whatever order the transcripts were given or judged in.
 */
public final class Proposer {
    /** How many missed calls a proposal names; the rest are counted. */
    public static final int MISSES = 5;
    /** Support a candidate needs unless told otherwise: it preceded at least half the calls. */
    public static final BigDecimal DEFAULT_MIN_SUPPORT = new BigDecimal("0.5");
    /** Calls of a tool, in runs that ended HEALTHY, needed before anything is proposed for it, unless told otherwise. */
    public static final int DEFAULT_MIN_CALLS = 3;

    private Proposer() {
    }

    /** {@link #propose(Collection, PrecursorGrammar, BigDecimal, int)} with {@link #DEFAULT_MIN_CALLS}. */
    public static List<Proposal> propose(Collection<ObservedTranscript> transcripts, PrecursorGrammar grammar,
                                         BigDecimal minSupport) {
        return propose(transcripts, grammar, minSupport, DEFAULT_MIN_CALLS);
    }

    /**
     * Proposals, by the gated tool's canonical name (byte-wise), then lift (highest first, compared exactly), then
     * support (highest first), then the lookup's canonical name (byte-wise).
     *
     * @param minSupport between 0 and 1; a candidate must also have preceded at least one call
     * @param minCalls   at least 1: a tool with fewer calls in runs that ended HEALTHY gets no proposal
     * @throws IllegalArgumentException when {@code minSupport} is outside [0, 1], {@code minCalls} is below 1 or two
     *                                  transcripts share a path
     */
    public static List<Proposal> propose(Collection<ObservedTranscript> transcripts, PrecursorGrammar grammar,
                                         BigDecimal minSupport, int minCalls) {
        if (minSupport.signum() < 0 || minSupport.compareTo(BigDecimal.ONE) > 0) {
            throw new IllegalArgumentException("the minimum support is a number from 0 to 1, not " + minSupport);
        }
        if (minCalls < 1) {
            throw new IllegalArgumentException("the minimum number of calls is at least 1, not " + minCalls);
        }
        List<ObservedTranscript> all = ToolCensus.inPathOrder(transcripts);
        ToolCensus census = new ToolCensus(all, grammar, 0);
        TreeSet<String> declaredLookups = new TreeSet<>(CodePointOrder.COMPARATOR);
        for (PrecursorGrammar.Rule r : grammar.rules()) {
            declaredLookups.addAll(r.required());
        }
        TreeSet<String> targets = new TreeSet<>(CodePointOrder.COMPARATOR);
        TreeSet<String> lookups = new TreeSet<>(CodePointOrder.COMPARATOR);
        for (ToolCensus.Entry e : census.entries()) {
            String spelling = e.spelling();
            if (grammar.ruleByCanonical(e.canonical) != null || MutatingTools.looksMutating(spelling)) {
                targets.add(e.canonical);
            } else if (LookupTools.looksLikeLookup(spelling) || (declaredLookups.contains(e.canonical)
                    && !LookupTools.shell(spelling) && !MutatingTools.bookkeeping(spelling))) {
                lookups.add(e.canonical);
            }
        }
        TreeMap<String, int[]> calls = new TreeMap<>(CodePointOrder.COMPARATOR);
        TreeMap<String, TreeMap<String, int[]>> held = new TreeMap<>(CodePointOrder.COMPARATOR);
        // the baseline of lift: per lookup, the calls of every other tool in those runs, and those its result came before
        long[] everyCall = new long[1];
        TreeMap<String, long[]> own = new TreeMap<>(CodePointOrder.COMPARATOR);
        TreeMap<String, long[]> before = new TreeMap<>(CodePointOrder.COMPARATOR);
        for (ObservedTranscript t : all) {
            if (!t.healthy()) {
                continue;
            }
            View v = new View(t.calls(), grammar);
            List<String> seenLookups = new ArrayList<>();
            List<Integer> seenAt = new ArrayList<>();
            v.firstPosition.forEach((name, pos) -> {
                if (lookups.contains(name)) {
                    seenLookups.add(name);
                    seenAt.add(pos);
                }
            });
            for (int i = 0; i < t.calls().size(); i++) {
                int seen = t.calls().seen(i);
                String tool = v.canonicalOf(i);
                everyCall[0]++;
                own.computeIfAbsent(tool, x -> new long[1])[0]++;
                for (int k = 0; k < seenLookups.size(); k++) {
                    if (seenAt.get(k) < seen && !seenLookups.get(k).equals(tool)) {
                        before.computeIfAbsent(seenLookups.get(k), x -> new long[1])[0]++;
                    }
                }
                if (!targets.contains(tool)) {
                    continue;
                }
                calls.computeIfAbsent(tool, k -> new int[1])[0]++;
                for (int k = 0; k < seenLookups.size(); k++) {
                    if (seenAt.get(k) < seen) {
                        held.computeIfAbsent(tool, x -> new TreeMap<>(CodePointOrder.COMPARATOR))
                                .computeIfAbsent(seenLookups.get(k), x -> new int[1])[0]++;
                    }
                }
            }
        }
        WarnDelta warns = new WarnDelta(all, grammar);
        List<Proposal> out = new ArrayList<>();
        for (Map.Entry<String, TreeMap<String, int[]>> byTool : held.entrySet()) {
            String tool = byTool.getKey();
            int n = calls.get(tool)[0];
            if (n < minCalls) {
                continue;
            }
            PrecursorGrammar.Rule rule = grammar.ruleByCanonical(tool);
            List<Proposal> forTool = new ArrayList<>();
            for (Map.Entry<String, int[]> c : byTool.getValue().entrySet()) {
                String lookup = c.getKey();
                int h = c.getValue()[0];
                if (rule != null && rule.required().contains(lookup)) {
                    continue; // the grammar has it already
                }
                if (BigDecimal.valueOf(h).compareTo(minSupport.multiply(BigDecimal.valueOf(n))) < 0) {
                    continue;
                }
                long b = before.get(lookup)[0];
                long others = everyCall[0] - own.get(lookup)[0];
                // lift = (h / n) / (b / others) > 1, compared exactly: h * others > n * b
                if (BigInteger.valueOf(h).multiply(BigInteger.valueOf(others))
                        .compareTo(BigInteger.valueOf(n).multiply(BigInteger.valueOf(b))) <= 0) {
                    continue;
                }
                String toolName = rule != null ? rule.tool() : census.get(tool).spelling();
                String lookupName = census.get(lookup).spelling();
                List<CallSite> misses = misses(all, grammar, tool, lookup);
                int[] delta = warns.with(grammar.withPrecursor(toolName, lookupName), tool);
                forTool.add(new Proposal(Proposal.idOf(tool, lookup, grammar.caseSensitive()), toolName, tool,
                        lookupName, lookup, grammar.caseSensitive(), rule != null, h, n, b, others, misses,
                        n - h, delta[0], delta[1]));
            }
            // the candidates came in byte-wise order of the lookup; the stable sort keeps it among equal lift and support
            forTool.sort(Proposal.BY_LIFT.thenComparing((a, b) -> Integer.compare(b.held(), a.held())));
            out.addAll(forTool);
        }
        return List.copyOf(out);
    }

    /** The first {@link #MISSES} calls of {@code tool} in HEALTHY transcripts that no result of {@code lookup} preceded. */
    private static List<CallSite> misses(List<ObservedTranscript> all, PrecursorGrammar grammar, String tool,
                                         String lookup) {
        List<CallSite> out = new ArrayList<>();
        for (ObservedTranscript t : all) {
            if (!t.healthy()) {
                continue;
            }
            View v = new View(t.calls(), grammar);
            int first = v.firstPosition.getOrDefault(lookup, Integer.MAX_VALUE);
            for (int i = 0; i < t.calls().size() && out.size() < MISSES; i++) {
                if (v.canonicalOf(i).equals(tool) && first >= t.calls().seen(i)) {
                    ToolCall c = t.calls().call(i);
                    out.add(new CallSite(t.path(), c.line(), c.id()));
                }
            }
            if (out.size() >= MISSES) {
                break;
            }
        }
        return out;
    }

    /** A call stream seen through a grammar: each call's canonical tool, and where each name first entered the stream. */
    private static final class View {
        private final CallStream s;
        private final String[] canonicalOfTool;
        /** Canonical name → its first stream position; sorted, so iterating it leaks no hash order. */
        final TreeMap<String, Integer> firstPosition = new TreeMap<>(CodePointOrder.COMPARATOR);

        View(CallStream s, PrecursorGrammar grammar) {
            this.s = s;
            canonicalOfTool = new String[s.distinctTools()];
            for (int k = 0; k < canonicalOfTool.length; k++) {
                canonicalOfTool[k] = grammar.canonical(s.tool(k));
                int first = s.firstStreamPosition(k);
                if (first != Integer.MAX_VALUE) {
                    firstPosition.merge(canonicalOfTool[k], first, Math::min);
                }
            }
        }

        String canonicalOf(int call) {
            return canonicalOfTool[s.toolOf(call)];
        }
    }

    /** The WARNs of the grammar as given, kept per transcript, against those of a grammar with one rule changed. */
    private static final class WarnDelta {
        private final List<ObservedTranscript> all;
        private final PrecursorGrammar grammar;
        private final boolean[][] base;

        WarnDelta(List<ObservedTranscript> all, PrecursorGrammar grammar) {
            this.all = all;
            this.grammar = grammar;
            this.base = new boolean[all.size()][];
        }

        /** {added, removed}: calls of {@code tool} that WARN only with {@code changed}, and only without it. */
        int[] with(PrecursorGrammar changed, String tool) {
            int added = 0;
            int removed = 0;
            for (int t = 0; t < all.size(); t++) {
                CallStream s = all.get(t).calls();
                if (!mentions(s, tool)) {
                    continue;
                }
                if (base[t] == null) {
                    base[t] = warned(grammar, s);
                }
                boolean[] now = warned(changed, s);
                for (int i = 0; i < now.length; i++) {
                    if (now[i] && !base[t][i]) {
                        added++;
                    } else if (!now[i] && base[t][i]) {
                        removed++;
                    }
                }
            }
            return new int[] {added, removed};
        }

        private boolean mentions(CallStream s, String tool) {
            for (int k = 0; k < s.distinctTools(); k++) {
                if (grammar.canonical(s.tool(k)).equals(tool)) {
                    return true;
                }
            }
            return false;
        }

        private static boolean[] warned(PrecursorGrammar g, CallStream s) {
            boolean[] w = new boolean[s.size()];
            for (PrecursorVerdict v : PrecursorGate.evaluate(g, s)) {
                w[v.call().index()] = v.warns();
            }
            return w;
        }
    }
}

package dev.coroner.fleet;

import dev.coroner.core.corpus.StateTally;
import dev.coroner.core.terminal.AgentKind;
import dev.coroner.core.terminal.NoRun;
import dev.coroner.core.terminal.TerminalClass;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.core.terminal.TerminalVerdict;
import java.io.Serializable;
import java.util.AbstractCollection;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code OUT/summary.json} (docs/FLEET.md, "summary.json"): the command line's headline and total line, and the deaths
 * by class, workers and harness agents apart, files with no run apart. Counted by Spark: the driver holds one count per
 * kind of verdict, never a row per transcript.
 */
final class FleetSummary {
    /** What the headline and the deaths count of one verdict; equal verdicts count together. */
    record Counted(TerminalState state, boolean diedAfterAnswer, AgentKind kind, NoRun noRun, String deathClass)
            implements Serializable {
        static Counted of(TerminalVerdict v) {
            return new Counted(v.state(), v.diedAfterAnswer(), v.kind(), v.noRun(),
                    v.diedInARun() ? StateTally.deathClass(v.state(), v.terminalClass(), v.trailing()) : null);
        }
    }

    private FleetSummary() {
    }

    /** The summary of {@code counts} (how many transcripts had each {@link Counted}) over {@code bytes} bytes. */
    static Map<String, Object> of(Map<Counted, Long> counts, long bytes, String version) {
        StateTally tally = StateTally.of(new Repeated(counts));
        StateTally.DeathTally deaths = new StateTally.DeathTally();
        long transcripts = 0;
        for (Map.Entry<Counted, Long> e : counts.entrySet()) {
            transcripts += e.getValue();
            String cls = e.getKey().deathClass();
            if (cls != null) {
                for (long i = 0; i < e.getValue(); i++) {
                    if (cls.equals(TerminalState.EMPTY.name())) {
                        deaths.died(TerminalState.EMPTY, TerminalClass.values()[0], null, e.getKey().kind().worker());
                    } else {
                        deaths.died(TerminalState.SYNTHETIC, TerminalClass.valueOf(cls), null, e.getKey().kind().worker());
                    }
                }
            }
        }
        Map<String, Object> byClass = new LinkedHashMap<>();
        StringBuilder total = new StringBuilder("total: ").append(tally.headline(Locale.ROOT));
        String sep = " · deaths: ";
        for (Map.Entry<String, StateTally.ClassDeaths> d : deaths.byClass().entrySet()) {
            Map<String, Object> n = new LinkedHashMap<>();
            n.put("workers", (long) d.getValue().workers());
            n.put("harness", (long) d.getValue().harness());
            byClass.put(d.getKey(), n);
            if (d.getValue().workers() > 0) { // as the command line's total line: the workers' deaths
                total.append(sep).append(d.getKey()).append(' ').append(d.getValue().workers());
                sep = ", ";
            }
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("transcripts", transcripts);
        m.put("bytes", bytes);
        m.put("headline", tally.headline(Locale.ROOT));
        m.put("total", total.toString());
        m.put("deaths", byClass);
        m.put("coroner_version", version);
        return m;
    }

    /** Each verdict as many times as it was counted, without a list of them all. */
    private static final class Repeated extends AbstractCollection<StateTally.Judged> {
        private final Map<Counted, Long> counts;

        Repeated(Map<Counted, Long> counts) {
            this.counts = counts;
        }

        @Override
        public Iterator<StateTally.Judged> iterator() {
            List<Map.Entry<Counted, Long>> entries = new ArrayList<>(counts.entrySet());
            return new Iterator<>() {
                private int entry;
                private long left = entries.isEmpty() ? 0 : entries.get(0).getValue();

                @Override
                public boolean hasNext() {
                    while (left == 0 && entry + 1 < entries.size()) {
                        left = entries.get(++entry).getValue();
                    }
                    return left > 0;
                }

                @Override
                public StateTally.Judged next() {
                    if (!hasNext()) {
                        throw new java.util.NoSuchElementException();
                    }
                    left--;
                    Counted c = entries.get(entry).getKey();
                    return new StateTally.Judged(c.state(), c.diedAfterAnswer(), c.kind(), c.noRun());
                }
            };
        }

        @Override
        public int size() {
            return (int) Math.min(Integer.MAX_VALUE, counts.values().stream().mapToLong(Long::longValue).sum());
        }
    }
}

package dev.coroner.core.corpus;

import dev.coroner.core.terminal.AgentKind;
import dev.coroner.core.terminal.NoRun;
import dev.coroner.core.terminal.TerminalClass;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.core.terminal.TrailingFailure;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * How the transcripts of a corpus ended, for the window's chart and a report's summary (docs/VERDICTS.md, "Agent
 * kind"): the workers (sessions and sub-agents) by state, and the harness agents apart — counted, never hidden. "1 of 3
 * workers dead · 33% · + 5 harness agents, 2 dead". Files that hold no run (0 bytes; metadata only) are neither: counted
 * apart again, never in a death count ("Files that hold no run").
 *
 * @param healthy         HEALTHY workers that did not die after their last answer
 * @param diedAfterAnswer HEALTHY workers whose run ended in a trailing API failure: counted dead
 * @param harness         harness agents, judged or not
 * @param harnessDead     harness agents that died (dead, or died after their last answer)
 * @param noRunZeroBytes  files that hold no run: 0 bytes (harness agents' and workers' names alike)
 * @param noRunMetadata   files that hold no run: only metadata records
 */
public record StateTally(int healthy, int synthetic, int empty, int unreadable, int pending, int diedAfterAnswer,
                         int harness, int harnessDead, int noRunZeroBytes, int noRunMetadata) {
    public static final StateTally NONE = new StateTally(0, 0, 0, 0, 0, 0, 0, 0);

    /** A tally without files that hold no run. */
    public StateTally(int healthy, int synthetic, int empty, int unreadable, int pending, int diedAfterAnswer,
                      int harness, int harnessDead) {
        this(healthy, synthetic, empty, unreadable, pending, diedAfterAnswer, harness, harnessDead, 0, 0);
    }

    /** One transcript as the tally sees it; a null state is one still being judged; {@code noRun} null for a run. */
    public record Judged(TerminalState state, boolean diedAfterAnswer, AgentKind kind, NoRun noRun) {
        public Judged(TerminalState state, boolean diedAfterAnswer, AgentKind kind) {
            this(state, diedAfterAnswer, kind, null);
        }

        public static Judged worker(TerminalState state) {
            return new Judged(state, false, AgentKind.SESSION);
        }

        /** Counted as a death: dead, or died after its last answer, in a file that holds a run. */
        public boolean died() {
            return noRun == null && (state != null && state.dead() || diedAfterAnswer);
        }
    }

    public static StateTally of(Collection<Judged> all) {
        int healthy = 0, synthetic = 0, empty = 0, unreadable = 0, pending = 0, after = 0, harness = 0, harnessDead = 0;
        int zeroBytes = 0, metadata = 0;
        for (Judged j : all) {
            if (j.noRun() != null) { // not a run, whoever's name the file has
                zeroBytes += j.noRun() == NoRun.ZERO_BYTES ? 1 : 0;
                metadata += j.noRun() == NoRun.METADATA_ONLY ? 1 : 0;
                continue;
            }
            if (j.kind() == AgentKind.HARNESS) {
                harness++;
                harnessDead += j.died() ? 1 : 0;
                continue;
            }
            if (j.state() == null) {
                pending++;
                continue;
            }
            switch (j.state()) {
                case HEALTHY -> {
                    if (j.diedAfterAnswer()) {
                        after++;
                    } else {
                        healthy++;
                    }
                }
                case SYNTHETIC -> synthetic++;
                case EMPTY -> empty++;
                case UNREADABLE -> unreadable++;
            }
        }
        return new StateTally(healthy, synthetic, empty, unreadable, pending, after, harness, harnessDead, zeroBytes,
                metadata);
    }

    /** Workers: sessions and sub-agents, judged or not. */
    public int total() {
        return healthy + synthetic + empty + unreadable + pending + diedAfterAnswer;
    }

    /** Every transcript open, harness agents and files with no run included. */
    public int transcripts() {
        return total() + harness + noRun();
    }

    /** Files that hold no run: 0 bytes, or only metadata records. */
    public int noRun() {
        return noRunZeroBytes + noRunMetadata;
    }

    /** Dead workers: SYNTHETIC, EMPTY, and HEALTHY ones that died after their last answer. UNREADABLE is never dead. */
    public int dead() {
        return synthetic + empty + diedAfterAnswer;
    }

    /**
     * The workers' line, then the harness agents and the files with no run apart: "1 of 3 workers dead · 33% · + 5
     * harness agents, 2 dead · + 3 files with no run (0 bytes: 1, metadata only: 2)".
     */
    public String headline() {
        return headline(Locale.getDefault(Locale.Category.FORMAT));
    }

    /** {@link #headline()} with numbers written for {@code locale}: a report passes {@link Locale#ROOT}, the same everywhere. */
    public String headline(Locale locale) {
        if (transcripts() == 0) {
            return "no transcripts open";
        }
        String s = harness == 0 ? workersHeadline(locale) : workersHeadline(locale) + " · " + harnessLine(locale);
        return noRun() == 0 ? s : s + " · " + noRunLine(locale);
    }

    /** "+ 3 files with no run (0 bytes: 1, metadata only: 2)"; the kinds none is of are left out. */
    public String noRunLine() {
        return noRunLine(Locale.getDefault(Locale.Category.FORMAT));
    }

    public String noRunLine(Locale locale) {
        StringBuilder kinds = new StringBuilder();
        if (noRunZeroBytes > 0) {
            kinds.append(String.format(locale, "%s: %,d", NoRun.ZERO_BYTES.label(), noRunZeroBytes));
        }
        if (noRunMetadata > 0) {
            kinds.append(kinds.isEmpty() ? "" : ", ")
                    .append(String.format(locale, "%s: %,d", NoRun.METADATA_ONLY.label(), noRunMetadata));
        }
        return String.format(locale, "+ %,d %s with no run (%s)", noRun(), noRun() == 1 ? "file" : "files", kinds);
    }

    /** "+ 5 harness agents, 2 dead". */
    public String harnessLine() {
        return harnessLine(Locale.getDefault(Locale.Category.FORMAT));
    }

    public String harnessLine(Locale locale) {
        return String.format(locale, "+ %,d harness %s, %,d dead", harness, harness == 1 ? "agent" : "agents",
                harnessDead);
    }

    /**
     * The workers alone: "1 of 3 workers dead · 33%" ("2 of 6 dead · 33%" when neither a harness agent nor a file with
     * no run is open: every transcript is a worker).
     */
    public String workersHeadline() {
        return workersHeadline(Locale.getDefault(Locale.Category.FORMAT));
    }

    public String workersHeadline(Locale locale) {
        if (transcripts() == 0) {
            return "no transcripts open";
        }
        int total = total();
        String s = harness == 0 && noRun() == 0
                ? String.format(locale, "%,d of %,d dead · %d%%", dead(), total, percent(dead(), total))
                : String.format(locale, "%,d of %,d %s dead · %d%%", dead(), total, total == 1 ? "worker" : "workers",
                        percent(dead(), total));
        if (pending > 0) {
            s += String.format(locale, " · %,d being judged", pending);
        }
        return s;
    }

    /**
     * Why a death died, as a report and the command line's total name it: a SYNTHETIC one by its class, one after the
     * last answer by its trailing failure's class, else (EMPTY, or EMPTY ending in a failure) by that failure's class
     * or {@code EMPTY}.
     */
    public static String deathClass(TerminalState state, TerminalClass cls, TrailingFailure trailing) {
        if (state == TerminalState.SYNTHETIC) {
            return cls.name();
        }
        return trailing != null ? trailing.cls().name() : state.name();
    }

    /** The deaths of one class: among the workers and among the harness agents. */
    public record ClassDeaths(int workers, int harness) {
    }

    /**
     * Deaths counted by {@link #deathClass}, workers and harness agents apart, for a report's summary and the command
     * line's total: listed in one order, the classes then {@code EMPTY}.
     */
    public static final class DeathTally {
        private final Map<String, int[]> counts = new LinkedHashMap<>();

        public DeathTally() {
            for (TerminalClass c : TerminalClass.values()) {
                counts.put(c.name(), new int[2]);
            }
            counts.put(TerminalState.EMPTY.name(), new int[2]);
        }

        /** Counts one death, of a worker (a session or sub-agent) or of a harness agent. */
        public void died(TerminalState state, TerminalClass cls, TrailingFailure trailing, boolean worker) {
            counts.get(deathClass(state, cls, trailing))[worker ? 0 : 1]++;
        }

        /** Each class someone died of, in the tally's order; the others are left out. */
        public Map<String, ClassDeaths> byClass() {
            Map<String, ClassDeaths> out = new LinkedHashMap<>();
            counts.forEach((cls, n) -> {
                if (n[0] + n[1] > 0) {
                    out.put(cls, new ClassDeaths(n[0], n[1]));
                }
            });
            return out;
        }
    }

    private static long percent(int n, int of) {
        return of == 0 ? 0 : Math.round(100.0 * n / of);
    }
}

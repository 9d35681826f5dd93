package dev.coroner.app.ui.model;

import dev.coroner.core.terminal.TerminalState;
import java.util.Collection;

/** How the transcripts of a corpus ended, for the chart: "2 of 6 dead · 33%". */
public record StateTally(int healthy, int synthetic, int empty, int unreadable, int pending) {
    public static final StateTally NONE = new StateTally(0, 0, 0, 0, 0);

    /** Counts {@code states}, one per transcript; null is a transcript still being judged. */
    public static StateTally of(Collection<TerminalState> states) {
        StateTally t = NONE;
        for (TerminalState s : states) {
            t = t.plus(s);
        }
        return t;
    }

    private StateTally plus(TerminalState s) {
        if (s == null) {
            return new StateTally(healthy, synthetic, empty, unreadable, pending + 1);
        }
        return switch (s) {
            case HEALTHY -> new StateTally(healthy + 1, synthetic, empty, unreadable, pending);
            case SYNTHETIC -> new StateTally(healthy, synthetic + 1, empty, unreadable, pending);
            case EMPTY -> new StateTally(healthy, synthetic, empty + 1, unreadable, pending);
            case UNREADABLE -> new StateTally(healthy, synthetic, empty, unreadable + 1, pending);
        };
    }

    public int total() {
        return healthy + synthetic + empty + unreadable + pending;
    }

    /** SYNTHETIC and EMPTY are dead; UNREADABLE is never dead (docs/VERDICTS.md, "Terminal verdict"). */
    public int dead() {
        return synthetic + empty;
    }

    public String headline() {
        int total = total();
        if (total == 0) {
            return "no transcripts open";
        }
        String s = String.format("%,d of %,d dead · %d%%", dead(), total, Math.round(100.0 * dead() / total));
        return pending > 0 ? s + String.format(" · %,d being judged", pending) : s;
    }
}

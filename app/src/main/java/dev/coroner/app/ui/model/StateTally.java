package dev.coroner.app.ui.model;

/** How the transcripts of a corpus ended, for the chart: "2 of 6 dead · 33%". */
public record StateTally(int healthy, int synthetic, int empty, int unreadable, int pending) {
    public static final StateTally NONE = new StateTally(0, 0, 0, 0, 0);

    public int total() {
        return healthy + synthetic + empty + unreadable + pending;
    }

    /** SYNTHETIC and EMPTY are dead; UNREADABLE is never dead (DESIGN §3). */
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

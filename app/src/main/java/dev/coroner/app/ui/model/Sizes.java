package dev.coroner.app.ui.model;

import java.util.Locale;

/** Sizes and durations as a person reads them. */
public final class Sizes {
    private Sizes() {
    }

    /** 812 B, 2.1 KB, 31.2 MB, 1.07 GB (powers of 1,024). */
    public static String bytes(long n) {
        if (n < 0) {
            return "";
        }
        if (n < 1024) {
            return n + " B";
        }
        double v = n;
        String[] units = {"KB", "MB", "GB", "TB"};
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, v < 10 ? "%.2f %s" : v < 100 ? "%.1f %s" : "%.0f %s", v, units[u]);
    }

    /** +0.4s, +3.1s, +2m05s, +1h02m, −0.2s. */
    public static String gap(long millis) {
        String sign = millis < 0 ? "−" : "+";
        long m = Math.abs(millis);
        if (m < 60_000) {
            return String.format(Locale.ROOT, "%s%.1fs", sign, m / 1000.0);
        }
        if (m < 3_600_000) {
            return String.format(Locale.ROOT, "%s%dm%02ds", sign, m / 60_000, (m / 1000) % 60);
        }
        if (m < 86_400_000L * 2) {
            return String.format(Locale.ROOT, "%s%dh%02dm", sign, m / 3_600_000, (m / 60_000) % 60);
        }
        return String.format(Locale.ROOT, "%s%dd", sign, m / 86_400_000L);
    }
}

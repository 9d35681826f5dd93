package dev.coroner.core.index;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/** Record timestamps as epoch milliseconds. Claude Code writes {@code 2026-11-02T10:00:03.411Z} (docs/ARCHITECTURE.md, "The pass"). */
public final class Timestamps {
    /** A row without a timestamp (absent, not a string, or not a date). */
    public static final long NONE = Long.MIN_VALUE;

    private Timestamps() {
    }

    public static long parse(String s) {
        if (s == null) {
            return NONE;
        }
        if (s.length() == 24 && s.charAt(4) == '-' && s.charAt(7) == '-' && s.charAt(10) == 'T'
                && s.charAt(13) == ':' && s.charAt(16) == ':' && s.charAt(19) == '.' && s.charAt(23) == 'Z') {
            int y = digits(s, 0, 4);
            int mo = digits(s, 5, 2);
            int d = digits(s, 8, 2);
            int h = digits(s, 11, 2);
            int mi = digits(s, 14, 2);
            int se = digits(s, 17, 2);
            int ms = digits(s, 20, 3);
            if (y >= 0 && mo >= 1 && mo <= 12 && d >= 1 && d <= monthLength(y, mo) && h >= 0 && h < 24 && mi >= 0 && mi < 60
                    && se >= 0 && se < 60 && ms >= 0) {
                long day = epochDay(y, mo, d);
                return ((day * 24 + h) * 60 + mi) * 60_000L + se * 1000L + ms;
            }
        }
        try {
            return Instant.parse(s).toEpochMilli();
        } catch (DateTimeParseException e) {
            try {
                return OffsetDateTime.parse(s).toInstant().toEpochMilli();
            } catch (DateTimeParseException e2) {
                return NONE;
            }
        }
    }

    private static int digits(String s, int from, int n) {
        int v = 0;
        for (int i = from; i < from + n; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    private static int monthLength(int y, int m) {
        if (m == 2) {
            return (y % 4 == 0) && (y % 100 != 0 || y % 400 == 0) ? 29 : 28;
        }
        return m == 4 || m == 6 || m == 9 || m == 11 ? 30 : 31;
    }

    /** Days since 1970-01-01 in the proleptic Gregorian calendar (as {@code LocalDate.toEpochDay}). */
    private static long epochDay(long y, int m, int d) {
        long total = 365 * y;
        if (y >= 0) {
            total += (y + 3) / 4 - (y + 99) / 100 + (y + 399) / 400;
        } else {
            total -= y / -4 - y / -100 + y / -400;
        }
        total += (367 * m - 362) / 12;
        total += d - 1;
        if (m > 2) {
            total--;
            boolean leap = (y % 4 == 0) && (y % 100 != 0 || y % 400 == 0);
            if (!leap) {
                total--;
            }
        }
        return total - 719_528;
    }
}

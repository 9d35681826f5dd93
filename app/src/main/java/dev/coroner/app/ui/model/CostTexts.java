package dev.coroner.app.ui.model;

import dev.coroner.core.usage.Cost;
import dev.coroner.core.usage.TokenCounts;
import java.util.Locale;

/**
 * Tokens and dollars as the window writes them (docs/WORKBENCH.md, "Cost"): a cost no price covers is "—" and names
 * the models, never $0; a sum that left some out says it is at least that much.
 */
public final class CostTexts {
    /** What a cost with no price reads as. */
    public static final String UNPRICED = "—";

    private CostTexts() {
    }

    /**
     * "$1,060.12"; under a dollar to a hundredth of a cent ("$0.0046"), as {@code coroner cost} writes it; "≥ $12.30"
     * for a sum that left unpriced models out; "—" when no price covers it.
     */
    public static String usd(Cost c) {
        if (c == null || c.usd() == null) {
            return UNPRICED;
        }
        String amount = usd(c.priced());
        return c.complete() ? amount : "≥ " + amount;
    }

    /** A dollar amount as {@code coroner cost} writes it ({@link Cost#money}): four decimals under a dollar. */
    public static String usd(java.math.BigDecimal usd) {
        return Cost.money(usd);
    }

    /** Whether {@code c} is no figure at all: no price for a model in it. */
    public static boolean unpriced(Cost c) {
        return c == null || c.usd() == null;
    }

    /** The sentence for a cost's tooltip when a model has no price: "no price for claude-x, gpt-y", or "". */
    public static String noPrice(Cost c) {
        if (c == null || c.unpricedModels().isEmpty()) {
            return "";
        }
        return c.note()
                + (c.usd() == null ? ": no cost is shown, never a guess" : ": its tokens are not in the sum");
    }

    /** Tokens for a narrow cell: "950", "81.2k", "25.1M", "1.2B". */
    public static String tokens(long n) {
        if (n < 1_000) {
            return Long.toString(n);
        }
        double v = n / 1_000.0;
        String[] units = {"k", "M", "B", "T"};
        int u = 0;
        while (v >= 999.5 && u < units.length - 1) { // 999,600 would round to "1000k": it is "1.0M"
            v /= 1_000;
            u++;
        }
        return String.format(Locale.ROOT, v >= 99.95 ? "%.0f%s" : "%.1f%s", v, units[u]);
    }

    /** The four counts in full: "input 1,204 · output 18,331 · cache write 40,102 · cache read 2,311,870 · total 2,371,507". */
    public static String counts(TokenCounts t) {
        return String.format(Locale.ROOT, "input %,d · output %,d · cache write %,d · cache read %,d · total %,d",
                t.input(), t.output(), t.cacheCreation(), t.cacheRead(), t.total());
    }

    /** A share as a whole percentage: "94%", "<1%" for a positive share under half a percent. */
    public static String percent(double share) {
        if (share > 0 && share < 0.005) {
            return "<1%";
        }
        return String.format(Locale.ROOT, "%.0f%%", share * 100);
    }
}

package dev.coroner.core.usage;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.TreeSet;

/**
 * What some usage cost (docs/COST.md, "No price, no cost"). A transcript's {@code usd} is null when any model that
 * billed tokens has no price, and {@code unpricedModels} names those models ("no price for claude-x"); never a guess.
 * {@code priced} is what the priced models' tokens cost, exactly (tokens times the decimal prices), whatever the
 * others.
 *
 * <p>A sum ({@link #sum(List)}) is the sum of the priced parts: its {@code usd} is the exact sum of every part's
 * {@code priced}, and its {@code unpricedModels} names every model whose tokens are not in it, so a sum with unpriced
 * models is a lower bound and says so. Sums are exact, so they do not depend on the order of their parts.
 *
 * @param unpricedModels sorted, each once
 */
public record Cost(Double usd, List<String> unpricedModels, BigDecimal priced) {
    /** Money is written with this many decimal places (micro-dollars). */
    public static final int SCALE = 6;
    public static final Cost ZERO = new Cost(0d, List.of(), BigDecimal.ZERO);

    public Cost {
        unpricedModels = List.copyOf(new TreeSet<>(unpricedModels));
        Objects.requireNonNull(priced);
    }

    /** A cost whose priced part is {@code usd} (0 when null). */
    public Cost(Double usd, List<String> unpricedModels) {
        this(usd, unpricedModels, usd == null ? BigDecimal.ZERO : BigDecimal.valueOf(usd));
    }

    /** The priced part in dollars. */
    public double pricedUsd() {
        return priced.doubleValue();
    }

    /** Whether every model was priced. */
    public boolean complete() {
        return unpricedModels.isEmpty();
    }

    /** The exact cost rounded to micro-dollars, or null when {@link #usd} is null: what JSON and reports write. */
    public BigDecimal rounded() {
        return usd == null ? null : priced.setScale(SCALE, RoundingMode.HALF_EVEN);
    }

    /** The priced part rounded to micro-dollars. */
    public BigDecimal pricedRounded() {
        return priced.setScale(SCALE, RoundingMode.HALF_EVEN);
    }

    /** "no price for a, b", or "" when complete. */
    public String note() {
        return complete() ? "" : "no price for " + String.join(", ", unpricedModels);
    }

    /**
     * A dollar amount as Coroner writes one, on the command line and in the window: "$1,059.65"; under a dollar to a
     * hundredth of a cent ("$0.0046"), so a small run does not read "$0.00".
     */
    public static String money(BigDecimal usd) {
        return String.format(Locale.ROOT, usd.abs().compareTo(BigDecimal.ONE) < 0 ? "$%.4f" : "$%,.2f", usd);
    }

    /** The sum of the priced parts, naming every unpriced model (see the class comment). */
    public static Cost sum(List<Cost> costs) {
        BigDecimal usd = BigDecimal.ZERO;
        TreeSet<String> unpriced = new TreeSet<>();
        for (Cost c : costs) {
            usd = usd.add(c.priced);
            unpriced.addAll(c.unpricedModels);
        }
        return new Cost(usd.doubleValue(), List.copyOf(unpriced), usd);
    }

    /** A transcript's cost: {@code priced}, with {@code usd} null when any model is unpriced. */
    static Cost of(BigDecimal priced, List<String> unpriced) {
        return new Cost(unpriced.isEmpty() ? priced.doubleValue() : null, unpriced, priced);
    }
}

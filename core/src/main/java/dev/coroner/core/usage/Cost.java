package dev.coroner.core.usage;

import java.util.List;
import java.util.TreeSet;

/**
 * What some usage cost (docs/COST.md, "No price, no cost"). A transcript's {@code usd} is null when any model that
 * billed tokens has no price, and {@code unpricedModels} names those models ("no price for claude-x"); never a guess.
 * {@code pricedUsd} is what the priced models' tokens cost, whatever the others.
 *
 * <p>A sum ({@link #sum(List)}) is the sum of the priced parts: its {@code usd} is the sum of every part's {@code
 * pricedUsd}, and its {@code unpricedModels} names every model whose tokens are not in it, so a sum with unpriced
 * models is a lower bound and says so.
 *
 * @param unpricedModels sorted, each once
 */
public record Cost(Double usd, List<String> unpricedModels, double pricedUsd) {
    public static final Cost ZERO = new Cost(0d, List.of(), 0d);

    public Cost {
        unpricedModels = List.copyOf(new TreeSet<>(unpricedModels));
    }

    /** A cost whose priced part is {@code usd} (0 when null). */
    public Cost(Double usd, List<String> unpricedModels) {
        this(usd, unpricedModels, usd == null ? 0d : usd);
    }

    /** Whether every model was priced. */
    public boolean complete() {
        return unpricedModels.isEmpty();
    }

    /** "no price for a, b", or "" when complete. */
    public String note() {
        return complete() ? "" : "no price for " + String.join(", ", unpricedModels);
    }

    /** The sum of the priced parts, naming every unpriced model (see the class comment). */
    public static Cost sum(List<Cost> costs) {
        double usd = 0;
        TreeSet<String> unpriced = new TreeSet<>();
        for (Cost c : costs) {
            usd += c.pricedUsd;
            unpriced.addAll(c.unpricedModels);
        }
        return new Cost(usd, List.copyOf(unpriced), usd);
    }
}

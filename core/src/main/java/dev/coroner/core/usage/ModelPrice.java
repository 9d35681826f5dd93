package dev.coroner.core.usage;

/**
 * What one model's tokens cost, in US dollars per million tokens (docs/COST.md, "Prices"): fresh input, output,
 * cache writes and cache reads.
 */
public record ModelPrice(String model, double inputPerMTok, double outputPerMTok, double cacheWritePerMTok,
                         double cacheReadPerMTok) {
    /** What {@code t} costs at these prices, in US dollars. */
    public double usd(TokenCounts t) {
        return (t.input() * inputPerMTok + t.output() * outputPerMTok + t.cacheCreation() * cacheWritePerMTok
                + t.cacheRead() * cacheReadPerMTok) / 1_000_000d;
    }
}

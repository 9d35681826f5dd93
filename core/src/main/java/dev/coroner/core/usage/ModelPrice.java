package dev.coroner.core.usage;

import java.math.BigDecimal;

/**
 * What one model's tokens cost, in US dollars per million tokens (docs/COST.md, "Prices"): fresh input, output,
 * cache writes and cache reads, and the cache writes of a one-hour lifetime ({@code cacheWrite1hPerMTok}: Anthropic
 * bills them at twice the input price, where a five-minute write is 1.25 times).
 */
public record ModelPrice(String model, double inputPerMTok, double outputPerMTok, double cacheWritePerMTok,
                         double cacheReadPerMTok, double cacheWrite1hPerMTok) {
    /** A price whose one-hour cache writes cost what any cache write does. */
    public ModelPrice(String model, double inputPerMTok, double outputPerMTok, double cacheWritePerMTok,
                      double cacheReadPerMTok) {
        this(model, inputPerMTok, outputPerMTok, cacheWritePerMTok, cacheReadPerMTok, cacheWritePerMTok);
    }

    private static final BigDecimal MILLION = BigDecimal.valueOf(1_000_000);

    /** What {@code t} costs at these prices, in US dollars. */
    public double usd(TokenCounts t) {
        return exact(t).doubleValue();
    }

    /**
     * What {@code t} costs, exactly: each count times its price as the decimal it was written as (the shortest
     * decimal that reads back as the price), over a million.
     */
    public BigDecimal exact(TokenCounts t) {
        BigDecimal micro = BigDecimal.valueOf(t.input()).multiply(BigDecimal.valueOf(inputPerMTok))
                .add(BigDecimal.valueOf(t.output()).multiply(BigDecimal.valueOf(outputPerMTok)))
                .add(BigDecimal.valueOf(t.cacheCreation5m()).multiply(BigDecimal.valueOf(cacheWritePerMTok)))
                .add(BigDecimal.valueOf(t.cacheCreation1h()).multiply(BigDecimal.valueOf(cacheWrite1hPerMTok)))
                .add(BigDecimal.valueOf(t.cacheRead()).multiply(BigDecimal.valueOf(cacheReadPerMTok)));
        return micro.divide(MILLION);
    }
}

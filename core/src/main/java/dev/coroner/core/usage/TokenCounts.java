package dev.coroner.core.usage;

/**
 * The four token counts an API bill is made of (docs/COST.md): input, output, cache writes ({@code
 * cache_creation_input_tokens}) and cache reads ({@code cache_read_input_tokens}). For Codex, {@code input} is the
 * uncached input ({@code input_tokens - cached_input_tokens}) and {@code cacheRead} the cached part.
 *
 * @param cacheCreation1h the part of {@code cacheCreation} written for one hour ({@code
 *                        cache_creation.ephemeral_1h_input_tokens}), which is billed at its own price; not a fifth
 *                        count: {@link #total()} counts it once, in {@code cacheCreation}
 */
public record TokenCounts(long input, long output, long cacheCreation, long cacheRead, long cacheCreation1h) {
    public static final TokenCounts ZERO = new TokenCounts(0, 0, 0, 0, 0);

    /** Counts with no one-hour cache writes. */
    public TokenCounts(long input, long output, long cacheCreation, long cacheRead) {
        this(input, output, cacheCreation, cacheRead, 0);
    }

    public TokenCounts plus(TokenCounts o) {
        return new TokenCounts(add(input, o.input), add(output, o.output), add(cacheCreation, o.cacheCreation),
                add(cacheRead, o.cacheRead), add(cacheCreation1h, o.cacheCreation1h));
    }

    /**
     * {@code a + b} for counts, which are never negative: a sum past {@link Long#MAX_VALUE} stays there instead of
     * turning negative (docs/COST.md, "Counting"; only hostile counts get near it).
     */
    public static long add(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    /** The cache writes of the five-minute lifetime (or of none named): {@code cacheCreation - cacheCreation1h}. */
    public long cacheCreation5m() {
        return cacheCreation - cacheCreation1h;
    }

    /** All four together. */
    public long total() {
        return add(add(input, output), add(cacheCreation, cacheRead));
    }

    /** The input side: what the model read (fresh input, cache writes and cache reads). */
    public long inputSide() {
        return add(input, add(cacheCreation, cacheRead));
    }

    /** "in 700 · out 160 · cache write 0 · cache read 1,200", as {@code coroner cost} and reports write them. */
    public String text() {
        return String.format(java.util.Locale.ROOT, "in %,d · out %,d · cache write %,d · cache read %,d", input,
                output, cacheCreation, cacheRead);
    }

    public boolean isZero() {
        return input == 0 && output == 0 && cacheCreation == 0 && cacheRead == 0 && cacheCreation1h == 0;
    }
}

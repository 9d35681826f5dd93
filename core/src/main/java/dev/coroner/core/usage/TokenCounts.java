package dev.coroner.core.usage;

/**
 * The four token counts an API bill is made of (docs/COST.md): input, output, cache writes ({@code
 * cache_creation_input_tokens}) and cache reads ({@code cache_read_input_tokens}). For Codex, {@code input} is the
 * uncached input ({@code input_tokens - cached_input_tokens}) and {@code cacheRead} the cached part.
 */
public record TokenCounts(long input, long output, long cacheCreation, long cacheRead) {
    public static final TokenCounts ZERO = new TokenCounts(0, 0, 0, 0);

    public TokenCounts plus(TokenCounts o) {
        return new TokenCounts(input + o.input, output + o.output, cacheCreation + o.cacheCreation,
                cacheRead + o.cacheRead);
    }

    /** All four together. */
    public long total() {
        return input + output + cacheCreation + cacheRead;
    }

    /** The input side: what the model read (fresh input, cache writes and cache reads). */
    public long inputSide() {
        return input + cacheCreation + cacheRead;
    }

    public boolean isZero() {
        return input == 0 && output == 0 && cacheCreation == 0 && cacheRead == 0;
    }
}

package dev.coroner.core.durable;

import java.util.Objects;

/**
 * How one durable file classifies against a reader, with a sentence for a person.
 *
 * @param family  the family the reader reads
 * @param ceiling the newest version of that family the reader knows
 * @param found   the tag the file declares, or null when it has none (UNTAGGED)
 */
public record ReadabilityVerdict(Readability readability, String family, int ceiling, SchemaTag found, String reason) {
    public ReadabilityVerdict {
        Objects.requireNonNull(readability);
        Objects.requireNonNull(family);
        Objects.requireNonNull(reason);
    }

    /** Only READABLE may be read without a caller's explicit decision. */
    public boolean soundlyReadable() {
        return readability == Readability.READABLE;
    }

    /** "versions 1 to 3", or "version 1". */
    public String supported() {
        return supported(ceiling);
    }

    static String supported(int ceiling) {
        return ceiling == 1 ? "version 1" : "versions 1 to " + ceiling;
    }
}

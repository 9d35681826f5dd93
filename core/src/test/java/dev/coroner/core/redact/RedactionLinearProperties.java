package dev.coroner.core.redact;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * docs/VERDICTS.md, "Redaction in linear time": long texts made of the near-misses of every shape, mixed at random, are
 * searched with a bounded number of character reads per character — whatever the mix.
 */
class RedactionLinearProperties {

    @Property(tries = 40)
    void anyMixOfNearMissesIsSearchedInLinearTime(@ForAll("nearMisses") List<String> pieces) {
        String unit = String.join("", pieces);
        String text = RedactionLinearTest.repeated(unit, 24_000, "(");
        long reads = RedactionLinearTest.reads(text);
        assertTrue(reads <= (long) RedactionLinearTest.READS_PER_CHAR * text.length(),
                () -> reads + " reads for " + text.length() + " characters of " + pieces);
    }

    @Provide
    Arbitrary<List<String>> nearMisses() {
        return Arbitraries.of(RedactionLinearTest.UNITS).list().ofMinSize(1).ofMaxSize(6);
    }
}

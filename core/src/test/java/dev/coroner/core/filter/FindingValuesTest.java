package dev.coroner.core.filter;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.findings.Finding;
import dev.coroner.core.findings.FindingKind;
import org.junit.jupiter.api.Test;

/** A finding's fields are the FINDING schema's, each of its type, and a filter selects by them. */
class FindingValuesTest {
    @Test
    void everyFindingFieldIsAnsweredWithItsType() {
        for (FindingKind kind : FindingKind.values()) {
            FindingValues v = FindingValues.of(Finding.atLine(kind, 12, "title", "reason"));
            for (Field f : FieldSchemas.FINDING.fields()) {
                Object x = v.get(f.name());
                assertNotNull(x, f.name());
                switch (f.type()) {
                    case NUMBER -> assertTrue(x instanceof Number, f.name());
                    case ENUM -> assertTrue(f.values().contains(x), f.name() + " = " + x);
                    default -> assertTrue(x instanceof String, f.name());
                }
            }
        }
        Filter deaths = Filter.parse("severity == DEATH and line > 10", FieldSchemas.FINDING).filter();
        assertTrue(deaths.test(FindingValues.of(Finding.atLine(FindingKind.DEATH, 12, "t", "r"))));
        assertFalse(deaths.test(FindingValues.of(Finding.atLine(FindingKind.WARN, 12, "t", "r"))));
        assertFalse(deaths.test(FindingValues.of(Finding.whole(FindingKind.DEATH, "t", "r"))));
    }
}

package dev.coroner.core.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CaseFoldTest {

    @ParameterizedTest(name = "{0} folds to {1}")
    @CsvSource({
            "Read, read",
            "READ, read",
            "Straße, strasse",          // ß expands, as Python's casefold does
            "STRAẞE, strasse",          // capital sharp s too
            "ΟΔΟΣ, οδοσ",               // no final-sigma context rule: σ everywhere
            "οδος, οδοσ",
            "İstanbul, i̇stanbul",       // dotted capital I keeps its dot as a combining mark
            "ısı, ısı",                 // dotless i does not fold outside Turkic rules
            "ﬁle, file",                // ligature expands
            "Ꭰꭰ, ᎠᎠ",                   // Cherokee folds to its capitals
            "µ, μ"                      // micro sign folds to Greek mu
    })
    void foldsAsPythonCasefoldDoes(String in, String folded) {
        assertEquals(folded, CaseFold.fold(in));
    }

    @ParameterizedTest(name = "default locale {0} does not change the fold")
    @CsvSource({"tr-TR", "az-AZ", "lt-LT"})
    void neverUsesTheDefaultLocale(String tag) {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.forLanguageTag(tag));
            assertEquals("edit_item", CaseFold.fold("EDIT_ITEM"));
            assertEquals("i̇", CaseFold.fold("İ"));
        } finally {
            Locale.setDefault(before);
        }
    }
}

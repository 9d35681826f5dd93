package dev.coroner.core.precursor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ToolNamesTest {

    @ParameterizedTest(name = "case-insensitive: {0} and {1} name one tool")
    @CsvSource(delimiter = '|', value = {
            "Read            | read",
            "READ            | read",
            "'  Read\t'      | read",
            "check-access    | check_access",
            "check.access    | check_access",
            "Check_Access    | check_access",
            "Get-Order.Details | get_order_details",
            "Straße          | strasse"
    })
    void caseInsensitiveNamesShareOneCanonicalForm(String spelling, String canonical) {
        assertEquals(canonical, ToolNames.canonical(spelling, false));
    }

    @Test
    void readReadAndReadAreOneToolUnlessCaseSensitive() {
        assertEquals(ToolNames.canonical("Read", false), ToolNames.canonical("READ", false));
        assertEquals(ToolNames.canonical("Read", false), ToolNames.canonical("read", false));
        assertNotEquals(ToolNames.canonical("Read", true), ToolNames.canonical("read", true));
    }

    @ParameterizedTest(name = "case-sensitive: {0} stays {1}")
    @CsvSource(delimiter = '|', value = {
            "Read            | Read",
            "' Read '        | Read",
            "Check-Access    | Check_Access",
            "check.access    | check_access"
    })
    void caseSensitiveKeepsTheDeclaredSpelling(String spelling, String canonical) {
        assertEquals(canonical, ToolNames.canonical(spelling, true));
    }
}

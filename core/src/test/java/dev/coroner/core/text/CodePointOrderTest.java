package dev.coroner.core.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CodePointOrderTest {

    @Test
    void sortsByCodePointLikePythonNotByUtf16Units() {
        // U+FF5E (fullwidth tilde) is one UTF-16 unit above the surrogates' D8xx, so String.compareTo puts the
        // emoji first; by code point (and in UTF-8 bytes) U+1F600 comes after U+FF5E.
        List<String> names = new ArrayList<>(List.of("\uD83D\uDE00", "\uFF5E", "read", "Read", "b"));
        names.sort(CodePointOrder.COMPARATOR);
        assertEquals(List.of("Read", "b", "read", "\uFF5E", "\uD83D\uDE00"), names);
    }

    @Test
    void aPrefixComesFirst() {
        assertEquals(-1, Integer.signum(CodePointOrder.compare("read", "read_file")));
        assertEquals(0, CodePointOrder.compare("read", "read"));
    }
}

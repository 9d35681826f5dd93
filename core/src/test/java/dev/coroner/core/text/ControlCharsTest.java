package dev.coroner.core.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * docs/VERDICTS.md, "Command line": what a transcript may not send a terminal raw, and how it is written instead. The
 * table holds every edge of every range: C0, DEL and the whole C1 range (U+0080 to U+009F, where a terminal reads CSI
 * U+009B as ESC [), and the first safe character on each side.
 */
class ControlCharsTest {
    @ParameterizedTest(name = "U+{0} -> {1}")
    @CsvSource(delimiter = '|', nullValues = "raw", value = {
        "0000 | \\x00", "0007 | \\x07", "0009 | \\t", "000A | \\n", "000D | \\r", "001B | \\x1b", "001F | \\x1f",
        "0020 | raw", "007E | raw",
        "007F | \\x7f", "0080 | \\x80", "0085 | \\x85", "009B | \\x9b", "009F | \\x9f",
        "00A0 | raw", "00FF | raw",
        "200A | raw", "200B | \\u{200b}", "200F | \\u{200f}", "2010 | raw", "2028 | \\u{2028}", "2029 | \\u{2029}",
        "202A | \\u{202a}", "202E | \\u{202e}", "202F | raw", "2065 | raw", "2066 | \\u{2066}",
        "2069 | \\u{2069}", "206A | raw", "FEFF | \\u{feff}", "FEFE | raw",
    })
    void eachCharacterIsWrittenRawOrAsItsEscape(String hex, String escape) {
        int cp = Integer.parseInt(hex, 16);
        String s = "a" + Character.toString(cp) + "b";
        if (escape == null) {
            assertFalse(ControlChars.isUnsafe(cp));
            assertEquals(s, ControlChars.escape(s));
        } else {
            assertTrue(ControlChars.isUnsafe(cp));
            assertEquals("a" + escape + "b", ControlChars.escape(s));
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {"D800 | \\u{d800}", "DFFF | \\u{dfff}"})
    void aLoneSurrogateIsEscapedAndAPairIsKept(String hex, String escape) {
        char lone = (char) Integer.parseInt(hex, 16);
        assertEquals("a" + escape + "b", ControlChars.escape("a" + lone + "b"));
        assertEquals("\uD83D\uDE00", ControlChars.escape("\uD83D\uDE00"), "a pair is one character, kept");
    }
}

package dev.coroner.app.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * How a JVM whose file names are not UTF-8 hands its arguments' own bytes to the one it runs in C.UTF-8
 * (docs/VERDICTS.md, "Command line"); the whole run is {@code FileNamesInAnyLocaleTest}.
 */
class Utf8FileNamesTest {
    private static final byte[] CAFE = "caf\u00e9.jsonl".getBytes(StandardCharsets.UTF_8);

    @Test
    void theArgumentsAreTheCommandLinesLastEntriesWhenTheLocaleDecodesThemSo() {
        byte[] cmdline = join("java", "-jar", "coroner.jar", "verdict", new String(CAFE, StandardCharsets.ISO_8859_1), "");
        String[] asAscii = {"verdict", new String(CAFE, StandardCharsets.US_ASCII), ""}; // as the C locale decoded them
        byte[][] raw = Utf8FileNames.fromCommandLine(cmdline, asAscii, StandardCharsets.US_ASCII);
        assertArrayEquals(new byte[][] {"verdict".getBytes(StandardCharsets.US_ASCII), CAFE, new byte[0]}, raw);
        assertArrayEquals(new String[] {"verdict", "caf\u00e9.jsonl", ""},
                Utf8FileNames.decode(Utf8FileNames.encode(raw)), "through the child's environment and back");
        assertNull(Utf8FileNames.fromCommandLine(cmdline, new String[] {"scripts", asAscii[1], ""},
                StandardCharsets.US_ASCII), "bytes that are not these arguments are never taken for them");
    }

    @Test
    void noArgumentsAndBrokenTextDecodeAsSuch() {
        assertArrayEquals(new String[0], Utf8FileNames.decode(Utf8FileNames.encode(new byte[0][])));
        assertNull(Utf8FileNames.decode("2:6161"), "two announced, one given");
        assertNull(Utf8FileNames.decode("x:6161"));
    }

    /** NUL-ended entries, each string's chars taken as bytes. */
    private static byte[] join(String... entries) {
        StringBuilder b = new StringBuilder();
        for (String e : entries) {
            b.append(e).append('\0');
        }
        return b.toString().getBytes(StandardCharsets.ISO_8859_1);
    }
}

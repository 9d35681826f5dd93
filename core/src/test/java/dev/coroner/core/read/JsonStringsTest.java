package dev.coroner.core.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The one decoder of JSON string bodies (docs/ARCHITECTURE.md, "The pass"): the start of a huge value read with a
 * limit, or from bytes cut anywhere, is always a prefix of what the general reader decodes from the whole string.
 */
class JsonStringsTest {
    private static final List<String> STRINGS = List.of(
            "\"\"",
            "\"plain ascii text\"",
            "\"tab\\there\\nnew line \\\"quoted\\\" back\\\\slash \\/ \\b\\f\\r\"",
            "\"caf\u00e9 \u2014 \u65e5\u672c \ud83d\ude00 emoji\"",
            "\"\\u00e9\\u2014\\ud83d\\ude00 escaped pair, lone \\ud800 high\"",
            "\"mixed \u00e9\\n\ud83d\ude00\\u0041\"");

    @Test
    void everyLimitGivesAPrefixOfTheWholeDecodedString() throws Exception {
        for (String json : STRINGS) {
            String whole = new ObjectMapper().readValue(json, String.class);
            byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
            for (int max = 0; max <= whole.length() + 1; max++) {
                JsonLine.StringPrefix p = JsonStrings.prefix(bytes, max);
                assertTrue(whole.startsWith(p.text()), json + " at " + max + ": " + p.text());
                assertTrue(p.text().length() >= Math.min(max, whole.length()), json + " at " + max);
                assertEquals(p.text().length() == whole.length(), p.whole(), json + " at " + max);
            }
        }
    }

    @Test
    void bytesCutAnywhereGiveAPrefixThatNeverClaimsTheEnd() throws Exception {
        for (String json : STRINGS) {
            String whole = new ObjectMapper().readValue(json, String.class);
            byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
            for (int cut = 1; cut < bytes.length; cut++) {
                JsonLine.StringPrefix p = JsonStrings.prefix(Arrays.copyOf(bytes, cut), 1000);
                assertTrue(whole.startsWith(p.text()), json + " cut at " + cut + ": " + p.text());
                assertEquals(false, p.whole(), json + " cut at " + cut);
            }
        }
    }

    @Test
    void theWholeBodyDecodesAsTheGeneralReaderDoes() throws Exception {
        for (String json : STRINGS) {
            byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
            char[] out = new char[bytes.length + 1];
            long r = JsonStrings.decode(bytes, 1, bytes.length - 1, out, bytes.length);
            assertEquals(new ObjectMapper().readValue(json, String.class), new String(out, 0, (int) r));
            assertEquals(bytes.length - 1, (int) (r >>> 32), "the whole body is read");
        }
    }
}

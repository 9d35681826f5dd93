package dev.coroner.core.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file's lines that hold a text, found without its index: as a timeline row is found, counted by line. */
class LineSearchTest {
    @TempDir
    Path dir;

    private static List<Long> lines(LineSearch.Result r) {
        return r.first().stream().map(LineSearch.Match::line).toList();
    }

    @Test
    void findsEachLineOnceIgnoringAsciiCaseAndAsWrittenInsideJson() throws Exception {
        Path f = dir.resolve("t.jsonl");
        Files.writeString(f, String.join("\n",
                "{\"text\":\"Rate limit hit\"}",
                "{\"text\":\"nothing\"}",
                "{\"text\":\"rate LIMIT and rate limit again\"}",
                "{\"text\":\"say \\\"rate limit\\\" quoted\"}",
                "{\"text\":\"a line\\nrate limit after a break\"}") + "\n", StandardCharsets.UTF_8);
        LineSearch.Result r = LineSearch.linesContaining(f, "rate limit", 10, () -> false);
        assertEquals(4, r.lines(), "line 3 holds it twice and counts once");
        assertEquals(List.of(1L, 3L, 4L, 5L), lines(r));
        assertEquals("{\"text\":\"Rate limit hit\"}", r.first().get(0).excerpt());
        // typed with a quote, found as the file writes it: \"rate limit\"
        assertEquals(List.of(4L), lines(LineSearch.linesContaining(f, "\"rate limit\"", 10, () -> false)));
        assertEquals(List.of(1L, 3L), lines(LineSearch.linesContaining(f, "rate limit", 2, () -> false)),
                "the first two kept");
        assertEquals(4, LineSearch.linesContaining(f, "rate limit", 2, () -> false).lines(), "all counted");
    }

    @Test
    void aMatchAcrossTheReadWindowsEdgeAndLinesPastTheFirstMegabyteAreNumberedRight() throws Exception {
        Path f = dir.resolve("big.jsonl");
        StringBuilder s = new StringBuilder();
        String filler = "{\"text\":\"" + "x".repeat(998) + "\"}\n"; // 1,010 bytes a line
        int lines = 0;
        while (s.length() < (1 << 20) + 3) {
            s.append(filler);
            lines++;
        }
        // the last filler line, cut: its needle starts 3 bytes before the end of the first window (1 MiB and the 6 bytes
        // of the needle), so that window holds only half of it
        s.setLength((1 << 20) + 3);
        s.append("needle\"}\n");
        s.append(filler.repeat(3)).append("{\"t\":\"é needle\"}\n");
        Files.writeString(f, s.toString(), StandardCharsets.UTF_8);
        LineSearch.Result r = LineSearch.linesContaining(f, "needle", 10, () -> false);
        assertEquals(List.of((long) lines, (long) lines + 4), lines(r));
        assertTrue(r.first().get(1).excerpt().contains("é needle"), r.first().get(1).excerpt());
        assertTrue(r.first().get(0).excerpt().startsWith("…"), "a cut line says so: " + r.first().get(0).excerpt());
    }

    @Test
    void aCancelledSearchStops() throws Exception {
        Path f = dir.resolve("t.jsonl");
        Files.writeString(f, "{\"a\":\"needle\"}\n", StandardCharsets.UTF_8);
        assertEquals(0, LineSearch.linesContaining(f, "needle", 10, () -> true).lines());
    }
}

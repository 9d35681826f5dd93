package dev.coroner.core.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
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

    /**
     * Whole files against the rule read line by line: a line counts when, its ASCII capitals made small, it holds one of
     * the needles ({@link IndexSearch#needles}). Files of letters in both cases, quotes, backslashes, a two-byte
     * character and line ends, some past the first megabyte, so matches fall across the read window's edge too.
     */
    @Test
    void countsAndNumbersTheLinesALineByLineReadingFinds() throws Exception {
        Random random = new Random(12);
        String[] pieces = {"a", "A", "b", "B", "ab", "Ab", "aB", " ", "\"", "\\", "é", "\n", "x", "{", "[", "@", "`"};
        for (int round = 0; round < 40; round++) {
            int size = round % 8 == 7 ? (1 << 20) + random.nextInt(4_000) : random.nextInt(3_000);
            StringBuilder s = new StringBuilder();
            while (s.length() < size) {
                s.append(pieces[random.nextInt(pieces.length)]);
            }
            Path f = dir.resolve("r" + round + ".jsonl");
            byte[] bytes = s.toString().getBytes(StandardCharsets.UTF_8);
            Files.write(f, bytes);
            StringBuilder text = new StringBuilder();
            for (int k = 1 + random.nextInt(4); k > 0; k--) {
                String p = pieces[random.nextInt(pieces.length)];
                text.append(p.equals("\n") ? "a" : p);
            }
            List<Long> expected = new ArrayList<>();
            List<byte[]> needles = IndexSearch.needles(text.toString());
            long line = 1;
            int start = 0;
            for (int i = 0; i <= bytes.length; i++) {
                if (i == bytes.length || bytes[i] == '\n') {
                    if (i > start || i < bytes.length) {
                        for (byte[] needle : needles) {
                            if (holds(bytes, start, i, needle)) {
                                expected.add(line);
                                break;
                            }
                        }
                    }
                    line++;
                    start = i + 1;
                }
            }
            LineSearch.Result r = LineSearch.linesContaining(f, text.toString(), Integer.MAX_VALUE, () -> false);
            assertEquals(expected, lines(r), "round " + round + ", text " + text);
            assertEquals(expected.size(), r.lines(), "round " + round);
        }
    }

    private static boolean holds(byte[] b, int from, int to, byte[] needle) {
        for (int i = from; i + needle.length <= to; i++) {
            if (IndexSearch.matchesAt(b, i, needle)) {
                return true;
            }
        }
        return false;
    }

    @Test
    void aCancelledSearchStops() throws Exception {
        Path f = dir.resolve("t.jsonl");
        Files.writeString(f, "{\"a\":\"needle\"}\n", StandardCharsets.UTF_8);
        assertEquals(0, LineSearch.linesContaining(f, "needle", 10, () -> true).lines());
    }
}

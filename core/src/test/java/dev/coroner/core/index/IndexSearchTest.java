package dev.coroner.core.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The timeline's search: the rows whose raw line holds a text, ignoring ASCII case, as typed or as JSON writes it. */
class IndexSearchTest {
    @TempDir
    Path dir;

    @Test
    void findsTheRowsWhoseLineHoldsTheTextAsTypedOrAsJsonWritesIt() throws Exception {
        Path f = dir.resolve("t.jsonl");
        Files.writeString(f, String.join("\n",
                "{\"type\":\"user\",\"text\":\"Rate LIMIT hit\"}",
                "",
                "{\"type\":\"user\",\"text\":\"nothing\"}",
                "not json, but rate limit",
                "{\"type\":\"user\",\"text\":\"say \\\"rate limit\\\"\"}",
                "{\"type\":\"user\",\"text\":\"rate\"}",
                "{\"type\":\"user\",\"text\":\"limit\"}") + "\n", StandardCharsets.UTF_8);
        TranscriptIndex index = TranscriptPass.run(f);
        assertEquals(List.of(1L, 4L, 5L), lines(index, IndexSearch.rowsContaining(index, "rate limit", () -> false)));
        assertEquals(List.of(5L), lines(index, IndexSearch.rowsContaining(index, "\"rate limit\"", () -> false)));
        assertEquals(List.of(), lines(index, IndexSearch.rowsContaining(index, "limit\"}\n{", () -> false)),
                "a match across two lines belongs to neither");
    }

    /**
     * Random transcripts against the rule read row by row: a row matches when its bytes, ASCII capitals made small,
     * hold one of the needles. Some files pass the first megabyte, so matches fall across the read window's edge.
     */
    @Test
    void findsTheRowsARowByRowReadingFinds() throws Exception {
        Random random = new Random(14);
        String[] pieces = {"a", "A", "b", "B", "ab", " ", "\\\"", "\\\\", "é", "\\n", "x", "{", "@", "`"};
        for (int round = 0; round < 24; round++) {
            int size = round % 6 == 5 ? (1 << 20) + random.nextInt(20_000) : random.nextInt(6_000);
            StringBuilder s = new StringBuilder();
            while (s.length() < size) {
                int kind = random.nextInt(12);
                if (kind == 0) {
                    s.append("\n"); // a blank line: no row
                } else if (kind == 1) {
                    s.append("not json ").append(pieces[random.nextInt(pieces.length)]).append('\n');
                } else {
                    s.append("{\"type\":\"user\",\"text\":\"");
                    for (int k = random.nextInt(round % 6 == 5 ? 400 : 30); k >= 0; k--) {
                        s.append(pieces[random.nextInt(pieces.length)]);
                    }
                    s.append("\"}\n");
                }
            }
            Path f = dir.resolve("r" + round + ".jsonl");
            Files.writeString(f, s, StandardCharsets.UTF_8);
            byte[] bytes = Files.readAllBytes(f);
            TranscriptIndex index = TranscriptPass.run(f);
            StringBuilder text = new StringBuilder();
            for (int k = 1 + random.nextInt(3); k > 0; k--) {
                String p = pieces[random.nextInt(pieces.length)];
                text.append(p.equals("\\n") ? "b" : p.replace("\\\"", "\"").replace("\\\\", "\\"));
            }
            BitSet expected = new BitSet();
            for (int row = 0; row < index.size(); row++) {
                int from = (int) index.offset(row);
                int to = from + (int) index.length(row);
                for (byte[] needle : IndexSearch.needles(text.toString())) {
                    for (int i = from; i + needle.length <= to; i++) {
                        if (IndexSearch.matchesAt(bytes, i, needle)) {
                            expected.set(row);
                        }
                    }
                }
            }
            assertEquals(expected, IndexSearch.rowsContaining(index, text.toString(), () -> false),
                    "round " + round + ", text " + text);
        }
    }

    private static List<Long> lines(TranscriptIndex index, BitSet rows) {
        return rows.stream().mapToObj(r -> index.line(r)).toList();
    }
}

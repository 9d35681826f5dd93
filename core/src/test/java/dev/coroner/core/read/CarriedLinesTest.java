package dev.coroner.core.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.index.TranscriptIndex;
import dev.coroner.core.index.TranscriptPass;
import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lines that run past a read (docs/ARCHITECTURE.md, "The pass"): the bytes of a line longer than what one read brings
 * are carried to the next, in one array kept from line to line. Each such line must come out as its own bytes, none of
 * an earlier, longer line's left behind, whatever its length against the read size.
 */
class CarriedLinesTest {
    @TempDir
    Path dir;

    @Test
    void everyLineThatCrossesAReadIsHandedOverWhole() throws Exception {
        Path p = dir.resolve("carried.jsonl");
        // lengths around and above the read size, long after short so a reused array would show a longer line's tail
        int chunk = ReadLimits.CHUNK_BYTES;
        int[] lengths = {chunk / 3, 2 * chunk + 17, chunk - 5, chunk / 2, chunk + 1, 3 * chunk / 2, 100, chunk * 5 / 2,
                         chunk / 4, chunk + 4_096};
        List<Integer> bytes = new ArrayList<>();
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(p))) {
            for (int i = 0; i < lengths.length; i++) {
                char c = (char) ('a' + i);
                String line = i == 6
                        ? "not json " + String.valueOf(c).repeat(lengths[i]) // a problem line, too, between long ones
                        : "{\"type\":\"user\",\"uuid\":\"u" + i + "\",\"message\":{\"role\":\"user\",\"content\":\""
                                + String.valueOf(c).repeat(lengths[i]) + "\"}}";
                byte[] b = line.getBytes(StandardCharsets.UTF_8);
                bytes.add(b.length);
                out.write(b);
                out.write('\n');
            }
        }

        Transcript t = TranscriptReader.readAll(p);
        assertEquals(lengths.length, t.lines().size());
        assertEquals(1, t.problems().size(), "the one line that is not JSON");
        assertEquals(7, t.problems().get(0).span().line());
        int seen = 0;
        for (TranscriptRecord r : t.records()) {
            int i = Integer.parseInt(r.json().get("uuid").asText().substring(1));
            String content = r.message().get("content").asText();
            assertEquals(lengths[i], content.length(), "line " + (i + 1) + " whole");
            char c = (char) ('a' + i);
            assertTrue(content.chars().allMatch(ch -> ch == c), "line " + (i + 1) + " holds only its own bytes");
            seen++;
        }
        assertEquals(lengths.length - 1, seen);

        TranscriptIndex index = TranscriptPass.run(p);
        assertEquals(lengths.length, index.size(), "the one pass makes a row of every line");
        assertEquals(lengths.length - 1, index.records());
        assertEquals(1, index.problems());
        long offset = 0;
        for (int row = 0; row < index.size(); row++) {
            assertEquals(offset, index.offset(row), "row " + row);
            assertEquals((long) bytes.get(row), index.length(row), "row " + row);
            offset += bytes.get(row) + 1;
        }
    }
}

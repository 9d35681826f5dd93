package dev.coroner.core.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Property (jqwik): a transcript cut at any byte — a run still being written, a copy that stopped — reads every complete
 * line before the cut as it read in the whole file, and the piece after the last LF as at most one row, never more
 * (docs/VERDICTS.md, "Reading", torn last line).
 */
class CutAnywhereProperties {
    @Provide
    Arbitrary<List<String>> records() {
        Arbitrary<String> text = Arbitraries.strings().withChars("ab \"\\\u00e9\u20ac\n\t").ofMaxLength(30);
        Arbitrary<String> record = text.map(t -> "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\""
                + new String(com.fasterxml.jackson.core.io.JsonStringEncoder.getInstance().quoteAsString(t)) + "\"}}");
        return record.list().ofMinSize(1).ofMaxSize(12);
    }

    @Property
    void everyCompleteLineBeforeTheCutReadsAsInTheWholeFile(@ForAll("records") List<String> records,
                                                             @ForAll @IntRange(min = 0, max = 1_000_000) int cutSeed)
            throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (String r : records) {
            out.write(r.getBytes(StandardCharsets.UTF_8));
            out.write('\n');
        }
        byte[] whole = out.toByteArray();
        int cut = cutSeed % (whole.length + 1);
        Path full = Files.createTempFile("whole", ".jsonl");
        Path part = Files.createTempFile("cut", ".jsonl");
        try {
            Files.write(full, whole);
            Files.write(part, java.util.Arrays.copyOf(whole, cut));
            List<TranscriptLine> all = rows(full);
            List<TranscriptLine> cutRows = rows(part);
            int complete = 0;
            for (int i = 0; i < cut; i++) {
                if (whole[i] == '\n') {
                    complete++;
                }
            }
            assertTrue(cutRows.size() >= complete, "every complete line gives its row");
            assertEquals(all.subList(0, complete), cutRows.subList(0, complete), "as in the whole file");
            assertTrue(cutRows.size() <= complete + 1, "the torn rest is one row at most");
            if (cutRows.size() == complete + 1) {
                TranscriptLine torn = cutRows.get(complete);
                assertTrue(torn instanceof TranscriptRecord || ((ProblemLine) torn).kind() == ProblemKind.INCOMPLETE
                        || ((ProblemLine) torn).kind() == ProblemKind.NOT_AN_OBJECT, torn.toString());
            }
        } finally {
            Files.delete(full);
            Files.delete(part);
        }
    }

    private static List<TranscriptLine> rows(Path p) throws UnreadableTranscriptException {
        List<TranscriptLine> rows = new ArrayList<>();
        TranscriptReader.read(p, rows::add);
        return rows;
    }
}

package dev.coroner.core.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A line too long to hold (read from the file, not from memory) that is not a record is classified by a streaming
 * walk, never built into a tree, and gets the very row the tree path gives a short line (docs/VERDICTS.md,
 * "Reading"). The same bytes are parsed both ways: held in memory, and as a view of the file.
 */
class LongProblemLineTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "{\"a\":1} trailing",
        "{\"a\":1} {\"b\":2}",
        "{\"a\":1}]",
        "[1,2,3] 4",
        "{\"a\":\"xxxxxxxxxxxxxxxxxxxxxxxx\"",
        "{\"a\":[1,2,}",
        "{\"a\" 1}",
        "{\"a\":tru}",
        "{\"a\":\"bad \\q escape\"}",
        "{\"a\":\"raw \u0001 control\"}",
        "[{\"a\":\"yyyyyyyyyyyy\"},{\"b\":[1,2,3]}]",
        "\"a string\"",
        "12345",
        "-1.5e3",
        "NaN",
        "true",
        "null",
        "[[[[[[[[[[]]]]]]]]]]",
        "1234567890123456789012345678901234567890",
        "}",
        "@",
    })
    void aLineReadFromTheFileIsTheSameProblemAsInMemory(String line) throws Exception {
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        Path p = dir.resolve("line.jsonl");
        Files.write(p, bytes);
        for (boolean terminated : new boolean[] {true, false}) {
            TranscriptLine inMemory = LineParser.parse(LineBytes.of(bytes, 0, bytes.length), 7, 100, false, terminated);
            TranscriptLine inFile;
            try (TranscriptSource ch = TranscriptFile.open(p)) {
                inFile = LineParser.parse(LineBytes.of(ch, 0, bytes.length), 7, 100, false, terminated);
            }
            assertInstanceOf(ProblemLine.class, inMemory);
            assertEquals(inMemory, inFile);
        }
    }

    @ParameterizedTest(name = "{0} bytes of padding")
    @ValueSource(ints = {70_000, 3_000_000})
    void aLongMalformedLineIsTheSameProblemAsInMemory(int padding) throws Exception {
        StringBuilder s = new StringBuilder("{\"type\":\"assistant\",\"pad\":[");
        while (s.length() < padding) {
            s.append("\"é∑😀 text\\n\",{\"k\":[1,2.5,null,true]},");
        }
        for (String end : new String[] {"1]} {\"second\":1}", "1,]}", "1]", "1]}x"}) {
            byte[] bytes = (s + end).getBytes(StandardCharsets.UTF_8);
            Path p = dir.resolve("long.jsonl");
            Files.write(p, bytes);
            TranscriptLine inMemory = LineParser.parse(LineBytes.of(bytes, 0, bytes.length), 1, 0, true, true);
            TranscriptLine inFile;
            try (TranscriptSource ch = TranscriptFile.open(p)) {
                inFile = LineParser.parse(LineBytes.of(ch, 0, bytes.length), 1, 0, true, true);
            }
            assertInstanceOf(ProblemLine.class, inMemory);
            assertEquals(inMemory, inFile);
        }
    }

    /**
     * A 20 MB malformed line and a 20 MB array, read from the file as every line over 8 MiB is, allocate a few MB at
     * most: their strings are skipped undecoded (a tree would take 40 MB for the chars alone).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"malformed", "array"})
    void aTwentyMegabyteLineThatIsNoRecordIsClassifiedWithoutBuildingIt(String shape) throws Exception {
        Path p = dir.resolve("twenty.jsonl");
        String big = "x".repeat(20_000_000);
        String line = shape.equals("malformed")
                ? "{\"type\":\"assistant\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":\"" + big + "\"}]}} trailing"
                : "[\"" + big + "\"]";
        Files.writeString(p, line, StandardCharsets.UTF_8);
        big = null;
        line = null;
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        TranscriptLine read;
        long allocated;
        try (TranscriptSource ch = TranscriptFile.open(p)) {
            long before = threads.getThreadAllocatedBytes(tid);
            read = LineParser.parse(LineBytes.of(ch, 0, ch.size()), 1, 0, true, true);
            allocated = threads.getThreadAllocatedBytes(tid) - before;
        }
        ProblemLine problem = assertInstanceOf(ProblemLine.class, read);
        assertEquals(shape.equals("malformed") ? ProblemKind.MALFORMED_JSON : ProblemKind.NOT_AN_OBJECT, problem.kind());
        assertTrue(allocated < 8_000_000, "allocated " + allocated + " bytes");
    }
}

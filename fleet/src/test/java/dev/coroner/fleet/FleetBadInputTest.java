package dev.coroner.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.coroner.fixtures.Fixtures;
import dev.coroner.fixtures.SpecialFiles;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input never fails the job (docs/FLEET.md, "How the job runs"): a named pipe, a device, a 0-byte file, a folder
 * named {@code .jsonl}, binary junk and a 300 MB line (far longer than Coroner holds in memory) each give the row the
 * command line gives for them, and the job ends.
 */
class FleetBadInputTest {
    @TempDir
    Path dir;

    @Test
    void eachBadFileGetsTheCommandLinesRowAndTheJobEnds() throws IOException {
        Path corpus = Files.createDirectory(dir.resolve("corpus"));
        SpecialFiles.fifo(corpus.resolve("pipe.jsonl"));
        Files.createFile(corpus.resolve("empty.jsonl"));
        Path folder = Files.createDirectory(corpus.resolve("folder.jsonl"));
        Files.copy(Fixtures.path("terminal/healthy.jsonl"), folder.resolve("inside.jsonl"));
        byte[] junk = new byte[100_000];
        new Random(34).nextBytes(junk);
        Files.write(corpus.resolve("junk.jsonl"), junk);
        Path longLine = corpus.resolve("long-line.jsonl");
        // the 300 MB line (issue 34), far over ReadLimits.MAX_IN_MEMORY_LINE and over a third of the test
        // JVM's 1 GB heap: the pass, the hash and the reader from the end read it from the file, never whole
        writeLongAnswer(longLine, 300 * 1024 * 1024);

        SparkSession spark = SparkSession.builder().master("local[2]").appName("fleet-bad-input")
                .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "2")
                .config("spark.driver.host", "127.0.0.1").getOrCreate();
        Path out = dir.resolve("out");
        String device = SpecialFiles.ENDLESS_DEVICE.toString();
        try {
            FleetJob.run(spark, FleetJob.Options.parse(new String[] {"--format", "json", "--out", out.toString(),
                    corpus.toString(), device}));
        } finally {
            spark.stop();
        }

        Map<String, ObjectNode> cli = FleetJobTest.verdictRows(corpus.toString(), device);
        Map<String, ObjectNode> fleet = FleetJobTest.runsRows(out.resolve("runs"));
        assertEquals(cli.keySet(), fleet.keySet());
        assertEquals(6, fleet.size(), "pipe, empty, the file in the folder, junk, the long line, the device");
        for (Map.Entry<String, ObjectNode> e : cli.entrySet()) {
            for (String key : List.of("state", "dead", "class", "api_status", "error", "reason", "kind", "trailing")) {
                assertEquals(e.getValue().get(key), fleet.get(e.getKey()).get(key), e.getKey() + ": " + key);
            }
        }
        assertEquals("UNREADABLE", fleet.get(corpus.resolve("pipe.jsonl").toString()).get("state").asText());
        assertEquals("UNREADABLE", fleet.get(device).get("state").asText());
        assertEquals("0 bytes", fleet.get(corpus.resolve("empty.jsonl").toString()).get("no_run").asText());
        ObjectNode longRow = fleet.get(longLine.toString());
        assertEquals(Files.size(longLine), longRow.get("size").asLong());
        assertEquals("HEALTHY", longRow.get("state").asText(), longRow.toString());
        assertTrue(fleet.containsKey(folder.resolve("inside.jsonl").toString()));
    }

    /** A prompt, then an answer of {@code bytes} characters on one line. */
    private static void writeLongAnswer(Path file, int bytes) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("{\"type\":\"user\",\"uuid\":\"u1\",\"sessionId\":\"s-long\",\"timestamp\":\"2026-11-02T10:00:03.411Z\","
                    + "\"message\":{\"role\":\"user\",\"content\":\"Write a long answer.\"}}\n");
            w.write("{\"type\":\"assistant\",\"uuid\":\"a1\",\"parentUuid\":\"u1\",\"sessionId\":\"s-long\","
                    + "\"timestamp\":\"2026-11-02T10:00:09.000Z\",\"message\":{\"role\":\"assistant\",\"model\":"
                    + "\"claude-opus-4\",\"stop_reason\":\"end_turn\",\"content\":[{\"type\":\"text\",\"text\":\"");
            char[] block = new char[64 * 1024];
            java.util.Arrays.fill(block, 'a');
            for (int written = 0; written < bytes; written += block.length) {
                w.write(block);
            }
            w.write("\"}]}}\n");
        }
    }
}

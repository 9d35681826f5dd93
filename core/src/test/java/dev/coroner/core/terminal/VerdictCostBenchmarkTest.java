package dev.coroner.core.terminal;

import dev.coroner.core.index.TerminalVerdicts;
import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/ARCHITECTURE.md, "The pass": a terminal verdict's cost must not grow with the file. Prints the median time to judge a 1 KB and a
 * 1 GB transcript that end the same way. Run: mvn -B verify -Pbenchmark -pl fixtures,core
 */
@Tag("benchmark")
class VerdictCostBenchmarkTest {
    @TempDir
    Path dir;

    private static final String USER = "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"t\",\"content\":\"%s\"}]}}\n";
    private static final String DEATH = "{\"type\":\"assistant\",\"isApiErrorMessage\":true,\"error\":\"rate_limit\",\"message\":{\"role\":\"assistant\",\"model\":\"<synthetic>\",\"stop_reason\":\"stop_sequence\",\"content\":[{\"type\":\"text\",\"text\":\"You've hit your limit\"}]}}\n"
            + "{\"type\":\"system\",\"subtype\":\"turn_duration\"}\n";

    private Path make(String name, long bytes) throws Exception {
        Path p = dir.resolve(name);
        byte[] line = String.format(USER, "x".repeat(900)).getBytes(StandardCharsets.UTF_8);
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(p), 1 << 20)) {
            for (long written = 0; written < bytes; written += line.length) {
                out.write(line);
            }
            out.write(DEATH.getBytes(StandardCharsets.UTF_8));
        }
        return p;
    }

    private static double medianMicros(Path p) {
        long[] t = new long[51];
        for (int i = 0; i < t.length; i++) {
            long s = System.nanoTime();
            TerminalVerdict v = TerminalVerdicts.judge(p);
            t[i] = System.nanoTime() - s;
            if (v.state() != TerminalState.SYNTHETIC) {
                throw new AssertionError("wrong verdict " + v);
            }
        }
        java.util.Arrays.sort(t);
        return t[t.length / 2] / 1000.0;
    }

    @Test
    void verdictCostDoesNotGrowWithFileSize() throws Exception {
        Path small = make("small.jsonl", 1024);
        Path big = make("big.jsonl", 1L << 30);
        medianMicros(small); // warm up
        System.out.printf("verdict 1 KB transcript: median %.1f µs%n", medianMicros(small));
        System.out.printf("verdict 1 GB transcript (%d bytes): median %.1f µs%n", Files.size(big), medianMicros(big));
        long s = System.nanoTime();
        FullReadVerdicts.judgeByFullRead(big);
        System.out.printf("full forward read of the same 1 GB: %.0f ms%n", (System.nanoTime() - s) / 1e6);
    }
}

package dev.coroner.core.precursor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.index.TranscriptPass;
import dev.coroner.fixtures.Fixtures;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/ARCHITECTURE.md, "The pass": re-evaluating a grammar over 100,000 calls after a keystroke takes under 100 ms, once the transcript
 * is indexed. Prints figures, asserts none about time. Run: {@code mvn -B verify -Pbenchmark -pl core -am}.
 */
@Tag("benchmark")
class PrecursorGateBenchmarkTest {
    private static final int CALLS = 100_000;
    private static final int WARMUP = 30;
    private static final int RUNS = 50;
    private static final String[] TOOLS = {"Read", "Edit", "Bash", "Grep", "Glob", "Write", "MultiEdit", "TodoWrite",
            "NotebookEdit", "NotebookRead", "Task", "WebFetch", "WebSearch", "LS", "mcp__shop__get_order_details",
            "mcp__shop__cancel_order", "mcp__shop__modify_order", "mcp__shop__get_user_details", "BashOutput", "KillBash"};

    @Test
    void judgingAGrammarOverAHundredThousandIndexedCalls() throws IOException {
        CallStream stream = synthetic(new Random(42));
        assertEquals(CALLS, stream.size());
        report("in-memory stream, " + CALLS + " calls", stream);
    }

    @Test
    void indexingOnceThenJudgingWithoutTheFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("big.jsonl");
        long bytes = writeTranscript(file, new Random(7));
        long t0 = System.nanoTime();
        CallStream stream = TranscriptPass.run(file).judgement().calls();
        double indexMs = (System.nanoTime() - t0) / 1e6;
        Files.delete(file); // from here on, nothing can read it
        assertEquals(CALLS, stream.size());
        System.out.printf("[benchmark] indexed %,d bytes (%,d calls) once in %.0f ms: %.0f MB/s%n",
                bytes, stream.size(), indexMs, bytes / 1e6 / (indexMs / 1e3));
        report("indexed transcript (file deleted), " + CALLS + " calls", stream);
    }

    private static void report(String what, CallStream stream) throws IOException {
        String claudeCode = Files.readString(Fixtures.path("precursor/claude-code.toml"), StandardCharsets.UTF_8);
        String caseSensitive = Files.readString(Fixtures.path("precursor/claude-code-case-sensitive.toml"));
        String wide = wideGrammar();
        PrecursorGrammar g = GrammarLoader.parse(claudeCode).grammar();
        int gated = PrecursorGate.evaluate(g, stream).size();
        assertTrue(gated > 0);
        System.out.printf("[benchmark] %s; %,d gated by claude-code.toml%n", what, gated);
        time("evaluate, claude-code.toml", () -> PrecursorGate.evaluate(g, stream));
        time("keystroke: parse claude-code.toml + evaluate + summary",
                () -> PrecursorSummary.of(PrecursorGate.evaluate(GrammarLoader.parse(claudeCode).grammar(), stream)));
        time("keystroke: parse case-sensitive grammar + evaluate + summary",
                () -> PrecursorSummary.of(PrecursorGate.evaluate(GrammarLoader.parse(caseSensitive).grammar(), stream)));
        time("keystroke: parse 60-rule grammar with aliases + evaluate + summary",
                () -> PrecursorSummary.of(PrecursorGate.evaluate(GrammarLoader.parse(wide).grammar(), stream)));
        String everything = everyToolGated();
        assertEquals(CALLS, PrecursorGate.evaluate(GrammarLoader.parse(everything).grammar(), stream).size());
        time("worst case: every one of the 100,000 calls gated, parse + evaluate",
                () -> PrecursorSummary.of(PrecursorGate.evaluate(GrammarLoader.parse(everything).grammar(), stream)));
    }

    /** Every tool gated, so every call gets a verdict object: the most work a grammar can ask for. */
    private static String everyToolGated() {
        StringBuilder s = new StringBuilder("[precursor.requires]\n");
        for (String tool : TOOLS) {
            s.append('"').append(tool).append("\" = [\"").append(tool.equals("Read") ? "Grep" : "Read")
                    .append("\", \"mcp__shop__get_order_details\"]\n");
        }
        return s.toString();
    }

    private static void time(String what, Supplier<Object> work) {
        Object sink = null;
        for (int i = 0; i < WARMUP; i++) {
            sink = work.get();
        }
        long[] ns = new long[RUNS];
        for (int i = 0; i < RUNS; i++) {
            long t = System.nanoTime();
            sink = work.get();
            ns[i] = System.nanoTime() - t;
        }
        Arrays.sort(ns);
        System.out.printf("[benchmark]   %-68s median %6.2f ms  p90 %6.2f ms  max %6.2f ms  (%d runs after %d warm-up)%n",
                what, ns[RUNS / 2] / 1e6, ns[RUNS * 9 / 10] / 1e6, ns[RUNS - 1] / 1e6, RUNS, WARMUP);
        assertTrue(sink != null);
    }

    /** 100,000 calls: most answered by the next record, some in parallel pairs, a few never answered. */
    private static CallStream synthetic(Random r) {
        StreamBuilder b = new StreamBuilder();
        long line = 1;
        int made = 0;
        while (made < CALLS) {
            String message = "msg_" + made;
            int parallel = r.nextInt(10) == 0 ? 2 : 1;
            String[] ids = new String[parallel];
            for (int k = 0; k < parallel && made < CALLS; k++) {
                b.record(line++, message);
                ids[k] = "toolu_" + made;
                b.toolUse(ids[k], TOOLS[r.nextInt(TOOLS.length)]);
                made++;
            }
            for (String id : ids) {
                if (id != null && r.nextInt(50) != 0) {
                    b.record(line++, null);
                    b.toolResult(id);
                }
            }
        }
        return b.build();
    }

    private static long writeTranscript(Path file, Random r) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int i = 0; i < CALLS; i++) {
                String id = "toolu_" + i;
                w.write("{\"type\":\"assistant\",\"uuid\":\"u" + i + "\",\"message\":{\"id\":\"msg_" + i
                        + "\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"claude-sonnet-4-6\",\"content\":"
                        + "[{\"type\":\"tool_use\",\"id\":\"" + id + "\",\"name\":\"" + TOOLS[r.nextInt(TOOLS.length)]
                        + "\",\"input\":{\"file_path\":\"/home/dev/shop/module" + (i % 97) + ".py\"}}],"
                        + "\"stop_reason\":\"tool_use\"}}\n");
                if (r.nextInt(50) != 0) {
                    w.write("{\"type\":\"user\",\"uuid\":\"r" + i + "\",\"message\":{\"role\":\"user\",\"content\":"
                            + "[{\"tool_use_id\":\"" + id + "\",\"type\":\"tool_result\",\"content\":\"     1\\timport os\\n"
                            + "     2\\tdef run():\\n     3\\t    return os.getcwd()\\n\"}]}}\n");
                }
            }
        }
        return Files.size(file);
    }

    /** Sixty gated tools, each needing one of three lookups, each lookup with two aliases in mixed spellings. */
    private static String wideGrammar() {
        StringBuilder s = new StringBuilder("[precursor]\ncase_sensitive = false\n[precursor.requires]\n");
        for (int i = 0; i < 60; i++) {
            s.append("\"mutate-").append(i).append("\" = [\"lookup.").append(i % 7).append("\", \"Read\", \"Get-")
                    .append(i % 5).append("\"]\n");
        }
        s.append("Edit = \"Read\"\nWrite = \"Read\"\n\"mcp__shop__cancel_order\" = [\"mcp__shop__get_order_details\"]\n");
        s.append("[precursor.aliases]\nRead = [\"NotebookRead\", \"view\"]\n");
        for (int i = 0; i < 7; i++) {
            s.append("\"lookup_").append(i).append("\" = [\"find-").append(i).append("\", \"Search.").append(i).append("\"]\n");
        }
        for (int i = 0; i < 5; i++) {
            s.append("\"get.").append(i).append("\" = \"fetch_").append(i).append("\"\n");
        }
        return s.toString();
    }

    @Test
    void theWideGrammarIsValid() {
        GrammarResult r = GrammarLoader.parse(wideGrammar());
        assertTrue(r.ok(), r.errors()::toString);
        assertEquals(List.of("fetch_0", "find_0", "get_0", "lookup_0", "notebookread", "read", "search_0", "view"),
                r.grammar().required("mutate_0"));
    }
}

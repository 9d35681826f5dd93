package dev.coroner.core.compare;

import java.io.BufferedWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Aligning two runs of 10,000 calls each (docs/COMPARE.md, "Alignment"; DESIGN target: within 1 s, memory linear in
 * the calls): the alignment alone at several distances, and the whole comparison of two transcripts (the pass, the
 * keys re-read by span, the alignment). Prints figures, never asserts on time:
 * {@code mvn -B verify -Pbenchmark -pl core -am -Dtest=AlignmentBenchmark}
 */
@Tag("benchmark")
class AlignmentBenchmark {
    private static final int CALLS = 10_000;

    @TempDir
    Path dir;

    @Test
    void align10kBy10kCalls() {
        for (double edits : new double[] {0.0, 0.01, 0.10, 0.50, 1.0}) {
            List<CallKey> a = run(new Random(1));
            List<CallKey> b = edits == 1.0 ? distinct() : edit(a, new Random(2), edits);
            Alignment.of(a, b); // warm
            long bytes0 = allocated();
            long t0 = System.nanoTime();
            Alignment al = Alignment.of(a, b);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            long bytes = allocated() - bytes0;
            System.out.printf("align %,d x %,d calls, %3.0f%% edited: %,d ms, %,d KB allocated (%.0f bytes per call); "
                            + "same %,d changed %,d only_a %,d only_b %,d%n", a.size(), b.size(), edits * 100, ms,
                    bytes / 1024, (double) bytes / (a.size() + b.size()), al.count(Op.SAME), al.count(Op.CHANGED),
                    al.count(Op.ONLY_A), al.count(Op.ONLY_B));
        }
    }

    @Test
    void compareTwoTranscriptsOf10kCalls() throws Exception {
        Path a = dir.resolve("a.jsonl");
        Path b = dir.resolve("b.jsonl");
        List<CallKey> ka = run(new Random(1));
        write(a, ka);
        write(b, edit(ka, new Random(2), 0.01));
        TranscriptComparison.of(a, b, null); // warm
        long t0 = System.nanoTime();
        TranscriptComparison c = TranscriptComparison.of(a, b, null);
        long total = (System.nanoTime() - t0) / 1_000_000;
        long t1 = System.nanoTime();
        var index = dev.coroner.core.index.TranscriptPass.run(a, dev.coroner.core.index.TranscriptPass.Scope.ALL);
        long pass = (System.nanoTime() - t1) / 1_000_000;
        long t2 = System.nanoTime();
        CallKeys.read(a, index.judgement().calls());
        long keys = (System.nanoTime() - t2) / 1_000_000;
        long t3 = System.nanoTime();
        Alignment.of(c.a().keys(), c.b().keys());
        long align = (System.nanoTime() - t3) / 1_000_000;
        System.out.printf("compare two transcripts (%,d and %,d bytes, %,d and %,d calls): %,d ms in all; one side's "
                        + "pass %,d ms, its keys re-read by span %,d ms; the alignment %,d ms; same %,d%n",
                Files.size(a), Files.size(b), c.a().calls(), c.b().calls(), total, pass, keys, align,
                c.alignment().count(Op.SAME));
    }

    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    /** A run of {@link #CALLS} calls over a realistic vocabulary: a few files read, edited and tested again and again. */
    private static List<CallKey> run(Random r) {
        List<CallKey> out = new ArrayList<>();
        for (int i = 0; i < CALLS; i++) {
            out.add(key(r));
        }
        return out;
    }

    private static CallKey key(Random r) {
        return switch (r.nextInt(4)) {
            case 0 -> new CallKey("Read", "Read", "src/f" + r.nextInt(200) + ".py");
            case 1 -> new CallKey("Edit", "Edit", "src/f" + r.nextInt(200) + ".py · sha256:" + r.nextInt(1000));
            case 2 -> new CallKey("Bash", CallKeys.COMMAND, "pytest -q tests/test_" + r.nextInt(50) + ".py");
            default -> new CallKey("Grep", "Grep", "{\"pattern\":\"def f" + r.nextInt(500) + "\"}");
        };
    }

    /** {@code a} with a share of its calls replaced, dropped or preceded by a new call. */
    private static List<CallKey> edit(List<CallKey> a, Random r, double share) {
        List<CallKey> out = new ArrayList<>();
        for (CallKey k : a) {
            if (r.nextDouble() >= share) {
                out.add(k);
                continue;
            }
            switch (r.nextInt(3)) {
                case 0 -> out.add(key(r));
                case 1 -> { }
                default -> {
                    out.add(key(r));
                    out.add(k);
                }
            }
        }
        return out;
    }

    /** Calls no other run made: the worst case, D = N + M. */
    private static List<CallKey> distinct() {
        List<CallKey> out = new ArrayList<>();
        for (int i = 0; i < CALLS; i++) {
            out.add(new CallKey("Bash", CallKeys.COMMAND, "echo other " + i));
        }
        return out;
    }

    private static void write(Path p, List<CallKey> keys) throws Exception {
        try (BufferedWriter w = Files.newBufferedWriter(p, StandardCharsets.UTF_8)) {
            w.write("{\"type\":\"user\",\"sessionId\":\"s\",\"message\":{\"role\":\"user\",\"content\":\"go\"}}\n");
            for (int i = 0; i < keys.size(); i++) {
                String cmd = keys.get(i).text().replace("\\", "\\\\").replace("\"", "\\\"");
                w.write("{\"type\":\"assistant\",\"sessionId\":\"s\",\"message\":{\"id\":\"m" + i + "\",\"role\":\"assistant\","
                        + "\"model\":\"m\",\"content\":[{\"type\":\"tool_use\",\"id\":\"t" + i + "\",\"name\":\"Bash\","
                        + "\"input\":{\"command\":\"" + cmd + "\"}}]}}\n");
                w.write("{\"type\":\"user\",\"sessionId\":\"s\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":"
                        + "\"tool_result\",\"tool_use_id\":\"t" + i + "\",\"content\":\"ok\"}]}}\n");
            }
            w.write("{\"type\":\"assistant\",\"sessionId\":\"s\",\"message\":{\"id\":\"end\",\"role\":\"assistant\","
                    + "\"model\":\"m\",\"content\":[{\"type\":\"text\",\"text\":\"done\"}]}}\n");
        }
    }
}

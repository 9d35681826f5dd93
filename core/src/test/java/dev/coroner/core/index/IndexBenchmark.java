package dev.coroner.core.index;

import java.nio.file.Files;
import java.nio.file.Path;
import dev.coroner.fixtures.GeneratedTranscript;
import dev.coroner.fixtures.MemoryPeaks;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/ARCHITECTURE.md, "The pass": indexing a 1 GB transcript — time to the first published rows, throughput, heap. Prints figures,
 * never asserts on time. Run in a 256 MB heap:
 * {@code mvn -B verify -Pbenchmark -pl core -am -DargLine=-Xmx256m}
 */
@Tag("benchmark")
class IndexBenchmark {
    @TempDir
    Path dir;

    @Test
    void indexAOneGigabyteTranscript() throws Exception {
        Path p = dir.resolve("big.jsonl");
        long t0 = System.nanoTime();
        long records = GeneratedTranscript.write(p, 1L << 30);
        long size = Files.size(p);
        System.out.printf("generated %,d bytes, %,d records in %.1f s%n", size, records, (System.nanoTime() - t0) / 1e9);
        System.out.printf("max heap %,d MB%n", Runtime.getRuntime().maxMemory() >> 20);

        Path warm = warm();
        for (int i = 0; i < 5; i++) {
            TranscriptPass.run(warm); // JIT warm-up: the figures below are for a warm JVM, as in the window
        }
        for (int round = 1; round <= 2; round++) {
            System.out.printf("-- round %d%n", round);
            measure(p, size);
        }
    }

    private void measure(Path p, long size) throws Exception {
        MemoryPeaks.reset();
        long[] firstRows = {-1, 0};
        long start = System.nanoTime();
        TranscriptIndex index = TranscriptPass.run(p, new TranscriptPass.Listener() {
            @Override
            public void progress(TranscriptIndex i, long done, long total) {
                if (firstRows[0] < 0 && i.size() > 0) {
                    firstRows[0] = System.nanoTime() - start;
                    firstRows[1] = i.size();
                }
            }
        });
        long took = System.nanoTime() - start;
        System.out.printf("first rows published after %.1f ms (%,d rows in the first batch)%n",
                firstRows[0] / 1e6, firstRows[1]);
        System.out.printf("indexed %,d rows of %,d bytes in %.2f s: %.0f MB/s%n", index.size(), size, took / 1e9,
                size / 1e6 / (took / 1e9));
        System.out.printf("peak heap during the pass: %,d MB%n", MemoryPeaks.heap() >> 20);
        System.gc();
        Runtime rt = Runtime.getRuntime();
        System.out.printf("heap held after GC (the index): %,d MB%n", (rt.totalMemory() - rt.freeMemory()) >> 20);
        if (!index.complete() || index.terminalRow() != index.size() - 1) {
            throw new AssertionError("the index is wrong: " + index.size() + " rows, terminal " + index.terminalRow());
        }
    }

    private Path warm() throws Exception {
        Path w = dir.resolve("warm.jsonl");
        GeneratedTranscript.write(w, 64L << 20);
        return w;
    }
}

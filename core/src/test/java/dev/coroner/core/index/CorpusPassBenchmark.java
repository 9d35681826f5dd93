package dev.coroner.core.index;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.corpus.TranscriptPaths;
import dev.coroner.fixtures.ProjectsCorpus;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one pass over a whole corpus on one thread (docs/ARCHITECTURE.md, "The pass"): every transcript of a corpus made
 * by {@code ProjectsCorpus} read by {@link TranscriptPass#run}, several rounds, printing the thread's CPU seconds and MB
 * per CPU second of each round (the first is a cold JVM). CPU time, not wall time, so a busy machine skews it less.
 * Prints, never asserts on time. Run it as the command line runs (client compiler) and as the window runs (default):
 * {@code mvn -B verify -Pbenchmark -pl core -am -Dtest=CorpusPassBenchmark -Dcoroner.projects=DIR
 * -DargLine=-XX:TieredStopAtLevel=1} (without {@code coroner.projects}, a corpus is generated in a temporary folder).
 */
@Tag("benchmark")
class CorpusPassBenchmark {
    private static final int ROUNDS = 4;

    @TempDir
    Path dir;

    @Test
    void everyTranscriptOfAProjectsShapedCorpus() throws Exception {
        String given = System.getProperty("coroner.projects");
        Path corpus;
        if (given != null && !given.isBlank()) {
            corpus = Path.of(given);
            assertTrue(Files.isDirectory(corpus), "-Dcoroner.projects=" + given + " is not a folder");
        } else {
            corpus = dir.resolve("projects");
            ProjectsCorpus.generate(corpus, 1_800, 700L << 20);
        }
        List<Path> files = TranscriptPaths.expand(List.of(corpus)).inputs().stream()
                .map(TranscriptPaths.Input::path).toList();
        long bytes = 0;
        for (Path p : files) {
            bytes += Files.size(p);
        }
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        for (int round = 1; round <= ROUNDS; round++) {
            long c0 = cpu.getCurrentThreadCpuTime();
            long rows = 0;
            for (Path p : files) {
                rows += TranscriptPass.run(p).size();
            }
            double seconds = (cpu.getCurrentThreadCpuTime() - c0) / 1e9;
            System.out.printf("pass, round %d of %d: %,d files, %,d bytes, %,d rows in %.2f CPU s (%.0f MB per CPU s)%n",
                    round, ROUNDS, files.size(), bytes, rows, seconds, bytes / 1e6 / seconds);
        }
    }
}

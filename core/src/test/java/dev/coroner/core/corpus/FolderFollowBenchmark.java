package dev.coroner.core.corpus;

import dev.coroner.fixtures.MemoryPeaks;
import dev.coroner.fixtures.ProjectsCorpus;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What following a folder costs (docs/ARCHITECTURE.md, "Following"): a corpus shaped like ~/.claude/projects (1,800
 * files), its first poll (every file read once), a poll that finds nothing new (one walk, an open and a stat per file),
 * and a poll after a record is appended to one file and a new sub-agent appears. Prints figures, never asserts on
 * time: {@code mvn -B verify -Pbenchmark -pl core -am -Dtest=FolderFollowBenchmark}
 */
@Tag("benchmark")
class FolderFollowBenchmark {
    @TempDir
    Path dir;

    @Test
    void followingA1800FileFolder() throws Exception {
        long bytes = Long.getLong("coroner.bench.bytes", 70L << 20);
        ProjectsCorpus.generate(dir, 1_800, bytes);
        FolderFollower follower = new FolderFollower(List.of(dir));
        MemoryPeaks.reset();
        long t0 = System.nanoTime();
        FolderFollower.Round first = follower.poll();
        System.out.printf("first poll: %,d files, %,d MB, %.0f ms, heap peak %,d MB%n", first.files().size(), bytes >> 20,
                (System.nanoTime() - t0) / 1e6, MemoryPeaks.heap() >> 20);
        MemoryPeaks.reset();
        System.out.printf("heap held after the first poll: %,d MB%n", MemoryPeaks.heap() >> 20);

        long[] idle = new long[10];
        for (int i = 0; i < idle.length; i++) {
            long t = System.nanoTime();
            follower.poll();
            idle[i] = System.nanoTime() - t;
        }
        Arrays.sort(idle);
        System.out.printf("poll with nothing new: median %.1f ms, max %.1f ms%n", idle[idle.length / 2] / 1e6,
                idle[idle.length - 1] / 1e6);

        Path grown = first.files().get(first.files().size() / 2).path();
        String line = Files.readAllLines(grown, StandardCharsets.UTF_8).get(0);
        Files.writeString(grown, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        Path fresh = Files.createDirectories(dir.resolve("new-session").resolve("subagents")).resolve("agent-new.jsonl");
        Files.writeString(fresh, line + "\n", StandardCharsets.UTF_8);
        long t = System.nanoTime();
        FolderFollower.Round r = follower.poll();
        System.out.printf("poll after one append and one new file: %.1f ms, %d added, %d changed%n",
                (System.nanoTime() - t) / 1e6, r.added().size(), r.changed().size());
    }
}

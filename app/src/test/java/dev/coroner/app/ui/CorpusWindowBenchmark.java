package dev.coroner.app.ui;

import dev.coroner.app.ui.model.Tasks;
import dev.coroner.core.findings.FindingSources;
import dev.coroner.core.findings.MarkerKind;
import dev.coroner.fixtures.MemoryPeaks;
import dev.coroner.fixtures.ProjectsCorpus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * docs/ARCHITECTURE.md, "The corpus engine", in the window: open a corpus shaped like {@code ~/.claude/projects}
 * (1,800 files, about 700 MB, from {@link ProjectsCorpus}) and measure when every transcript has every verdict, the
 * peak heap and the peak resident memory of the process, and how long a grammar change takes to re-judge it all.
 * Prints figures, never asserts on time. Run headless:
 * {@code mvn -B verify -Pbenchmark -pl app -am -Dtest=CorpusWindowBenchmark -Dcoroner.projects=DIR}
 * ({@code DIR}: a corpus made by {@code ProjectsCorpus}; without it one is generated in a temporary folder).
 */
@Tag("benchmark")
@ExtendWith(ApplicationExtension.class)
class CorpusWindowBenchmark {
    @TempDir
    Path dir;

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        Workbench.useTheme();
        workbench = new Workbench(Tasks.forWindow(), FindingSources.standard());
        stage.setScene(workbench.scene(1280, 720));
        stage.show();
    }

    @Test
    void everyVerdictOfAProjectsShapedCorpus(FxRobot robot) throws Exception {
        String given = System.getProperty("coroner.projects");
        Path corpus;
        if (given != null && !given.isBlank()) {
            corpus = Path.of(given);
        } else {
            corpus = dir.resolve("projects");
            long t0 = System.nanoTime();
            ProjectsCorpus.Summary s = ProjectsCorpus.generate(corpus, 1_800, 700L << 20);
            System.out.printf("generated %,d files, %,d bytes, %,d dead in %.1f s%n", s.files, s.bytes, s.dead,
                    (System.nanoTime() - t0) / 1e9);
        }
        long files;
        long bytes;
        try (var walk = Files.walk(corpus)) {
            List<Path> all = walk.filter(p -> p.toString().endsWith(".jsonl")).toList();
            files = all.size();
            long b = 0;
            for (Path p : all) {
                b += Files.size(p);
            }
            bytes = b;
        }
        MemoryPeaks.reset();
        long rssBefore = MemoryPeaks.processKb("VmRSS");
        robot.interact(() -> workbench.setGrammar(Workbench.bundledGrammar())); // as the window starts
        long warns = open(robot, corpus, files, bytes, "cold JVM");
        System.out.printf("window: peak heap %,d MB; peak RSS of the process %,d MB (%,d MB before the open)%n",
                MemoryPeaks.heap() >> 20, MemoryPeaks.processKb("VmHWM") >> 10, rssBefore >> 10);

        // the same files again in the warm JVM, by another path (a link), so no index is served from the cache: what
        // a user sees the second time, once the JIT and the CSS caches are warm
        robot.interact(() -> workbench.corpus().clear());
        Path again = Files.createSymbolicLink(dir.resolve("projects-again"), corpus.toAbsolutePath());
        try {
            open(robot, again, files, bytes, "warm JVM");
        } finally {
            Files.delete(again); // the link only, never what it points at
        }

        // a grammar change: every transcript judged again from memory, the result applied on the FX thread
        AtomicLong start = new AtomicLong();
        robot.interact(() -> {
            start.set(System.nanoTime());
            workbench.setGrammar(null);
        });
        long rejudged = -1;
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (rejudged < 0 && System.nanoTime() < deadline) {
            AtomicLong left = new AtomicLong();
            robot.interact(() -> left.set(workbench.corpus().busyProperty().get() ? 1 : workbench.analyses().byPath()
                    .values().stream().mapToLong(a -> a.count(MarkerKind.WARN)).sum()));
            if (left.get() == 0) {
                rejudged = System.nanoTime() - start.get();
            } else {
                Thread.sleep(2);
            }
        }
        System.out.printf("window: grammar set to none: every transcript re-judged and shown in %.0f ms (WARN %,d → 0)%n",
                rejudged / 1e6, warns);
    }

    /** Opens {@code corpus}, waits until every transcript has every verdict and prints what it measured. */
    private long open(FxRobot robot, Path corpus, long files, long bytes, String round) throws Exception {
        LoadWatch watch = new LoadWatch(workbench, robot::interact).open(corpus, files);
        watch.print(System.out, round, files, bytes);
        return watch.warns();
    }
}

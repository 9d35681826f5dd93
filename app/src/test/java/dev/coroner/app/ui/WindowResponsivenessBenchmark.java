package dev.coroner.app.ui;

import dev.coroner.app.ui.model.Tasks;
import dev.coroner.fixtures.GeneratedTranscript;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javafx.animation.AnimationTimer;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * docs/ARCHITECTURE.md, "The pass" in the window: open a 1 GB transcript and measure, on the FX thread, when its first rows are in the
 * timeline, when it is fully indexed, and the longest gap between two FX pulses meanwhile (how long the window
 * could not answer). Prints figures, never asserts on time. Run headless:
 * {@code mvn -B verify -Pbenchmark -pl app -am -Dtest=WindowResponsivenessBenchmark -DargLine=-Xmx256m}
 */
@Tag("benchmark")
@ExtendWith(ApplicationExtension.class)
class WindowResponsivenessBenchmark {
    @TempDir
    Path dir;

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        Workbench.useTheme();
        workbench = new Workbench(Tasks.forWindow(), List.of());
        stage.setScene(workbench.scene(1400, 900));
        stage.show();
    }

    @Test
    void openAOneGigabyteTranscript(FxRobot robot) throws Exception {
        String given = System.getProperty("coroner.big");
        Path big;
        if (given != null && !given.isBlank()) {
            // written beforehand, so neither its writing nor the page cache's write-back runs beside the open
            big = Path.of(given);
        } else {
            big = dir.resolve("big.jsonl");
            GeneratedTranscript.write(big, 1L << 30);
        }
        Path small = dir.resolve("warm-up").resolve("small.jsonl");
        Files.createDirectories(small.getParent());
        GeneratedTranscript.write(small, 64L << 20);
        measure(robot, big, "cold JVM");
        robot.interact(() -> workbench.corpus().clear());
        // the same bytes under another name, so the second open reads the file instead of taking the cached index
        Path copy = dir.resolve("big-2.jsonl");
        Files.createSymbolicLink(copy, big.toAbsolutePath());
        measure(robot, small, "warm-up");
        robot.interact(() -> workbench.corpus().clear());
        measure(robot, copy, "warm JVM");
    }

    private void measure(FxRobot robot, Path big, String label) throws Exception {
        long size = Files.size(big);
        AtomicLong start = new AtomicLong();
        AtomicLong firstRows = new AtomicLong(-1);
        AtomicLong indexed = new AtomicLong(-1);
        AtomicLong lastPulse = new AtomicLong();
        AtomicLong longestGap = new AtomicLong();
        AtomicLong longestGapAt = new AtomicLong();
        CountDownLatch done = new CountDownLatch(1);
        AnimationTimer watch = new AnimationTimer() {
            @Override
            public void handle(long now) {
                long t = System.nanoTime();
                if (lastPulse.get() > 0 && t - lastPulse.get() > longestGap.get()) {
                    longestGap.set(t - lastPulse.get());
                    longestGapAt.set(t - start.get());
                }
                lastPulse.set(t);
                var tl = workbench.timeline();
                if (!big.equals(tl.pathProperty().get())) {
                    return;
                }
                if (firstRows.get() < 0 && !tl.rowsProperty().get().isEmpty()) {
                    firstRows.set(t - start.get());
                }
                if (firstRows.get() >= 0 && !tl.indexingProperty().get() && indexed.get() < 0) {
                    indexed.set(t - start.get());
                    done.countDown();
                }
            }
        };
        robot.interact(() -> {
            start.set(System.nanoTime());
            watch.start();
            workbench.open(List.of(big));
        });
        if (!done.await(10, TimeUnit.MINUTES)) {
            throw new AssertionError("not indexed after 10 minutes");
        }
        robot.interact(watch::stop);
        System.out.printf("window (%s): %,d bytes; first rows in the timeline after %.0f ms%n", label, size,
                firstRows.get() / 1e6);
        System.out.printf("window (%s): fully indexed after %.2f s (%.0f MB/s)%n", label,
                indexed.get() / 1e9, size / 1e6 / (indexed.get() / 1e9));
        System.out.printf("window (%s): longest gap between FX pulses while indexing: %.0f ms, ending %.0f ms after "
                + "the open%n", label, longestGap.get() / 1e6, longestGapAt.get() / 1e6);
        Runtime rt = Runtime.getRuntime();
        System.out.printf("window (" + label + "): heap used %,d MB of %,d MB%n", (rt.totalMemory() - rt.freeMemory()) >> 20,
                rt.maxMemory() >> 20);
    }
}

package dev.coroner.app.ui;

import dev.coroner.app.cli.SnapshotCommand;
import dev.coroner.app.ui.model.Tasks;
import dev.coroner.core.findings.FindingSources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import javafx.application.Platform;
import javafx.stage.Stage;

/**
 * The window's first open in a JVM started the way the launcher starts the window: run by {@code bench/window-cold.sh}
 * with the launcher's flags and its class-data-sharing archive, which a benchmark inside the build's JVM cannot have
 * (the archive needs the jar on the class path). Headless (Monocle), 1280×720, the bundled grammar; opens {@code DIR}
 * once and prints {@link LoadWatch}'s figures, then exits. Never run by the build.
 *
 * <p>Usage: {@code ColdWindowRun DIR} (a corpus made by {@code ProjectsCorpus}).
 */
public final class ColdWindowRun {
    private ColdWindowRun() {
    }

    public static void main(String[] args) throws Exception {
        // the headless platform `coroner snapshot` draws with, set before the toolkit starts
        SnapshotCommand.HEADLESS.forEach(System::setProperty);
        Path corpus = Path.of(args[0]);
        List<Path> all;
        try (var walk = Files.walk(corpus)) {
            all = walk.filter(p -> p.toString().endsWith(".jsonl")).toList();
        }
        long bytes = 0;
        for (Path p : all) {
            bytes += Files.size(p);
        }

        long t0 = System.nanoTime();
        Workbench[] made = new Workbench[1];
        CountDownLatch shown = new CountDownLatch(1);
        Platform.startup(() -> {
            Workbench.useTheme();
            made[0] = new Workbench(Tasks.forWindow(), FindingSources.standard());
            Stage stage = new Stage();
            stage.setScene(made[0].scene(1280, 720));
            stage.show();
            made[0].setGrammar(Workbench.bundledGrammar());
            shown.countDown();
        });
        shown.await();
        System.out.printf("window (cold JVM): shown %.0f ms after the toolkit was asked to start%n",
                (System.nanoTime() - t0) / 1e6);
        LoadWatch watch = new LoadWatch(made[0], ColdWindowRun::andWait).open(corpus, all.size());
        watch.print(System.out, "cold JVM", all.size(), bytes);
        System.out.flush();
        Runtime.getRuntime().halt(0); // the FX toolkit's threads would keep the JVM; nothing is left to save
    }

    private static void andWait(Runnable r) {
        CountDownLatch ran = new CountDownLatch(1);
        Platform.runLater(() -> {
            try {
                r.run();
            } finally {
                ran.countDown();
            }
        });
        try {
            ran.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}

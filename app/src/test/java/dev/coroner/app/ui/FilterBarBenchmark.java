package dev.coroner.app.ui;

import dev.coroner.app.ui.model.Tasks;
import dev.coroner.core.findings.FindingSources;
import dev.coroner.fixtures.ProjectsCorpus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * docs/WORKBENCH.md, "Filter bars": how long the corpus filter bar takes, on the FX thread, from a text set to the
 * corpus list, "n of N shown" and the chart redrawn, on a corpus shaped like {@code ~/.claude/projects} (1,800 files).
 * Prints figures, never asserts on time. Run headless:
 * {@code mvn -B verify -Pbenchmark -pl app -am -Dtest=FilterBarBenchmark -Dcoroner.projects=DIR}
 * ({@code DIR}: a corpus made by {@link ProjectsCorpus}; without it one is generated in a temporary folder).
 */
@Tag("benchmark")
@ExtendWith(ApplicationExtension.class)
class FilterBarBenchmark {
    private static final List<String> EXPRESSIONS = List.of(
            "state == SYNTHETIC",
            "dead or trailing.class",
            "(class == RATE_LIMIT or trailing.class == RATE_LIMIT) and kind != HARNESS",
            "reason contains \"limit\" and not kind == HARNESS",
            "reason matches \"[Rr]ate.*limit\" or warns > 0",
            "path contains \"proj-1\" and records > 20",
            "cost_usd > 0.05 and output_tokens > 1000 or unpriced_models matches \".\"");
    private static final int ROUNDS = 15;

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
    void theCorpusBarOnAProjectsShapedCorpus(FxRobot robot) throws Exception {
        String given = System.getProperty("coroner.projects");
        Path corpus;
        if (given != null && !given.isBlank()) {
            corpus = Path.of(given);
        } else {
            corpus = dir.resolve("projects");
            ProjectsCorpus.generate(corpus, 1_800, 700L << 20);
        }
        long files;
        try (var walk = Files.walk(corpus)) {
            files = walk.filter(p -> p.toString().endsWith(".jsonl")).count();
        }
        robot.interact(() -> workbench.setGrammar(Workbench.bundledGrammar()));
        new LoadWatch(workbench, robot::interact).open(corpus, files);
        Label count = robot.lookup(".corpus-count").queryAs(Label.class);
        var triage = workbench.triage().corpus();
        String previous = "";
        for (String e : EXPRESSIONS) {
            List<Long> fromNone = new ArrayList<>();
            List<Long> fromAnother = new ArrayList<>();
            List<Long> tested = new ArrayList<>();
            String[] shown = new String[1];
            String other = previous;
            for (int i = 0; i < ROUNDS; i++) {
                long[] t = new long[3];
                robot.interact(() -> {
                    triage.where().textProperty().set("");
                    long t0 = System.nanoTime();
                    triage.where().textProperty().set(e); // none → this: the corpus panel is reshaped
                    t[0] = System.nanoTime() - t0;
                    shown[0] = count.getText();
                    triage.where().textProperty().set(other.isEmpty() ? "kind" : other);
                    t0 = System.nanoTime();
                    triage.where().textProperty().set(e); // another filter → this, as when an expression is edited
                    t[1] = System.nanoTime() - t0;
                    // the expression alone, over every transcript the corpus holds
                    var f = triage.where().appliedProperty().get();
                    t0 = System.nanoTime();
                    int kept = 0;
                    for (java.nio.file.Path p : workbench.corpus().transcripts()) {
                        var n = workbench.corpus().node(p);
                        if (n != null && f.test(n.values())) {
                            kept++;
                        }
                    }
                    t[2] = System.nanoTime() - t0;
                    if (kept < 0) {
                        throw new AssertionError();
                    }
                });
                fromNone.add(t[0]);
                fromAnother.add(t[1]);
                tested.add(t[2]);
            }
            previous = e;
            System.out.printf("corpus bar, %,d transcripts: %s → %s%n  from no filter: %s; from another filter: %s;"
                    + " the expression alone: %s%n", files, e, shown[0], figures(fromNone), figures(fromAnother),
                    figures(tested));
        }
        robot.interact(() -> triage.where().textProperty().set(""));
    }

    private static String figures(List<Long> ns) {
        List<Long> s = new ArrayList<>(ns);
        Collections.sort(s);
        return String.format("median %.1f ms, best %.1f, worst %.1f", s.get(s.size() / 2) / 1e6, s.get(0) / 1e6,
                s.get(s.size() - 1) / 1e6);
    }
}

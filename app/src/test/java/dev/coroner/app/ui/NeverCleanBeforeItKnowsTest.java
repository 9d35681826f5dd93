package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.CorpusNode;
import dev.coroner.app.ui.model.DemoCorpus;
import dev.coroner.app.ui.model.FxBridge;
import dev.coroner.app.ui.model.Tasks;
import dev.coroner.core.findings.FindingSources;
import dev.coroner.fixtures.ProjectsCorpus;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.control.TreeTableView;
import javafx.scene.layout.Region;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The window never looks clean before it knows (docs/WORKBENCH.md, "Never clean before it knows"): with an executor
 * stepped by hand, every moment between opening the demo corpus and the last verdict is checked — the status bar never
 * says "no findings" and the findings are marked partial while anything is still read or judged; once all is judged,
 * they say what was found.
 */
@ExtendWith(ApplicationExtension.class)
class NeverCleanBeforeItKnowsTest {
    private final Deque<Runnable> queued = new ArrayDeque<>();
    private Workbench workbench;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        Workbench.useTheme();
        workbench = new Workbench(new Tasks(queued::add, FxBridge.direct(), 1), FindingSources.standard());
        workbench.setGrammar(Workbench.bundledGrammar());
        stage.setScene(workbench.scene(1280, 720));
        stage.show();
    }

    private static String text(FxRobot robot, String query) {
        return ((Labeled) robot.lookup(query).query()).getText();
    }

    @Test
    void noMomentBetweenOpeningAndTheLastVerdictLooksClean(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(DemoCorpus.DEMO)));
        WaitForAsyncUtils.waitForFxEvents();
        int steps = 0;
        int judgingSteps = 0;
        while (!queued.isEmpty()) {
            String worst = text(robot, ".status-bar .worst");
            String status = text(robot, ".status-bar .status-text");
            assertFalse(worst.equals("no findings"), "step " + steps + ": clean before it knows");
            if (worst.startsWith("worst: ")) {
                // judged: what is left to run shows records (the timeline's texts, the detail), it judges nothing
                assertEquals(0, workbench.corpus().tallyProperty().get().pending(), "step " + steps);
                assertFalse(status.endsWith("so far"), "step " + steps + ": " + status);
                assertFalse(robot.lookup(".findings-partial").query().isVisible(), "step " + steps);
            } else {
                judgingSteps++;
                assertTrue(worst.startsWith("judging") || worst.startsWith("worst so far: "), "step " + steps + ": " + worst);
                assertTrue(robot.lookup(".findings-partial").query().isVisible(), "step " + steps + ": counts not marked partial");
                assertTrue(status.equals("opening…") || status.endsWith(" · so far"), "step " + steps + ": " + status);
                // the corpus panel too: reading, not empty, before its first row
                String headline = text(robot, ".corpus-panel .chart-headline");
                assertFalse(headline.equals("no transcripts open"), "step " + steps + ": " + headline);
                if (workbench.corpus().roots().isEmpty()) {
                    assertEquals("listing the transcripts…", headline, "step " + steps);
                    Labeled placeholder = (Labeled) robot.lookup(".corpus-tree").queryAs(TreeTableView.class).getPlaceholder();
                    assertEquals("Listing the transcripts…", placeholder.getText(), "step " + steps);
                }
            }
            findingsHeaderWhole(robot, "step " + steps);
            robot.interact(() -> queued.poll().run());
            WaitForAsyncUtils.waitForFxEvents();
            steps++;
        }
        assertTrue(judgingSteps >= 2, "the survey and the analysis each ran as a step of their own: " + judgingSteps);
        assertEquals("worst: DEATH", text(robot, ".status-bar .worst"));
        assertEquals("6 transcripts · 2 dead", text(robot, ".status-bar .status-text"));
        assertFalse(robot.lookup(".findings-partial").query().isVisible());
        // the parent's row was drawn HEALTHY from the survey; the analysis kept the state and added what it folds
        List<String> classes = robot.lookup(".corpus-tree .class-text").queryAllAs(javafx.scene.control.Label.class)
                .stream().map(javafx.scene.control.Label::getText).filter(t -> !t.isEmpty()).toList();
        assertTrue(classes.contains("folds 2 dead"), classes.toString());
    }

    /**
     * The findings' title, every count chip and the "so far" mark are drawn as written and inside the header: counts
     * that do not fit on one line wrap to the next, never cut to "336 dea…" or the title to "FINDING…".
     */
    private static void findingsHeaderWhole(FxRobot robot, String when) {
        Region header = robot.lookup(".findings-panel .panel-header").queryAs(Region.class);
        java.util.function.Predicate<Node> shown = n -> n instanceof Labeled l
                && !l.getStyleClass().contains("findings-partial") && l.isVisible();
        List<Labeled> labels = robot.from(header).lookup(shown).queryAllAs(Labeled.class).stream().toList();
        assertFalse(labels.isEmpty(), when);
        for (Labeled l : labels) {
            Text drawn = robot.from(l).lookup(".text").queryAs(Text.class);
            assertEquals(l.getText(), drawn.getText(), when + ": cut in the findings' header");
            javafx.geometry.Bounds b = header.sceneToLocal(l.localToScene(l.getLayoutBounds()));
            assertTrue(b.getMinX() >= -0.5 && b.getMaxX() <= header.getWidth() + 0.5 && b.getMaxY() <= header.getHeight()
                    + 0.5, when + ": " + l.getText() + " drawn outside the header " + b);
        }
        Labeled mark = robot.from(header).lookup(".findings-partial").queryAs(Labeled.class);
        if (mark.isVisible()) {
            Text drawn = robot.from(mark).lookup(".text").queryAs(Text.class);
            assertEquals(mark.getText(), drawn.getText(), when + ": the 'so far' mark is cut");
        }
    }

    @Test
    void aLargeCorpusKeepsItsFindingsCountsWholeBesideTheSoFarMark(FxRobot robot, @TempDir Path dir) throws Exception {
        // a corpus shaped like ~/.claude/projects: counts of two and three digits in several kinds of finding
        ProjectsCorpus.generate(dir, 240, 24L << 20);
        robot.interact(() -> workbench.open(List.of(dir)));
        WaitForAsyncUtils.waitForFxEvents();
        runQueued(robot);
        findingsHeaderWhole(robot, "once judged");
        int chipText = robot.lookup(".finding-chip").queryAllAs(Labeled.class).stream()
                .mapToInt(l -> l.getText().length()).sum();
        assertTrue(chipText >= 40, "the chips are long enough to crowd the header: " + chipText + " characters");

        // another transcript chosen: the timeline reads it, and the header marks the counts "so far" beside the chips
        Path other;
        try (var files = java.nio.file.Files.walk(dir)) {
            other = files.filter(f -> f.toString().endsWith(".jsonl")).filter(f -> !f.equals(workbench.timeline()
                    .pathProperty().get())).findFirst().orElseThrow();
        }
        robot.interact(() -> workbench.timeline().open(other, 1));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup(".findings-partial").query().isVisible(), "the counts are marked partial while it reads");
        findingsHeaderWhole(robot, "while the timeline reads");
        // narrower than the chips' one line: they wrap, the title and the mark stay whole
        robot.interact(() -> stage.setWidth(960));
        WaitForAsyncUtils.waitForFxEvents();
        findingsHeaderWhole(robot, "960 pixels wide, while the timeline reads");
        runQueued(robot);
        assertFalse(robot.lookup(".findings-partial").query().isVisible());
    }

    @Test
    void theCorpusHeadlineIsDrawnWholeWhileItJudges(FxRobot robot) {
        // a large corpus part judged, harness agents among it: longer than the corpus panel is wide at 1280 pixels,
        // the headline wraps to a second line, never cut to "… · 765 b…"
        StateChart chart = robot.lookup(".corpus-panel .state-chart").queryAs(StateChart.class);
        var tally = new dev.coroner.core.corpus.StateTally(1461, 300, 13, 0, 765, 0, 45, 3);
        robot.interact(() -> chart.show(tally, true));
        WaitForAsyncUtils.waitForFxEvents();
        Labeled headline = robot.from(chart).lookup(".chart-headline").queryAs(Labeled.class);
        assertEquals(tally.workersHeadline(), headline.getText()); // "313 of 2,539 workers dead · 12% · 765 being judged"
        Text drawn = robot.from(headline).lookup(".text").queryAs(Text.class);
        assertEquals(headline.getText(), drawn.getText().replace('\n', ' '), "the headline is cut");
        javafx.geometry.Bounds b = chart.sceneToLocal(headline.localToScene(headline.getLayoutBounds()));
        assertTrue(b.getMaxX() <= chart.getWidth() + 0.5, "drawn outside the panel: " + b);
        // the harness agents' line and its switch beside it: "+ 45 harness agents, 3 dead, counted apart" wraps, the
        // switch keeps its words ("show in the t…" was cut at 1280 pixels)
        for (String part : List.of(".chart-harness", ".chart-harness-toggle")) {
            Labeled l = robot.from(chart).lookup(part).queryAs(Labeled.class);
            Text t = robot.from(l).lookup(".text").queryAs(Text.class);
            assertEquals(l.getText(), t.getText().replace('\n', ' '), part + " is cut");
            javafx.geometry.Bounds lb = chart.sceneToLocal(l.localToScene(l.getLayoutBounds()));
            assertTrue(lb.getMaxX() <= chart.getWidth() + 0.5, part + " drawn outside the panel: " + lb);
        }
        Region bar = robot.from(chart).lookup(".chart-bar").queryAs(Region.class);
        assertTrue(bar.getBoundsInParent().getMinY() >= headline.getBoundsInParent().getMaxY() - 0.5,
                "the bar is drawn over the headline's second line");
    }

    private void runQueued(FxRobot robot) {
        while (!queued.isEmpty()) {
            robot.interact(() -> queued.poll().run());
            WaitForAsyncUtils.waitForFxEvents();
        }
    }

    @Test
    void everyRowIsShownBeforeAnyVerdictIsReadAndGreyUntilItIs(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(DemoCorpus.DEMO)));
        while (workbench.corpus().roots().isEmpty()) { // the steps before the rows: the grammar, listing the files
            robot.interact(() -> queued.poll().run());
            WaitForAsyncUtils.waitForFxEvents();
        }
        List<CorpusNode> rows = new java.util.ArrayList<>();
        workbench.corpus().roots().forEach(r -> {
            rows.add(r);
            rows.addAll(r.children());
        });
        assertEquals(6, rows.size(), "every transcript has its row at once");
        assertTrue(rows.stream().allMatch(n -> n.stateProperty().get() == null), "no row is judged before its end is read");
        assertEquals(6, workbench.corpus().tallyProperty().get().pending());
        assertTrue(workbench.timeline().pathProperty().get() == null, "nothing is opened before the first dead is known");
        while (workbench.timeline().pathProperty().get() == null && !queued.isEmpty()) { // reading how each ended
            robot.interact(() -> queued.poll().run());
            WaitForAsyncUtils.waitForFxEvents();
        }
        assertTrue(workbench.timeline().pathProperty().get() != null, "the first dead transcript is opened");
        assertTrue(rows.stream().allMatch(n -> n.stateProperty().get() != null), "once every row is judged from its end");
        assertEquals(0, workbench.corpus().tallyProperty().get().pending());
    }
}

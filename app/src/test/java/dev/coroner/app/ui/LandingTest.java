package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.fixtures.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Where the window lands: on the first dead worker that has records, not on a 0-byte file that sorts first; and a
 * transcript with no record to select still shows how it ended, with its reason, in the detail panel.
 */
@ExtendWith(ApplicationExtension.class)
class LandingTest {
    @TempDir
    Path dir;
    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = TestWindows.shown(stage, 1280, 720);
    }

    private void open(FxRobot robot, Path... paths) {
        robot.interact(() -> workbench.open(List.of(paths)));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void itLandsOnTheFirstDeadWorkerWithRecordsNotOnAnEmptyFileThatSortsFirst(FxRobot robot) throws Exception {
        // a real folder: 0-byte files sort first; a harness agent's death is not where a person starts either
        Files.copy(Fixtures.path("terminal/empty-file.jsonl"), dir.resolve("0000-empty.jsonl"));
        Files.copy(Fixtures.path("kinds/3c9a1e57-8d2b-4f60-a1c4-5e6f7a8b9c0d/subagents/agent-aprompt_suggestion-7e8f9a.jsonl"),
                dir.resolve("agent-aprompt_suggestion-7e8f9a.jsonl"));
        Files.copy(Fixtures.path("terminal/synthetic-rate-limit-429.jsonl"), dir.resolve("zzzz-dead.jsonl"));
        open(robot, dir);
        assertEquals(dir.resolve("zzzz-dead.jsonl"), workbench.timeline().pathProperty().get());
        assertTrue(workbench.timeline().selectedRowProperty().get() != null, "at its terminal record");
    }

    @Test
    void aZeroByteTranscriptShowsItsVerdictCardWithItsReason(FxRobot robot) {
        open(robot, Fixtures.path("terminal/empty-file.jsonl"));
        assertEquals(Fixtures.path("terminal/empty-file.jsonl"), workbench.timeline().pathProperty().get());
        Node card = robot.lookup(".transcript-verdict").query();
        assertTrue(card.isVisible());
        assertTrue(card.getStyleClass().contains("verdict-state-empty"), "drawn as EMPTY, as a record's card is: "
                + card.getStyleClass());
        List<String> texts = robot.from(card).lookup(".label").queryAllAs(Label.class).stream().map(Label::getText).toList();
        assertEquals(List.of("EMPTY", "the file is empty (0 bytes): the agent delivered nothing"), texts);
        assertTrue(((Labeled) robot.lookup(".detail-header").query()).getText().startsWith("empty-file.jsonl · no records"));
    }

    @Test
    void aTranscriptOfOnlyMetadataSaysWhichAndARecordSelectedReplacesTheCard(FxRobot robot) {
        open(robot, Fixtures.path("terminal/empty-metadata-only.jsonl"));
        List<String> texts = robot.lookup(".transcript-verdict .verdict-reason").queryAllAs(Label.class).stream()
                .map(Label::getText).toList();
        assertEquals(List.of("only metadata records (file-history-snapshot ×2, summary), no user or assistant record: "
                + "the agent delivered nothing"), texts);
        robot.interact(() -> workbench.timeline().select(0));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup(".transcript-verdict").queryAll().isEmpty(), "a record's own verdicts take its place");
    }

    @Test
    void filesThatHoldNoRunAreNeverLandedOnNorTheWorstNorCountedDead(FxRobot robot) throws Exception {
        // the public corpus's shape: a 0-byte file and a summary-only file sort first; the only run is healthy
        Files.copy(Fixtures.path("norun/empty.jsonl"), dir.resolve("0000-empty.jsonl"));
        Files.copy(Fixtures.path("norun/summary-only.jsonl"), dir.resolve("0001-summary.jsonl"));
        Files.copy(Fixtures.path("norun/healthy.jsonl"), dir.resolve("zzzz-healthy.jsonl"));
        open(robot, dir);
        assertEquals(dir.resolve("zzzz-healthy.jsonl"), workbench.timeline().pathProperty().get(),
                "it lands on the run, not on a file with no run");
        String worst = ((Labeled) robot.lookup(".worst").query()).getText();
        assertTrue(!worst.contains("DEATH"), worst);
        assertEquals("0 of 1 worker dead · 0%", ((Labeled) robot.lookup(".chart-headline").query()).getText());
        Labeled apart = robot.lookup(".chart-no-run").queryAs(Labeled.class);
        assertTrue(apart.isVisible());
        assertEquals("+ 2 files with no run (0 bytes: 1, metadata only: 1), counted apart", apart.getText());
        // in the tree, each is grey "no run" with what it holds, never EMPTY drawn as a death
        List<String> states = robot.lookup(".state-no-run").queryAllAs(Label.class).stream().map(Label::getText).toList();
        assertEquals(List.of("no run", "no run"), states);
        assertTrue(robot.lookup(".state-empty").queryAll().isEmpty(), "no row drawn EMPTY");
    }

    @Test
    void withADeathAmongThemItLandsOnTheDeathAndTheStatusCountsOnlyRuns(FxRobot robot) {
        open(robot, Fixtures.path("norun"));
        assertEquals(Fixtures.path("norun/rate-limited.jsonl"), workbench.timeline().pathProperty().get());
        String status = ((Labeled) robot.lookup(".status-text").query()).getText();
        assertTrue(status.startsWith("2 workers · 1 dead · + 2 files with no run"), status);
    }
}

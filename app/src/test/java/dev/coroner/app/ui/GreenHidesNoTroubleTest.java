package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.DemoCorpus;
import dev.coroner.app.ui.model.FindingItem;
import dev.coroner.core.findings.FindingKind;
import dev.coroner.core.findings.Severity;
import dev.coroner.fixtures.Fixtures;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Green hides no trouble: a HEALTHY parent that took in dead sub-agents' error strings says so on its corpus row, those
 * results read as deaths in its timeline, never "ok", and a run whose last record is a call that never got its
 * result is a finding (not a death).
 */
@ExtendWith(ApplicationExtension.class)
class GreenHidesNoTroubleTest {
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
    void aHealthyParentThatFoldsDeadSubAgentsSaysSoAndTheirResultsReadAsDeaths(FxRobot robot) {
        open(robot, DemoCorpus.DEMO);
        assertEquals(2, workbench.corpus().node(DemoCorpus.SESSION).foldsDeadProperty().get());
        List<String> classes = robot.lookup(".corpus-tree .class-text").queryAllAs(Label.class).stream()
                .map(Label::getText).filter(t -> !t.isEmpty()).toList();
        assertTrue(classes.contains("folds 2 dead"), classes.toString());
        robot.interact(() -> workbench.navigator().goTo(DemoCorpus.SESSION, 0));
        WaitForAsyncUtils.waitForFxEvents();
        TableView<?> table = robot.lookup(".timeline-table").queryTableView();
        robot.interact(table::refresh);
        WaitForAsyncUtils.waitForFxEvents();
        List<String> summaries = robot.lookup(".timeline-table .table-cell").queryAll().stream()
                .filter(n -> n instanceof javafx.scene.control.TableCell<?, ?>)
                .map(n -> ((javafx.scene.control.TableCell<?, ?>) n).getText()).filter(t -> t != null).toList();
        long dead = summaries.stream().filter(t -> t.startsWith("← dead sub-agent: ")).count();
        assertEquals(2, dead, summaries.toString());
        assertTrue(summaries.stream().noneMatch(t -> t.startsWith("← ok  You've hit your limit")), summaries.toString());
    }

    @Test
    void aRunThatEndsOnACallWithoutItsResultIsAFindingNotADeath(FxRobot robot) {
        Path p = Fixtures.path("terminal/healthy-tool-use-last.jsonl");
        open(robot, p);
        List<FindingItem> waiting = workbench.findings().items().stream()
                .filter(i -> i.finding().kind() == FindingKind.ENDED_WAITING).toList();
        assertEquals(1, waiting.size());
        assertEquals(Severity.INFO, waiting.get(0).finding().severity());
        assertTrue(waiting.get(0).finding().title().startsWith("ended waiting for the result of "),
                waiting.get(0).finding().title());
        assertTrue(workbench.findings().items().stream().noneMatch(i -> i.finding().kind() == FindingKind.DEATH));
        // a run whose last call was answered ended on an answer: no such finding
        Path answered = Fixtures.path("terminal/healthy.jsonl");
        open(robot, answered);
        assertEquals(dev.coroner.core.terminal.TerminalState.HEALTHY,
                workbench.corpus().node(answered).stateProperty().get(), "it was judged");
        assertTrue(workbench.findings().items().stream().noneMatch(i -> i.path().equals(answered)
                && i.finding().kind() == FindingKind.ENDED_WAITING));
    }
}

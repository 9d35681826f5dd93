package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.CorpusNode;
import dev.coroner.app.ui.model.FindingItem;
import dev.coroner.app.ui.model.Tasks;
import dev.coroner.core.findings.FindingKind;
import dev.coroner.core.findings.FindingSources;
import dev.coroner.fixtures.Fixtures;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.TreeItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A corpus with harness agents in the window (docs/VERDICTS.md, "Agent kind"): the chart reads the workers first and
 * the harness agents apart, with their deaths; a switch hides them from the tree but never from the count. A run that
 * died after its last answer is shown as a death.
 */
@ExtendWith(ApplicationExtension.class)
class HarnessAgentsWindowTest {
    private Workbench workbench;
    private CorpusView corpusView;

    @Start
    void start(Stage stage) {
        Workbench.useTheme();
        workbench = new Workbench(Tasks.sameThread(), FindingSources.standard());
        workbench.setGrammar(Workbench.bundledGrammar());
        corpusView = ((MainView) workbench.root()).corpusView;
        stage.setScene(workbench.scene(1280, 1080));
        stage.show();
    }

    private void open(FxRobot robot, Path... paths) {
        robot.interact(() -> workbench.open(List.of(paths)));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static String text(FxRobot robot, String query) {
        return ((Labeled) robot.lookup(query).query()).getText();
    }

    @Test
    void theHeadlineCountsWorkersFirstAndHarnessAgentsApart(FxRobot robot) {
        open(robot, Fixtures.path("kinds"));
        assertEquals("1 of 5 workers dead · 20%", text(robot, ".chart-headline"));
        assertEquals("+ 5 harness agents, 2 dead, counted apart", text(robot, ".chart-harness"));
        assertEquals("5 workers · 1 dead · + 5 harness agents, 2 dead", text(robot, ".status-bar .status-text"));
        List<String> legend = robot.lookup(".chart-legend-item").queryAllAs(Label.class).stream().map(Label::getText).toList();
        assertEquals(List.of("1 synthetic", "4 healthy"), legend, "the bar is the workers'");
        List<String> harnessRows = names(robot).stream().filter(n -> n.startsWith("harness · ")).toList();
        assertEquals(5, harnessRows.size(), names(robot).toString());
    }

    @Test
    void theSwitchHidesHarnessAgentsFromTheTreeButNotFromTheCount(FxRobot robot) {
        open(robot, Fixtures.path("kinds"));
        assertEquals(10, rows(corpusView.tree().getRoot()));
        CheckBox shown = robot.lookup(".chart-harness-toggle").queryAs(CheckBox.class);
        assertTrue(shown.isSelected(), "shown by default: never hidden unless asked");
        robot.interact(shown::fire);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(workbench.corpus().showHarnessProperty().get());
        assertEquals(5, rows(corpusView.tree().getRoot()), "three sessions and the two worker sub-agents");
        assertTrue(names(robot).stream().noneMatch(n -> n.startsWith("harness · ")), names(robot).toString());
        assertEquals("+ 5 harness agents, 2 dead, counted apart", text(robot, ".chart-harness"));
        robot.interact(shown::fire);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(10, rows(corpusView.tree().getRoot()));
        List<String> order = new ArrayList<>();
        for (TreeItem<CorpusNode> c : corpusView.tree().getRoot().getChildren().get(0).getChildren()) {
            order.add(c.getValue().name());
        }
        assertEquals(List.of("agent-a2c4e6f8a0b1c3d5.jsonl", "agent-acompact-4b5c6d.jsonl",
                "agent-aprompt_suggestion-7e8f9a.jsonl", "agent-aside_question-0a1b2c.jsonl"), order,
                "shown again in their places");
    }

    @Test
    void aRunThatDiedAfterItsLastAnswerIsADeathInTheWindow(FxRobot robot) {
        Path p = Fixtures.path("terminal/healthy-then-api-failure-429.jsonl");
        open(robot, p);
        assertEquals("1 of 1 dead · 100%", text(robot, ".chart-headline"));
        assertEquals(List.of("RATE_LIMIT"), robot.lookup(".corpus-tree .class-text").queryAllAs(Label.class)
                .stream().map(Label::getText).filter(t -> !t.isEmpty()).toList());
        List<FindingItem> deaths = workbench.findings().items().stream()
                .filter(i -> i.finding().kind() == FindingKind.DEATH).toList();
        assertEquals(1, deaths.size());
        assertEquals(13, deaths.get(0).finding().line(), "the death is the last failed retry");
        assertEquals("died after its last answer: the API failed 10 of 10 times (429, RATE_LIMIT)",
                deaths.get(0).finding().title());
    }

    private List<String> names(FxRobot robot) {
        return robot.lookup(".corpus-tree .transcript-name").queryAllAs(Label.class).stream().map(Label::getText)
                .filter(t -> !t.isEmpty()).toList();
    }

    private static int rows(TreeItem<CorpusNode> at) {
        int n = 0;
        for (TreeItem<CorpusNode> c : at.getChildren()) {
            n += 1 + rows(c);
        }
        return n;
    }
}

package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.CorpusNode;
import dev.coroner.app.ui.model.DemoCorpus;
import dev.coroner.app.ui.model.Tasks;
import dev.coroner.core.findings.FindingSources;
import java.util.List;
import java.util.stream.Collectors;
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
 * The corpus panel over the real workbench, headless: its tree is rebuilt whenever the corpus is, and it must not
 * collect a listener per rebuild; once the workbench closes, the panels follow nothing.
 */
@ExtendWith(ApplicationExtension.class)
class CorpusTreeTest {
    private Workbench workbench;
    private CorpusView corpusView;

    @Start
    void start(Stage stage) {
        Workbench.useTheme();
        workbench = new Workbench(Tasks.sameThread(), FindingSources.standard());
        workbench.setGrammar(Workbench.bundledGrammar());
        corpusView = ((MainView) workbench.root()).corpusView;
        stage.setScene(workbench.scene(1400, 900));
        stage.show();
    }

    private void openDemo(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(DemoCorpus.DEMO)));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void rebuildingTheTreeFiveTimesLeavesAsManyListenersAsOnce(FxRobot robot) {
        openDemo(robot);
        int once = corpusView.subscriptions();
        int rows = rows(corpusView.tree().getRoot());
        assertEquals(6, rows, "two sessions, four sub-agents under the first");
        for (int i = 0; i < 5; i++) {
            // each opening lists every transcript anew (the tree rebuilt once per session) and analyses them again
            // (the model adds its notes under the sessions once more)
            openDemo(robot);
        }
        assertEquals(rows, rows(corpusView.tree().getRoot()), "the tree shows each transcript once");
        assertEquals(once, corpusView.subscriptions(), "a rebuilt tree removed the listeners of the rows it dropped");
    }

    @Test
    void aFirstPromptWithHarnessTagsShowsThemAsTokensUnderTheName(FxRobot robot, @org.junit.jupiter.api.io.TempDir
            java.nio.file.Path dir) throws Exception {
        // plain prompts are the headline's own text
        openDemo(robot);
        assertEquals(0, robot.lookup(".corpus-tree .headline-tokens").queryAll().stream().filter(CorpusTreeTest::shown)
                .count());
        assertTrue(robot.lookup(".corpus-tree .transcript-name").queryAll().stream().filter(CorpusTreeTest::shown)
                .anyMatch(l -> l instanceof Label h && h.getText() != null && h.getText().startsWith("Run a security audit")),
                "a session without a title is named by its first prompt");
        // a slash command's prompt, added to the corpus: its tags are tokens, every character kept
        java.nio.file.Path p = dir.resolve("slash.jsonl");
        java.nio.file.Files.writeString(p, "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":"
                + "\"<command-name>/init</command-name> set up\\tthe repo\"}}\n");
        robot.interact(() -> workbench.open(List.of(p)));
        WaitForAsyncUtils.waitForFxEvents();
        List<javafx.scene.Node> lines = robot.lookup(".corpus-tree .headline-tokens").queryAll().stream()
                .filter(CorpusTreeTest::shown).toList();
        assertEquals(1, lines.size(), "only the slash command's row");
        List<String> pieces = robot.from(lines.get(0)).lookup(".label").queryAllAs(Label.class).stream()
                .map(l -> (l.getStyleClass().contains("cell-token-tag") ? "tag:"
                        : l.getStyleClass().contains("cell-token-control") ? "control:" : "") + l.getText()).toList();
        // the tab is a token of its own, as in the timeline: not a backslash and a t the prompt could hold as text
        assertEquals(List.of("tag:<command-name>", "/init", "tag:</command-name>", " set up", "control:\\t", "the repo"),
                pieces);
    }

    /** Whether {@code n} and every node above it are visible: on screen, not in a table's pile of rows. */
    private static boolean shown(javafx.scene.Node n) {
        for (javafx.scene.Node at = n; at != null; at = at.getParent()) {
            if (!at.isVisible()) {
                return false;
            }
        }
        return true;
    }

    @Test
    void aSyntheticDeathShowsItsClassUnderItsState(FxRobot robot) {
        openDemo(robot);
        List<String> classes = robot.lookup(".corpus-tree .class-text").queryAllAs(Label.class).stream()
                .map(Label::getText).filter(t -> !t.isEmpty()).toList();
        // the healthy parent says it folded the two dead sub-agents' results (GreenHidesNoTroubleTest)
        assertEquals(List.of("folds 2 dead", "RATE_LIMIT"), classes.stream().distinct().toList());
    }

    @Test
    void aClosedWorkbenchShowsWhatItShowedAndFollowsNothing(FxRobot robot) {
        openDemo(robot);
        robot.interact(workbench::close);
        assertEquals(0, corpusView.subscriptions());
        robot.interact(() -> workbench.corpus().clear());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("2 of 6 dead · 33%", ((Labeled) robot.lookup(".chart-headline").query()).getText());
        assertEquals(6, robot.lookup(".transcript-name").queryAllAs(Label.class).stream().map(Label::getText)
                .collect(Collectors.toSet()).size(), "the tree keeps its rows");
        assertTrue(((Labeled) robot.lookup(".status-bar .worst").query()).getText().startsWith("worst:"));
    }

    @Test
    void mirroringTheSameRowsAgainChangesNothingTheTreeListensTo(FxRobot robot) {
        openDemo(robot);
        List<CorpusNode> sessions = List.copyOf(workbench.corpus().roots());
        TreeItem<CorpusNode> root = new TreeItem<>();
        Subscriptions held = new Subscriptions();
        int[] changes = {0};
        robot.interact(() -> {
            CorpusTreeItem.mirror(root, sessions, held);
            List<TreeItem<CorpusNode>> first = List.copyOf(root.getChildren());
            root.getChildren().addListener((javafx.collections.ListChangeListener<TreeItem<CorpusNode>>) c -> changes[0]++);
            CorpusTreeItem.mirror(root, sessions, held); // a refill with the same sessions (verdicts came in)
            assertEquals(0, changes[0], "the same rows again: no change for the tree to redraw");
            List<CorpusNode> reversed = new java.util.ArrayList<>(sessions);
            java.util.Collections.reverse(reversed);
            CorpusTreeItem.mirror(root, reversed, held);
            assertEquals(1, changes[0], "another order is a change");
            assertTrue(first.containsAll(root.getChildren()), "the rows are kept, only moved");
        });
    }

    private static int rows(TreeItem<CorpusNode> at) {
        int n = 0;
        for (TreeItem<CorpusNode> c : at.getChildren()) {
            n += 1 + rows(c);
        }
        return n;
    }
}

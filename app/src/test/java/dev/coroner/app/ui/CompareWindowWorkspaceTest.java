package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.workspace.Workspace;
import dev.coroner.fixtures.Fixtures;
import java.nio.file.Path;
import java.util.List;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Compare window and the workspace (docs/COMPARE.md, "Workspaces"): the comparison open is the one a workspace
 * saves, none once its window closes; a workspace that holds one opens its window on it.
 */
@ExtendWith(ApplicationExtension.class)
class CompareWindowWorkspaceTest {
    private static final Path GOOD = Fixtures.path("compare/good-run.jsonl");
    private static final Path RATE_LIMITED = Fixtures.path("compare/rate-limited-run.jsonl");
    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = TestWindows.shown(stage, 1280, 720);
    }

    private static List<Stage> compareWindows() {
        return Window.getWindows().stream().filter(w -> w instanceof Stage s && s.isShowing()
                && String.valueOf(s.getTitle()).startsWith("Coroner — compare")).map(w -> (Stage) w).toList();
    }

    @Test
    void theComparisonOpenIsTheWorkspacesUntilItsWindowCloses(FxRobot robot) {
        robot.interact(() -> workbench.compare(GOOD, RATE_LIMITED));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(new Workspace.Comparison(GOOD.toString(), RATE_LIMITED.toString()),
                workbench.workspace().comparisonProperty().get());
        assertEquals(1, compareWindows().size());
        robot.interact(() -> compareWindows().get(0).close());
        WaitForAsyncUtils.waitForFxEvents();
        assertNull(workbench.workspace().comparisonProperty().get(), "closed: a workspace saved now holds none");
    }

    @Test
    void aWorkspacesComparisonOpensItsWindowComparedAgain(FxRobot robot) {
        assertTrue(compareWindows().isEmpty());
        robot.interact(() -> workbench.workspace().comparisonProperty().set(
                new Workspace.Comparison(GOOD.toString(), RATE_LIMITED.toString())));
        WaitForAsyncUtils.waitForFxEvents();
        List<Stage> open = compareWindows();
        assertEquals(1, open.size(), "the workspace's comparison, in its window");
        CompareView view = (CompareView) open.get(0).getScene().getRoot();
        assertEquals(5, view.tableA().getItems().size(), "compared again: its rows aligned");
        assertEquals(1, view.tableA().getSelectionModel().getSelectedIndex(), "at its first divergence");
        robot.interact(() -> open.get(0).close());
    }

    @Test
    void aTranscriptsMenuOffersCompareWithAndFileOffersCompare(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(dev.coroner.app.ui.model.DemoCorpus.DEMO)));
        WaitForAsyncUtils.waitForFxEvents();
        MainView view = (MainView) workbench.root();
        var node = workbench.corpus().node(dev.coroner.app.ui.model.DemoCorpus.SESSION);
        List<String> items = view.corpusView.menus().build(node).getItems().stream()
                .map(javafx.scene.control.MenuItem::getText).toList();
        assertTrue(items.contains("Compare with…"), String.valueOf(items));
        assertTrue(view.fileMenu.getItems().stream().anyMatch(i -> "Compare…".equals(i.getText())));
    }
}

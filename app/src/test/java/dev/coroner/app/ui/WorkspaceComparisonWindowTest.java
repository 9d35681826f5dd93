package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.Tasks;
import dev.coroner.core.findings.FindingSources;
import dev.coroner.core.workspace.Workspace;
import dev.coroner.fixtures.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * docs/COMPARE.md, "Workspaces": the window's workspace keeps the comparison open in it (the Compare view sets
 * {@code comparisonProperty}) and gives it back on open; a workspace saved with none holds none.
 */
@ExtendWith(ApplicationExtension.class)
class WorkspaceComparisonWindowTest {
    @TempDir
    Path dir;

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        Workbench.useTheme();
        workbench = new Workbench(Tasks.sameThread(), FindingSources.standard());
        stage.setScene(workbench.scene(1280, 720));
        stage.show();
    }

    private MainView view() {
        return (MainView) workbench.root();
    }

    private Path run(String name) throws Exception {
        Path p = dir.resolve(name);
        Files.copy(Fixtures.path("compare/" + name), p);
        return p;
    }

    @Test
    void aComparisonOpenWhenSavedIsThereAgainWhenTheWorkspaceOpens(FxRobot robot) throws Exception {
        Path good = run("good-run.jsonl");
        Path died = run("rate-limited-run.jsonl");
        robot.interact(() -> workbench.open(List.of(good)));
        WaitForAsyncUtils.waitForFxEvents();
        Workspace.Comparison compared = new Workspace.Comparison(good.toString(), died.toString());
        robot.interact(() -> workbench.workspace().comparisonProperty().set(compared));
        Path file = dir.resolve("case.coroner.json");
        robot.interact(() -> view().review.save(file));
        WaitForAsyncUtils.waitForFxEvents();
        String saved = Files.readString(file, StandardCharsets.UTF_8);
        assertTrue(saved.contains("\"comparison\""), saved);

        robot.interact(() -> workbench.workspace().comparisonProperty().set(null));
        robot.interact(() -> workbench.open(List.of(file)));
        OutsideFolder.nothingAsked(robot); // both runs are in the workspace's folder
        assertEquals(compared, workbench.workspace().comparisonProperty().get());

        Path none = dir.resolve("none.coroner.json");
        robot.interact(() -> workbench.workspace().comparisonProperty().set(null));
        robot.interact(() -> view().review.save(none));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(Files.readString(none, StandardCharsets.UTF_8).contains("comparison"));
        robot.interact(() -> workbench.workspace().comparisonProperty().set(compared));
        robot.interact(() -> workbench.open(List.of(none)));
        OutsideFolder.nothingAsked(robot);
        assertNull(workbench.workspace().comparisonProperty().get(), "a workspace with none closes the one open");
    }
}

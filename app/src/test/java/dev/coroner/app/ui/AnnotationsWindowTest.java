package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.DemoCorpus;
import dev.coroner.app.ui.model.Tasks;
import dev.coroner.app.ui.model.TimelineRow;
import dev.coroner.core.findings.FindingSources;
import dev.coroner.core.workspace.WorkspaceFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.input.MouseButton;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * docs/ARCHITECTURE.md, "Annotations and overrides" and "Workspaces", headless: a person annotates a record through its
 * context menu, overrides its verdict with a reason, saves the workspace, and a new window opened on it shows the same.
 */
@ExtendWith(ApplicationExtension.class)
class AnnotationsWindowTest {
    private static final long TERMINAL_LINE = 6; // the dead sub-agent's SYNTHETIC · RATE_LIMIT record

    @TempDir
    Path dir;

    private Stage stage;
    private Workbench workbench;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        show(new Workbench(Tasks.sameThread(), FindingSources.standard()));
    }

    private void show(Workbench w) {
        Workbench.useTheme();
        workbench = w;
        w.setGrammar(Workbench.bundledGrammar());
        stage.setScene(w.scene(1400, 900));
        stage.show();
    }

    @Test
    void annotateThenSaveTheWorkspaceThenReopenItShowsTheAnnotation(FxRobot robot) throws Exception {
        robot.interact(() -> workbench.open(List.of(DemoCorpus.DEAD_EXPORT)));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(TERMINAL_LINE, selected(robot).line(), "the window opens a dead transcript at its terminal record");

        annotateByContextMenu(robot, "the limit hit at midnight", null, null);
        assertEquals(Set.of("note"), marks(robot, row(robot, TERMINAL_LINE)), "the timeline row is marked");
        assertEquals("note: the limit hit at midnight", text(robot.lookup(".judgement-box .annotation-text").query()));

        Path file = dir.resolve("case.coroner.json");
        robot.interact(() -> ((MainView) workbench.root()).review.save(file));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(Files.readString(file).contains("\"note\": \"the limit hit at midnight\""));
        assertEquals(WorkspaceFiles.describe(DemoCorpus.DEAD_EXPORT).sha256(),
                WorkspaceFiles.open(file).workspace().annotations().get(0).sha256(), "saved with the transcript's hash");

        // a new window, as after a restart, opened on the workspace alone
        robot.interact(() -> {
            workbench.close();
            show(new Workbench(Tasks.sameThread(), FindingSources.standard()));
            workbench.open(List.of(file));
        });
        OutsideFolder.nothingAsked(robot); // the demo corpus is bundled: named bundled:…, never outside
        assertEquals(DemoCorpus.DEAD_EXPORT, workbench.timeline().pathProperty().get());
        assertEquals(TERMINAL_LINE, selected(robot).line(), "the selection came back");
        assertEquals(Set.of("note"), marks(robot, row(robot, TERMINAL_LINE)));
        assertEquals("note: the limit hit at midnight", text(robot.lookup(".judgement-box .annotation-text").query()));
        assertTrue(findingMarks(robot).contains("note"), "the findings list shows it too");
    }

    @Test
    void anOverrideShowsBesideTheMachineVerdictMarkedHuman(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(DemoCorpus.DEAD_EXPORT)));
        WaitForAsyncUtils.waitForFxEvents();
        annotateByContextMenu(robot, "", "HEALTHY", "the run resumed after the reset");

        Label machine = robot.lookup(".judgement-box .machine-verdict").queryAs(Label.class);
        Label human = robot.lookup(".judgement-box .human-verdict").queryAs(Label.class);
        assertEquals("machine: SYNTHETIC · RATE_LIMIT", machine.getText());
        assertEquals("human: HEALTHY — the run resumed after the reset", human.getText());
        assertSame(machine.getParent(), human.getParent(), "side by side, in one row");
        assertTrue(machine.isVisible() && human.isVisible());
        assertTrue(human.localToScene(0, 0).getX() > machine.localToScene(0, 0).getX(), "the human one to the right");
        assertEquals(Set.of("human"), marks(robot, row(robot, TERMINAL_LINE)), "the narrow column: one chip");
        assertTrue(findingMarks(robot).contains("human: HEALTHY"));
        // the machine's own verdict is untouched: the terminal row is still styled SYNTHETIC
        assertTrue(row(robot, TERMINAL_LINE).getPseudoClassStates().stream().anyMatch(p -> p.getPseudoClassName()
                .equals("synthetic")));
    }

    @Test
    void aLongMachineVerdictDoesNotCrowdOutTheHumanOne(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(DemoCorpus.DEAD_EXPORT)));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> workbench.annotations().annotate(DemoCorpus.DEAD_EXPORT, TERMINAL_LINE, "",
                new dev.coroner.core.workspace.VerdictOverride("DEATH", "SYNTHETIC · RATE_LIMIT: " + "x".repeat(300),
                        "not a death", "resumed")));
        WaitForAsyncUtils.waitForFxEvents();
        Label human = robot.lookup(".judgement-box .human-verdict").queryAs(Label.class);
        assertTrue(human.getWidth() > 100, "the human verdict keeps room: " + human.getWidth());
    }

    @Test
    void anOverrideCannotBeSavedWithoutAReason(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(DemoCorpus.DEAD_EXPORT)));
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#detail-annotate");
        robot.clickOn("#override-check");
        choose(robot, "HEALTHY");
        assertTrue(robot.lookup("#annotation-save").query().isDisabled(), "no reason: Save is off");
        robot.clickOn("#override-reason").write("because");
        assertTrue(!robot.lookup("#annotation-save").query().isDisabled());
    }

    private void annotateByContextMenu(FxRobot robot, String note, String human, String reason) {
        robot.clickOn(row(robot, TERMINAL_LINE), MouseButton.SECONDARY);
        robot.clickOn("Annotate…");
        if (!note.isEmpty()) {
            robot.clickOn("#annotation-note").write(note);
        }
        if (human != null) {
            robot.clickOn("#override-check");
            choose(robot, human);
            robot.clickOn("#override-reason").write(reason);
        }
        robot.clickOn("#annotation-save");
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Opens the verdict box with one click (unless it is open) and clicks {@code verdict} in its list. */
    static void choose(FxRobot robot, String verdict) {
        if (!robot.lookup("#override-human").queryAs(javafx.scene.control.ComboBox.class).isShowing()) {
            robot.clickOn("#override-human");
            WaitForAsyncUtils.waitForFxEvents();
        }
        robot.clickOn(robot.lookup(".combo-box-popup .list-cell").queryAllAs(javafx.scene.control.ListCell.class)
                .stream().filter(c -> verdict.equals(c.getText())).findFirst().orElseThrow());
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static TimelineRow selected(FxRobot robot) {
        TableView<TimelineRow> table = robot.lookup(".timeline-table").queryTableView();
        return table.getSelectionModel().getSelectedItem();
    }

    private static TableRow<TimelineRow> row(FxRobot robot, long line) {
        return robot.lookup(".timeline-table .table-row-cell").<TableRow<TimelineRow>>queryAll().stream()
                .filter(r -> r.getItem() != null && r.getItem().line() == line && r.isVisible()).findFirst()
                .orElseThrow();
    }

    private static Set<String> marks(FxRobot robot, Node row) {
        Set<String> texts = new java.util.HashSet<>();
        for (String mark : List.of(".annotation-mark", ".human-mark")) {
            robot.from(row).lookup(mark).queryAllAs(Label.class).forEach(l -> texts.add(l.getText()));
        }
        return texts;
    }

    private static Set<String> findingMarks(FxRobot robot) {
        Set<String> texts = new java.util.HashSet<>();
        for (String mark : List.of(".findings-tree .annotation-mark", ".findings-tree .human-mark")) {
            robot.lookup(mark).queryAllAs(Label.class).forEach(l -> texts.add(l.getText()));
        }
        return texts;
    }

    private static String text(Node n) {
        return ((Labeled) n).getText();
    }
}

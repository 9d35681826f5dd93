package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.DemoCorpus;
import dev.coroner.app.ui.model.FindingItem;
import dev.coroner.app.ui.model.Tasks;
import dev.coroner.core.findings.FindingSources;
import dev.coroner.core.workspace.VerdictOverride;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** docs/ARCHITECTURE.md, "Presentation mode", headless: F5 opens it, the keyboard steps through the findings, Esc leaves. */
@ExtendWith(ApplicationExtension.class)
class PresentationWindowTest {
    private Workbench workbench;

    @Start
    void start(Stage stage) {
        Workbench.useTheme();
        workbench = new Workbench(Tasks.sameThread(), FindingSources.standard());
        workbench.setGrammar(Workbench.bundledGrammar());
        stage.setScene(workbench.scene(1400, 900));
        stage.show();
    }

    @Test
    void f5PresentsTheFindingsOneAtATimeAndTheKeyboardStepsThroughThem(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(DemoCorpus.DEMO)));
        WaitForAsyncUtils.waitForFxEvents();
        List<FindingItem> items = workbench.findings().items();
        assertTrue(items.size() >= 3, "the demo corpus has several findings: " + items.size());
        FindingItem first = items.get(0);
        robot.interact(() -> workbench.annotations().annotate(first.path(), first.finding().line(),
                "say why this one matters", new VerdictOverride("DEATH", first.finding().title(), "death confirmed",
                        "the run never resumed")));
        robot.interact(() -> workbench.findings().select(null));

        robot.clickOn(".timeline-table");
        robot.type(KeyCode.F5);
        WaitForAsyncUtils.waitForFxEvents();
        Window presenting = presentation(robot);
        assertTrue(presenting.isShowing());
        assertEquals("1 of " + items.size(), text(robot, ".presentation-position"));
        assertEquals(first.finding().title(), text(robot, ".presentation-title"));
        assertEquals(first.finding().reason(), text(robot, ".presentation-reason"));
        assertEquals("Speaker notes: say why this one matters", text(robot, ".presentation-notes"));
        assertEquals("human: death confirmed — the run never resumed", text(robot, ".presentation-human"));
        assertFalse(text(robot, ".presentation-evidence").isEmpty(), "the evidence record is shown");
        assertFalse(text(robot, ".presentation-evidence").contains("\\n"), "its line breaks are kept, not escaped");

        robot.type(KeyCode.RIGHT);
        assertEquals("2 of " + items.size(), text(robot, ".presentation-position"));
        assertEquals(items.get(1).finding().title(), text(robot, ".presentation-title"));
        assertEquals(items.get(1), workbench.findings().selectedProperty().get(), "the window behind follows");
        assertNotEquals("Speaker notes: say why this one matters", text(robot, ".presentation-notes"));

        robot.type(KeyCode.SPACE);
        assertEquals("3 of " + items.size(), text(robot, ".presentation-position"));
        robot.type(KeyCode.LEFT);
        robot.type(KeyCode.LEFT);
        assertEquals("1 of " + items.size(), text(robot, ".presentation-position"));
        robot.type(KeyCode.LEFT);
        assertEquals(items.size() + " of " + items.size(), text(robot, ".presentation-position"), "it wraps round");

        robot.type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(presenting.isShowing(), "Esc leaves presentation mode");
    }

    private static Window presentation(FxRobot robot) {
        return robot.listWindows().stream().filter(w -> w.getScene() != null
                && w.getScene().getRoot().getStyleClass().contains("presentation")).findFirst().orElseThrow();
    }

    private static String text(FxRobot robot, String css) {
        return robot.lookup(".presentation " + css).queryAs(Label.class).getText();
    }
}

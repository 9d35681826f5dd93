package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.coroner.core.precursor.CallSite;
import dev.coroner.core.precursor.UngatedTool;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The coverage list on its own: ungated tools with their calls, and "Add rule" handing the tool to its owner. */
@ExtendWith(ApplicationExtension.class)
class CoverageViewTest {
    private final List<UngatedTool> added = new ArrayList<>();
    private final UngatedTool write = new UngatedTool("mcp__acp__Write", "mcp__acp__write", List.of("mcp__acp__Write"),
            12, 3, List.of(new CallSite("runs/a.jsonl", 7, "toolu_1")));
    private final UngatedTool hostile = new UngatedTool("mcp__x\u001b[31m__delete", "mcp__x\u001b[31m__delete",
            List.of("mcp__x\u001b[31m__delete"), 1, 1, List.of());

    @Start
    void start(Stage stage) {
        Workbench.useTheme();
        CoverageView view = new CoverageView(added::add);
        view.setTools(List.of(write, hostile));
        stage.setScene(new Scene(view, 600, 300));
        stage.show();
    }

    @SuppressWarnings("unchecked")
    private static ListCell<UngatedTool> row(FxRobot robot, UngatedTool t) {
        return robot.lookup(".list-cell").queryAllAs(ListCell.class).stream()
                .filter(c -> t.equals(c.getItem())).findFirst().orElseThrow();
    }

    @Test
    void eachToolShowsItsCallsAndAddRuleHandsItOver(FxRobot robot) {
        ListCell<UngatedTool> r = row(robot, write);
        assertEquals("mcp__acp__Write   12 calls in 3 transcripts   not gated",
                ((Label) r.lookup(".coverage-tool")).getText());
        robot.clickOn((Button) r.lookup(".coverage-add"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(write), added);
    }

    @Test
    void aToolNameFromATranscriptIsDrawnWithItsControlsMadeVisible(FxRobot robot) {
        String shown = ((Label) row(robot, hostile).lookup(".coverage-tool")).getText();
        assertFalse(shown.contains("\u001b"), shown);
    }
}

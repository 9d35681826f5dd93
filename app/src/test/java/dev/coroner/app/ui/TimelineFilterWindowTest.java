package dev.coroner.app.ui;

import static dev.coroner.app.ui.FilterBarWindowTest.INVALID;
import static dev.coroner.app.ui.FilterBarWindowTest.VALID;
import static dev.coroner.app.ui.FilterBarWindowTest.has;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.TimelineRow;
import dev.coroner.core.index.RowFlags;
import dev.coroner.core.workspace.Workspace;
import dev.coroner.fixtures.Fixtures;
import java.nio.file.Path;
import java.util.List;
import javafx.css.PseudoClass;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TableRow;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * docs/WORKBENCH.md, "Filter bars" and "Colouring rules": the timeline's bar keeps the rows its expression over record
 * fields holds for (text too, read off the FX thread), and a colouring rule made in its dialog tints the rows it holds
 * for and no other.
 */
@ExtendWith(ApplicationExtension.class)
class TimelineFilterWindowTest {
    private static final Path BASH_ERROR = Fixtures.path("scripts/bash-error.jsonl").toAbsolutePath().normalize();
    private static final PseudoClass RED = PseudoClass.getPseudoClass("tint-red");
    private Workbench workbench;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        workbench = TestWindows.shown(stage, 1280, 720);
    }

    private void open(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(BASH_ERROR)));
        robot.interact(() -> workbench.navigator().goTo(BASH_ERROR, 0));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private List<TimelineRow> rows() {
        return List.copyOf(workbench.timeline().rowsProperty().get());
    }

    @Test
    void theTimelineBarKeepsTheRowsItsExpressionHoldsFor(FxRobot robot) {
        open(robot);
        int all = rows().size();
        assertTrue(rows().stream().anyMatch(r -> r.has(RowFlags.TOOL_ERROR)), "the fixture has a failed result");
        TextField f = robot.lookup(".timeline-filter .filter-field").queryAs(TextField.class);
        robot.clickOn(f);
        robot.write("tool_error");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(has(f, VALID));
        List<TimelineRow> kept = rows();
        assertFalse(kept.isEmpty());
        assertTrue(kept.size() < all);
        assertTrue(kept.stream().allMatch(r -> r.has(RowFlags.TOOL_ERROR)), "only failed results");
        Label info = robot.lookup(".match-info").queryAs(Label.class);
        assertEquals(kept.size() + " of " + all + " rows", info.getText());

        robot.interact(() -> f.setText("kind == \"assistant\" and text contains \"Bash\""));
        WaitForAsyncUtils.waitForFxEvents();
        kept = rows();
        assertFalse(kept.isEmpty());
        for (TimelineRow r : kept) {
            assertEquals("assistant", r.kind());
            assertTrue(r.summaryProperty().get().contains("Bash"), r.summaryProperty().get());
        }

        robot.interact(() -> f.setText("tol == \"Bash\""));
        assertTrue(has(f, INVALID));
        assertTrue(robot.lookup(".timeline-filter .filter-message").queryAs(Label.class).getText()
                .startsWith("1:1: unknown field 'tol'"));
        robot.interact(() -> workbench.timeline().clearFilters());
        assertEquals(all, rows().size());
        assertEquals("", f.getText());
    }

    @Test
    void aColouringRuleMadeInItsDialogTintsTheRowsItHoldsFor(FxRobot robot) {
        open(robot);
        Dialog<?>[] dialog = new Dialog<?>[1];
        robot.interact(() -> dialog[0] = ColouringRulesDialog.show(stage, workbench.triage().book()));
        TextField expression = robot.lookup(".colouring-expression").queryAs(TextField.class);
        robot.clickOn(expression);
        robot.write("tool_error");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(has(expression, VALID));
        robot.interact(() -> ((Button) dialog[0].getDialogPane().lookupButton(ButtonType.OK)).fire());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(new Workspace.ColourRule("tool_error", "red")), workbench.triage().book().colouring());

        List<TableRow<?>> drawn = new java.util.ArrayList<>();
        for (TableRow<?> r : robot.lookup(".timeline-table .table-row-cell").queryAllAs(TableRow.class)) {
            if (r.getItem() != null) {
                drawn.add(r);
            }
        }
        assertTrue(drawn.size() > 2);
        int tinted = 0;
        for (TableRow<?> r : drawn) {
            boolean error = ((TimelineRow) r.getItem()).has(RowFlags.TOOL_ERROR);
            assertEquals(error, has(r, RED), "line " + ((TimelineRow) r.getItem()).line());
            tinted += error ? 1 : 0;
        }
        assertTrue(tinted > 0, "a failed result is drawn and tinted");

        robot.interact(() -> workbench.triage().book().colouring().clear());
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(drawn.stream().noneMatch(r -> has(r, RED)), "no rule, no tint");
    }
}

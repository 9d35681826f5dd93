package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.DemoCorpus;
import dev.coroner.app.ui.model.Tasks;
import dev.coroner.app.ui.model.TimelineRow;
import dev.coroner.core.findings.FindingSources;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.TableRow;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.fxmisc.richtext.StyleClassedTextArea;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Search in the timeline (docs/WORKBENCH.md, "Search"): it highlights the matching rows and the places in the
 * record, keeps every row and the selection, counts in full, and F3 / Shift+F3 step through the matches.
 */
@ExtendWith(ApplicationExtension.class)
class TimelineSearchTest {
    private Workbench workbench;

    @Start
    void start(Stage stage) {
        Workbench.useTheme();
        workbench = new Workbench(Tasks.sameThread(), FindingSources.standard());
        stage.setScene(workbench.scene(1280, 720));
        stage.show();
    }

    private long selectedLine() {
        return workbench.timeline().selectedRowProperty().get().line();
    }

    private static Label matchInfo(FxRobot robot) {
        return robot.lookup(".match-info").queryAs(Label.class);
    }

    /** The text the label draws: a clipped label draws less than its text ("3 of 15 …"). */
    private static String drawn(FxRobot robot, Label l) {
        return robot.from(l).lookup(".text").queryAs(Text.class).getText();
    }

    private static boolean matched(FxRobot robot, long line) {
        return robot.lookup(".timeline-table .table-row-cell").<TableRow<TimelineRow>>queryAll().stream()
                .filter(r -> r.getItem() != null && r.getItem().line() == line).findFirst().orElseThrow()
                .getPseudoClassStates().stream().anyMatch(p -> p.getPseudoClassName().equals("search-match"));
    }

    @Test
    void aSearchHighlightsCountsInFullKeepsTheSelectionAndF3Steps(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(DemoCorpus.DEMO)));
        robot.interact(() -> workbench.navigator().goTo(DemoCorpus.SESSION, 0));
        WaitForAsyncUtils.waitForFxEvents();
        long terminal = selectedLine();
        TextField search = robot.lookup(".search-field").queryAs(TextField.class);
        robot.clickOn(search).write("security.MD").type(KeyCode.ENTER);

        assertEquals(15, workbench.timeline().rowsProperty().get().size(), "every row stays");
        assertEquals(terminal, selectedLine(), "the selection is kept");
        assertTrue(matched(robot, 10) && matched(robot, 11), "the matching rows are highlighted");
        assertTrue(!matched(robot, 12), "and only they");
        assertEquals("2 matches", matchInfo(robot).getText());

        robot.type(KeyCode.F3);
        assertEquals(10, selectedLine());
        assertEquals("1 of 2 matches", matchInfo(robot).getText());
        assertEquals(matchInfo(robot).getText(), drawn(robot, matchInfo(robot)), "the count is drawn whole");
        StyleClassedTextArea raw = workbench.root().lookupAll(".raw-text").stream()
                .filter(n -> n instanceof StyleClassedTextArea).map(n -> (StyleClassedTextArea) n).findFirst().orElseThrow();
        int at = raw.getText().toLowerCase(java.util.Locale.ROOT).indexOf("security.md");
        assertTrue(at >= 0);
        assertTrue(raw.getStyleOfChar(at + 1).contains("search-hit"), "the place is highlighted in the record");

        robot.type(KeyCode.F3);
        assertEquals(11, selectedLine());
        assertEquals("2 of 2 matches", matchInfo(robot).getText());
        robot.type(KeyCode.F3);
        assertEquals(10, selectedLine(), "F3 wraps to the first match");
        robot.press(KeyCode.SHIFT).type(KeyCode.F3).release(KeyCode.SHIFT);
        assertEquals(11, selectedLine(), "Shift+F3 goes back");

        robot.interact(() -> {
            workbench.timeline().filters().searchProperty().set("toolu_");
            workbench.timeline().find();
        });
        assertEquals(11, selectedLine(), "a new search keeps the selection");
    }

    /** The marked words in the cells of the row at {@code line}. */
    private static List<String> markedIn(FxRobot robot, long line) {
        TableRow<TimelineRow> row = robot.lookup(".timeline-table .table-row-cell").<TableRow<TimelineRow>>queryAll()
                .stream().filter(r -> r.getItem() != null && r.getItem().line() == line).findFirst().orElseThrow();
        return robot.from(row).lookup(".cell-search-hit").queryAllAs(Label.class).stream().map(Label::getText).toList();
    }

    @Test
    void theMatchingWordsAreMarkedInsideTheCellsAndGoWithTheSearch(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(DemoCorpus.DEMO)));
        robot.interact(() -> workbench.navigator().goTo(DemoCorpus.SESSION, 0));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> {
            workbench.timeline().filters().searchProperty().set("security.MD");
            workbench.timeline().find();
        });
        WaitForAsyncUtils.waitForFxEvents();
        List<String> marked = markedIn(robot, 10);
        assertFalse(marked.isEmpty(), "the summary of a matching row marks the words");
        assertTrue(marked.stream().allMatch(w -> w.equalsIgnoreCase("security.md")), marked.toString());
        assertEquals(List.of(), markedIn(robot, 12), "a row that does not match marks nothing");

        robot.interact(() -> {
            workbench.timeline().filters().searchProperty().set("");
            workbench.timeline().find();
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(), markedIn(robot, 10), "no search, no marks");
    }
}

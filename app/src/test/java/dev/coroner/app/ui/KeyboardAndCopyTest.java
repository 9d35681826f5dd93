package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.cli.CoronerVersion;
import dev.coroner.app.ui.model.DemoCorpus;
import dev.coroner.app.ui.model.FindingItem;
import dev.coroner.app.ui.model.TimelineRow;
import dev.coroner.core.terminal.TerminalState;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.Node;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TableRow;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeTableRow;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ContextMenuEvent;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.fxmisc.richtext.StyleClassedTextArea;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Keyboard and copy (docs/WORKBENCH.md, "Keyboard and copy"): Tab reaches every control, focus is drawn, Ctrl+1…4
 * put the keyboard in a panel, the right-click menus copy (a finding as escaped Markdown), features append their own
 * items, Save record suggests the transcript's name, and Help shows a legend and the version.
 */
@ExtendWith(ApplicationExtension.class)
class KeyboardAndCopyTest {
    private Workbench workbench;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        workbench = TestWindows.shown(stage, 1400, 900);
    }

    private MainView view() {
        return (MainView) workbench.root();
    }

    private void openDemo(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(DemoCorpus.DEMO)));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static String clipboard(FxRobot robot) {
        AtomicReference<String> s = new AtomicReference<>();
        robot.interact(() -> s.set(Clipboard.getSystemClipboard().getString()));
        return s.get();
    }

    @Test
    void tabReachesEveryControlOfTheToolBarAndEveryPanel(FxRobot robot) {
        openDemo(robot);
        robot.clickOn(".search-field");
        Set<Node> reached = new HashSet<>();
        for (int i = 0; i < 80; i++) {
            robot.type(KeyCode.TAB);
            reached.add(stage.getScene().getFocusOwner());
        }
        ToolbarView bar = view().toolbar;
        for (Node control : bar.getChildrenUnmodifiable()) {
            if (control instanceof Control c && !(control instanceof Label) && !(control instanceof javafx.scene.control.Separator)
                    && !c.isDisabled() && c.isVisible()) { // a control the compact bar hides is in its » menu
                assertTrue(reached.contains(control), "Tab never reaches " + control);
            }
        }
        assertTrue(reached.contains(view().corpusView.tree()), "the corpus");
        assertTrue(reached.contains(view().timelineView.table()), "the timeline");
        assertTrue(reached.contains(view().findingsView.tree()), "the findings");
    }

    @Test
    void aFocusedTableDrawsARingAndCtrlDigitsMoveBetweenPanels(FxRobot robot) {
        openDemo(robot);
        robot.clickOn(".search-field");
        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT1).release(KeyCode.CONTROL);
        assertEquals(view().corpusView.tree(), stage.getScene().getFocusOwner());
        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT2).release(KeyCode.CONTROL);
        Region timeline = view().timelineView.table();
        assertEquals(timeline, stage.getScene().getFocusOwner());
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(ring(timeline), "the focused table draws a ring");
        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT3).release(KeyCode.CONTROL);
        assertTrue(stage.getScene().getFocusOwner() instanceof StyleClassedTextArea, "the record's text");
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(ring(timeline), "the ring goes with the focus");
        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT4).release(KeyCode.CONTROL);
        assertEquals(view().findingsView.tree(), stage.getScene().getFocusOwner());
    }

    /** Whether {@code r} draws the 2-pixel focus ring. */
    private static boolean ring(Region r) {
        return r.getBorder() != null && r.getBorder().getStrokes().stream().anyMatch(s -> s.getWidths().getTop() == 2);
    }

    /** A right-click on {@code n}: a left click selects it, then the menu is asked for where it is. */
    private static void rightClick(FxRobot robot, Node n) {
        robot.clickOn(n);
        var b = n.localToScreen(n.getBoundsInLocal());
        robot.interact(() -> n.fireEvent(new ContextMenuEvent(ContextMenuEvent.CONTEXT_MENU_REQUESTED, 5, 5,
                b.getMinX() + 5, b.getMinY() + 5, false, null)));
    }

    @Test
    void aFindingCopiesAsMarkdownWithTheTranscriptsTextEscaped(FxRobot robot) {
        openDemo(robot);
        TreeTableRow<?> death = robot.lookup(".findings-tree .tree-table-row-cell").<TreeTableRow<?>>queryAll().stream()
                .filter(r -> r.getItem() instanceof FindingItem i && i.finding().title().startsWith("SYNTHETIC · RATE_LIMIT: API Error"))
                .findFirst().orElseThrow();
        rightClick(robot, death);
        robot.clickOn("Copy finding as Markdown");
        String md = clipboard(robot);
        // only what Markdown would misread is escaped: an underscore inside a word, braces, quotes, hyphens and dots are
        // shown as they are; the '<' of <synthetic> would open an HTML tag
        assertTrue(md.startsWith("**DEATH: SYNTHETIC · RATE_LIMIT: API Error: 429 {\"type\":\"error\""), md);
        assertTrue(md.contains("model=\\<synthetic>"), md);
        assertTrue(md.contains("- transcript: ") && md.contains("/agent-a3c5e7a9b1d3f5e70.jsonl"), md);
        assertTrue(md.contains("- line: 6\n"), md);
    }

    @Test
    void aTimelineRowCopiesItsFileAndLineAndItsJson(FxRobot robot) {
        openDemo(robot);
        robot.interact(() -> workbench.navigator().goTo(DemoCorpus.SESSION, 10));
        TableRow<?> row = robot.lookup(".timeline-table .table-row-cell").<TableRow<?>>queryAll().stream()
                .filter(r -> r.getItem() instanceof TimelineRow t && t.line() == 10).findFirst().orElseThrow();
        rightClick(robot, row);
        robot.clickOn("Copy file:line");
        assertEquals(DemoCorpus.SESSION + ":10", clipboard(robot));
        rightClick(robot, row);
        robot.clickOn("Copy JSON");
        assertTrue(clipboard(robot).contains("\"type\" : \"assistant\""), clipboard(robot));
        rightClick(robot, row);
        robot.clickOn("Copy row");
        assertTrue(clipboard(robot).startsWith("10\t"), clipboard(robot));
    }

    @Test
    void anotherFeatureAppendsItsSectionAfterCopy(FxRobot robot) {
        openDemo(robot);
        robot.interact(() -> view().timelineView.menus().add(r -> List.of(new MenuItem("Annotate…"))));
        robot.interact(() -> workbench.navigator().goTo(DemoCorpus.SESSION, 10));
        AtomicReference<ContextMenu> menu = new AtomicReference<>();
        robot.interact(() -> menu.set(view().timelineView.menus().build(workbench.timeline().selectedRowProperty().get())));
        List<MenuItem> items = menu.get().getItems();
        assertEquals("Copy row", items.get(0).getText());
        assertTrue(items.get(items.size() - 2) instanceof SeparatorMenuItem);
        assertEquals("Annotate…", items.get(items.size() - 1).getText());
    }

    @Test
    void saveRecordSuggestsTheTranscriptsNameAndTheLine(FxRobot robot) {
        openDemo(robot);
        robot.interact(() -> workbench.navigator().goTo(DemoCorpus.SESSION, 10));
        assertEquals("7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b-line-10.json", view().detailView.suggestedFileName());
    }

    @Test
    void helpShowsALegendOfStatesAndMarksAndTheVersion(FxRobot robot) {
        robot.clickOn("Help");
        robot.clickOn("Legend");
        WaitForAsyncUtils.waitForFxEvents();
        Window legend = robot.listWindows().stream().filter(w -> w instanceof Stage s && "Legend".equals(s.getTitle()))
                .findFirst().orElseThrow();
        Set<String> names = new HashSet<>();
        robot.from(legend.getScene().getRoot()).lookup(".legend-name").queryAllAs(Label.class)
                .forEach(l -> names.add(l.getText()));
        for (TerminalState s : TerminalState.values()) {
            assertTrue(names.contains(s.name()), s + " in " + names);
        }
        assertTrue(names.contains("WARN") && names.contains("BLOCK_UNMATCHED"), names.toString());
        assertFalse(robot.from(legend.getScene().getRoot()).lookup(".icon-synthetic").queryAll().isEmpty(),
                "drawn with the window's own icons");
        robot.interact(((Stage) legend)::close);
        robot.clickOn("Help");
        robot.clickOn("About Coroner");
        WaitForAsyncUtils.waitForFxEvents();
        Window about = robot.listWindows().stream().filter(w -> w instanceof Stage s && "About Coroner".equals(s.getTitle()))
                .findFirst().orElseThrow();
        assertEquals("Coroner " + CoronerVersion.get(),
                robot.from(about.getScene().getRoot()).lookup(".about-name").queryAs(Label.class).getText());
        robot.interact(((Stage) about)::close);
    }
}

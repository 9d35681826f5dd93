package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.DemoCorpus;
import dev.coroner.app.ui.model.Tasks;
import dev.coroner.core.findings.FindingSources;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.control.MenuButton;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The window at a laptop's 1280×720 (docs/WORKBENCH.md, "Layout"): no tool bar control is drawn clipped — the bar
 * turns compact, with an overflow menu, and back at full width — the timeline's summary column is on screen, and the
 * side panels fold away to give the timeline the width.
 */
@ExtendWith(ApplicationExtension.class)
class LayoutAt1280Test {
    private Workbench workbench;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        workbench = TestWindows.shown(stage, 1280, 720);
    }

    private MainView view() {
        return (MainView) workbench.root();
    }

    /** Every label of the tool bar drawn as it is written, none cut to "Op…". */
    private static void noneClipped(FxRobot robot, ToolbarView bar) {
        for (Node n : bar.getChildrenUnmodifiable()) {
            if (n.isVisible() && n instanceof Labeled l && l.getText() != null && !l.getText().isEmpty()) {
                Text drawn = robot.from(l).lookup(".text").queryAs(Text.class);
                assertEquals(l.getText(), drawn.getText(), "clipped: " + l);
                Bounds b = l.getBoundsInParent();
                assertTrue(b.getMaxX() <= bar.getWidth() + 0.5, "off the bar: " + l);
            }
        }
    }

    @Test
    void at1280TheToolBarIsCompactAndWholeAndAtFullWidthItIsLong(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(DemoCorpus.DEMO)));
        WaitForAsyncUtils.waitForFxEvents();
        ToolbarView bar = view().toolbar;
        assertTrue(bar.compact(), "1280 pixels are too few for every long label");
        noneClipped(robot, bar);
        MenuButton more = robot.lookup(".toolbar-overflow").queryAs(MenuButton.class);
        assertTrue(more.isVisible());
        assertTrue(more.getItems().stream().anyMatch(i -> "Open folder…".equals(i.getText())),
                "what the compact bar hides is in its overflow menu");

        TableView<?> table = view().timelineView.table();
        TableColumn<?, ?> summary = table.getColumns().get(table.getColumns().size() - 1);
        assertEquals("summary", summary.getText());
        double x = table.getColumns().stream().limit(table.getColumns().size() - 1).mapToDouble(TableColumn::getWidth).sum();
        assertTrue(x + 80 < table.getWidth(), "the summary column is on screen, with room to read: " + x + " of "
                + table.getWidth());

        // the findings' line numbers are drawn whole, not squeezed to "…" by the columns beside them: a five-digit
        // line fits its column
        List<Labeled> lines = robot.lookup(".findings-tree .number-column").queryAll().stream()
                .filter(n -> n instanceof javafx.scene.control.TreeTableCell).map(n -> (Labeled) n)
                .filter(c -> c.getText() != null && !c.getText().isEmpty()).toList();
        assertFalse(lines.isEmpty(), "the findings list shows line numbers");
        Labeled cell = lines.get(0);
        Text fiveDigits = new Text("99999");
        fiveDigits.setFont(cell.getFont());
        double needed = fiveDigits.getLayoutBounds().getWidth() + cell.snappedLeftInset() + cell.snappedRightInset();
        assertTrue(cell.getWidth() >= needed, "a line number of five digits would be cut: " + cell.getWidth() + " < " + needed);

        // the headless screen is 1280 wide: the full-HD window is laid out off screen, as `coroner snapshot` does
        Workbench wide = new Workbench(Tasks.sameThread(), FindingSources.standard());
        robot.interact(() -> {
            wide.scene(1920, 1080);
            javafx.scene.layout.Region root = (javafx.scene.layout.Region) wide.root();
            for (int pass = 0; pass < 3; pass++) {
                root.applyCss();
                root.resize(1920, 1080);
                root.layout();
            }
        });
        ToolbarView wideBar = ((MainView) wide.root()).toolbar;
        assertFalse(wideBar.compact(), "long labels when there is room");
        assertTrue(wideBar.getChildrenUnmodifiable().stream().anyMatch(n -> n instanceof Labeled l
                && "Open…".equals(l.getText()) && l.isVisible()));
        assertFalse(wideBar.getChildrenUnmodifiable().stream().filter(n -> n.getStyleClass().contains("toolbar-overflow"))
                .findFirst().orElseThrow().isVisible());
        noneClipped(robot, wideBar);
    }

    @Test
    void at1280ARecordWithManyCardsStillShowsItsTextAndTheCardsScroll(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(DemoCorpus.DEMO.resolve("7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b.jsonl"))));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> workbench.timeline().selectLine(14)); // its verdict, two block cards, why, links
        WaitForAsyncUtils.waitForFxEvents();
        Region tabs = robot.lookup(".detail-tabs").queryAs(Region.class);
        Region panel = robot.lookup(".detail-panel").queryAs(Region.class);
        assertTrue(tabs.getHeight() >= 160, "the record's text is squeezed to " + tabs.getHeight() + " pixels");
        Bounds t = panel.sceneToLocal(tabs.localToScene(tabs.getLayoutBounds()));
        assertTrue(t.getMaxY() <= panel.getHeight() + 0.5, "the text is drawn below the panel: " + t);
        javafx.scene.control.ScrollPane cards = robot.lookup(".detail-cards-scroll").queryAs(javafx.scene.control.ScrollPane.class);
        Region content = (Region) cards.getContent();
        assertTrue(content.getHeight() > cards.getHeight(), "five cards do not fit; they scroll: " + content.getHeight()
                + " in " + cards.getHeight());
        // and a record of one card shows it whole, with no room wasted on an empty scroll
        robot.interact(() -> workbench.timeline().selectLine(1));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(content.getHeight() <= cards.getHeight() + 0.5, content.getHeight() + " in " + cards.getHeight());
    }

    @Test
    void aSidePanelFoldsAwayAndComesBack(FxRobot robot) {
        double before = view().timelineView.getWidth();
        robot.clickOn("View");
        robot.clickOn("Show corpus panel");
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(view().panels.getItems().contains(view().corpusView));
        assertTrue(view().timelineView.getWidth() > before + 200, "the timeline takes the width");
        robot.clickOn("View");
        robot.clickOn("Show corpus panel");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(view().corpusView, view().panels.getItems().get(0), "back on the left");
        assertEquals(before, view().timelineView.getWidth(), 30, "at the width it had");
    }
}

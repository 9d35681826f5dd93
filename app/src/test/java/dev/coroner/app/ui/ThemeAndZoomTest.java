package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.Tasks;
import dev.coroner.app.ui.model.ViewSettings;
import dev.coroner.core.findings.FindingSources;
import java.util.UUID;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Dark theme and font zoom (docs/WORKBENCH.md, "Theme and zoom"): Ctrl+plus, Ctrl+minus and Ctrl+0 scale the
 * type, View ▸ Dark theme darkens the window, and both are remembered in a preferences node (here a temporary one)
 * for the next run.
 */
@ExtendWith(ApplicationExtension.class)
class ThemeAndZoomTest {
    private final Preferences node = Preferences.userRoot().node("dev/coroner/test/" + UUID.randomUUID());
    private Workbench workbench;

    @Start
    void start(Stage stage) {
        Workbench.useTheme();
        workbench = new Workbench(Tasks.sameThread(), FindingSources.standard());
        workbench.settings().remember(node);
        stage.setScene(workbench.scene(1280, 720));
        stage.show();
    }

    @AfterEach
    void removeNode() throws BackingStoreException {
        node.removeNode();
        Workbench.useTheme(); // the next test class starts light
    }

    private static double titleSize(FxRobot robot) {
        return robot.lookup(".panel-title").queryAs(Label.class).getFont().getSize();
    }

    private static double brightness(Region r) {
        return ((Color) r.getBackground().getFills().get(0).getFill()).getBrightness();
    }

    @Test
    void ctrlPlusMinusAndZeroScaleTheTypeAndTheNextRunRemembers(FxRobot robot) {
        double normal = titleSize(robot);
        robot.clickOn(".search-field");
        robot.press(KeyCode.CONTROL).type(KeyCode.EQUALS).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(110, workbench.settings().zoomProperty().get());
        assertEquals(normal * 1.1, titleSize(robot), 0.05, "the type grows");
        var time = ((MainView) workbench.root()).timelineView.table().getColumns().stream()
                .filter(c -> "time".equals(c.getText())).findFirst().orElseThrow();
        assertEquals(77, time.getPrefWidth(), 1, "and the columns with it, so a time stays whole");
        MainView view = (MainView) workbench.root();
        assertEquals(Math.round(CorpusView.ROW_HEIGHT * 1.1), view.corpusView.tree().getFixedCellSize(),
                "the corpus rows grow with it, two lines each");
        assertEquals(Math.round(TimelineView.ROW_HEIGHT * 1.1), view.findingsView.tree().getFixedCellSize(),
                "and the findings' rows");
        robot.press(KeyCode.CONTROL).type(KeyCode.MINUS).type(KeyCode.MINUS).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(90, workbench.settings().zoomProperty().get());
        assertTrue(titleSize(robot) < normal, "and shrinks");
        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT0).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(normal, titleSize(robot), 0.01, "Ctrl+0: actual size");
        robot.press(KeyCode.CONTROL).type(KeyCode.EQUALS).type(KeyCode.EQUALS).release(KeyCode.CONTROL);
        assertEquals(125, node.getInt("zoom", -1), "remembered");
        ViewSettings next = new ViewSettings();
        next.remember(node);
        assertEquals(125, next.zoomProperty().get(), "the next run starts where this one left off");
    }

    @Test
    void theDarkThemeDarkensTheWindowAndIsRemembered(FxRobot robot) {
        Region root = (Region) workbench.root();
        assertTrue(brightness(root) > 0.8, "light to begin with");
        robot.clickOn("View");
        robot.clickOn("Dark theme");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(root.getStyleClass().contains("theme-dark"));
        assertTrue(brightness(root) < 0.3, "dark: " + brightness(root));
        assertTrue(node.getBoolean("dark", false), "remembered");
        ViewSettings next = new ViewSettings();
        next.remember(node);
        assertTrue(next.darkProperty().get());
        robot.interact(() -> workbench.settings().darkProperty().set(false));
        assertFalse(root.getStyleClass().contains("theme-dark"));
        assertTrue(brightness(root) > 0.8, "light again");
    }

    /** Each corpus column's width and its least, and the tree's width: "Transcript 108/10 … sum 384 tree 384". */
    private static String widths(MainView view) {
        var tree = view.corpusView.tree();
        StringBuilder b = new StringBuilder();
        for (var c : tree.getVisibleLeafColumns()) {
            b.append(c.getText()).append(' ').append(Math.round(c.getWidth())).append('/')
                    .append(Math.round(c.getMinWidth())).append(' ');
        }
        return b.append("sum ").append(Math.round(columnsWidth(view))).append(" tree ")
                .append(Math.round(tree.getWidth())).toString();
    }

    private static double columnsWidth(MainView view) {
        return view.corpusView.tree().getVisibleLeafColumns().stream().mapToDouble(c -> c.getWidth()).sum();
    }

    @Test
    void afterZoomingInAndOutTheCorpusColumnsFitThePanelAgain(FxRobot robot) {
        MainView view = (MainView) workbench.root();
        robot.interact(() -> workbench.open(java.util.List.of(dev.coroner.fixtures.Fixtures.demoCorpus())));
        WaitForAsyncUtils.waitForFxEvents();
        double tree = view.corpusView.tree().getWidth();
        assertTrue(columnsWidth(view) <= tree + 1, "at 100 % the columns fit: " + widths(view));
        // 150 %: the fixed columns alone are wider than the panel at 1280 px, so it scrolls sideways; then back
        for (int zoom : new int[] {110, 125, 150, 125, 110, 100}) {
            robot.interact(() -> {
                if (workbench.settings().zoomProperty().get() < zoom) {
                    workbench.settings().zoomIn();
                } else {
                    workbench.settings().zoomOut();
                }
            });
            WaitForAsyncUtils.waitForFxEvents();
            assertEquals(zoom, workbench.settings().zoomProperty().get());
            if (zoom <= 125) {
                assertTrue(columnsWidth(view) <= tree + 1, "at " + zoom + " % the columns fit the panel, none cut at "
                        + "its edge: " + widths(view));
            }
        }
        for (var c : view.corpusView.tree().getVisibleLeafColumns()) {
            assertTrue(c.getWidth() >= c.getMinWidth(), c.getText() + " keeps its least width: " + widths(view));
        }
    }

    @Test
    void ctrlPlusAsTypedWithShiftAndOnTheKeypadZoomsInAsTheMenuSays(FxRobot robot) {
        robot.clickOn(".search-field");
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT).type(KeyCode.EQUALS).release(KeyCode.SHIFT, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(110, workbench.settings().zoomProperty().get(), "Ctrl+Shift+= is Ctrl++ on most keyboards");
        robot.press(KeyCode.CONTROL).type(KeyCode.ADD).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(125, workbench.settings().zoomProperty().get(), "Ctrl and the keypad's +");
        robot.press(KeyCode.CONTROL).type(KeyCode.SUBTRACT).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(110, workbench.settings().zoomProperty().get(), "Ctrl and the keypad's -");
    }
}

package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.Tasks;
import dev.coroner.core.findings.FindingSources;
import java.util.List;
import java.util.UUID;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;
import javafx.geometry.Rectangle2D;
import javafx.scene.control.SplitPane;
import javafx.stage.Screen;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * docs/WORKBENCH.md, "Layout": the first window takes 80% of the screen, centred, never below 1280×720 where the
 * screen has it; after that it opens where and as large as it was closed, while its title bar is still on a screen;
 * the panels shown and the dividers come back as they were left.
 */
@ExtendWith(ApplicationExtension.class)
class WindowPlacementTest {
    private final Preferences node = Preferences.userRoot().node("dev/coroner/test/" + UUID.randomUUID());

    @AfterEach
    void removeNode() throws BackingStoreException {
        node.removeNode();
    }

    @Test
    void theFirstWindowTakesEightyPercentCentredButNotLessThanTheLayoutNeedsNorMoreThanTheScreen() {
        assertEquals(new Rectangle2D(192, 108, 1536, 864), WindowPlacement.first(new Rectangle2D(0, 0, 1920, 1080)));
        assertEquals(new Rectangle2D(0, 0, 1280, 720), WindowPlacement.first(new Rectangle2D(0, 0, 1280, 720)),
                "80% of 1280×720 is less than the layout is made for: all of it");
        assertEquals(new Rectangle2D(160, 90, 1280, 720), WindowPlacement.first(new Rectangle2D(0, 0, 1600, 900)),
                "80% of 1600×900 is 1280×720");
        assertEquals(new Rectangle2D(1920, 24, 1024, 576), WindowPlacement.first(new Rectangle2D(1920, 24, 1024, 576)),
                "a screen smaller than that: all of it, on that screen");
    }

    @Test
    void rememberedBoundsAreUsedOnlyWhileTheTitleBarIsOnAScreen() {
        Rectangle2D primary = new Rectangle2D(0, 0, 1920, 1080);
        Rectangle2D second = new Rectangle2D(1920, 0, 1280, 1024);
        node.putDouble(WindowPlacement.X, 2000);
        node.putDouble(WindowPlacement.Y, 100);
        node.putDouble(WindowPlacement.WIDTH, 1100);
        node.putDouble(WindowPlacement.HEIGHT, 700);
        assertEquals(new Rectangle2D(2000, 100, 1100, 700), WindowPlacement.opening(node, List.of(primary, second), primary),
                "on the second screen, as it was left");
        assertEquals(WindowPlacement.first(primary), WindowPlacement.opening(node, List.of(primary), primary),
                "the second screen is gone: not left out of reach, the first window instead");
        node.putDouble(WindowPlacement.X, 1850); // 70 px of it on the first screen, the rest off the edge
        assertEquals(WindowPlacement.first(primary), WindowPlacement.opening(node, List.of(primary), primary));
        node.putDouble(WindowPlacement.X, 100);
        node.putDouble(WindowPlacement.WIDTH, 4000);
        assertEquals(new Rectangle2D(100, 100, 1920, 700), WindowPlacement.opening(node, List.of(primary), primary),
                "larger than its screen: the screen's width");
    }

    /** A window as the application opens one, on {@code screen}, remembering in the test's node. */
    private Stage open(FxRobot robot, Workbench[] wb, Rectangle2D screen) {
        Stage[] stage = new Stage[1];
        robot.interact(() -> {
            Workbench.useTheme();
            wb[0] = new Workbench(Tasks.sameThread(), FindingSources.standard());
            stage[0] = new Stage();
            WindowPlacement.dress(stage[0], wb[0], node, List.of(screen), screen);
            stage[0].show();
        });
        WaitForAsyncUtils.waitForFxEvents();
        return stage[0];
    }

    @Test
    void theWindowOpensWhereItWasClosedWithItsPanelsAndDividers(FxRobot robot) {
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        Workbench[] wb = new Workbench[1];
        Stage stage = open(robot, wb, screen);
        Rectangle2D first = WindowPlacement.first(screen);
        assertEquals(first.getWidth(), stage.getWidth(), 1);
        assertEquals(first.getMinX(), stage.getX(), 1);
        assertTrue(stage.getMinWidth() <= stage.getWidth() && stage.getMinWidth() > 0, "a minimum is set");
        MainView view = (MainView) wb[0].root();
        robot.interact(() -> {
            stage.setX(screen.getMinX() + 10);
            stage.setY(screen.getMinY() + 20);
            stage.setWidth(Math.max(stage.getMinWidth(), screen.getWidth() - 100));
            stage.setHeight(Math.max(stage.getMinHeight(), screen.getHeight() - 60));
            wb[0].grammar().shownProperty().set(true);
            view.panels.setDividerPositions(0.27, 0.58); // corpus, timeline, and the grammar in the detail's place
        });
        WaitForAsyncUtils.waitForFxEvents();
        double[] dividers = view.panels.getDividerPositions();
        Rectangle2D closed = new Rectangle2D(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight());
        robot.interact(() -> {
            stage.close(); // remembered as it hides
            wb[0].close();
        });

        Stage again = open(robot, wb, screen);
        assertEquals(closed, new Rectangle2D(again.getX(), again.getY(), again.getWidth(), again.getHeight()));
        assertTrue(wb[0].grammar().shownProperty().get(), "the grammar panel is shown again");
        SplitPane panels = ((MainView) wb[0].root()).panels;
        assertEquals(dividers.length, panels.getDividerPositions().length);
        for (int i = 0; i < dividers.length; i++) {
            assertEquals(dividers[i], panels.getDividerPositions()[i], 0.001, "divider " + i);
        }
        robot.interact(() -> {
            wb[0].close();
            again.close();
        });
        assertFalse(again.isShowing());
    }
}

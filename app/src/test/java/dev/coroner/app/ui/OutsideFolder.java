package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * For window tests: answers the question a workspace naming files outside its folder asks before they are read
 * (docs/VERDICTS.md, "Files Coroner reads and writes").
 */
final class OutsideFolder {
    private OutsideFolder() {
    }

    /** The question on screen, or null. */
    static DialogPane question(FxRobot robot) {
        return robot.lookup("#outside-paths").tryQueryAs(DialogPane.class).orElse(null);
    }

    /**
     * Checks that opening asked nothing: a workspace saved on the demo names it {@code bundled:…}, Coroner's own files
     * wherever this Coroner keeps them, never a file outside the workspace's folder (docs/ARCHITECTURE.md, "Workspaces").
     */
    static void nothingAsked(FxRobot robot) {
        WaitForAsyncUtils.waitForFxEvents();
        org.junit.jupiter.api.Assertions.assertNull(question(robot),
                "the demo is bundled: a workspace on it names nothing outside its folder");
    }

    /** Presses "Read them". */
    static void readThem(FxRobot robot) {
        answer(robot, "Read them");
    }

    /** Presses "Skip them". */
    static void skipThem(FxRobot robot) {
        answer(robot, "Skip them");
    }

    private static void answer(FxRobot robot, String text) {
        WaitForAsyncUtils.waitForFxEvents();
        DialogPane pane = question(robot);
        assertNotNull(pane, "the window asks before reading files outside the workspace's folder");
        ButtonType type = pane.getButtonTypes().stream().filter(b -> b.getText().equals(text)).findFirst().orElseThrow();
        robot.interact(() -> ((Button) pane.lookupButton(type)).fire());
        WaitForAsyncUtils.waitForFxEvents();
    }
}

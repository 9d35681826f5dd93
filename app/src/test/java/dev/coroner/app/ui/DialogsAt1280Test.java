package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.DemoCorpus;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Labeled;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The dialogs at 1280×720 say what they say whole: the Annotate dialog and its button, the report's redaction preview;
 * and the Annotate dialog can be worked from the keyboard and its verdict box opens on the first click.
 */
@ExtendWith(ApplicationExtension.class)
class DialogsAt1280Test {
    private static final long TERMINAL_LINE = 6;

    @TempDir
    Path dir;

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = TestWindows.shown(stage, 1280, 720);
    }

    /** Every label, check box and button under {@code root} drawn as written, none cut to "Human …" or "Write re…". */
    private static List<String> cut(Node root) {
        List<String> cut = new ArrayList<>();
        visit(root, n -> {
            if (n instanceof Labeled l && l.isVisible() && l.getText() != null && !l.getText().isEmpty()) {
                Text drawn = (Text) l.lookup(".text");
                if (drawn != null && !l.getText().equals(drawn.getText())) {
                    cut.add(l.getText() + " → " + drawn.getText());
                }
            }
        });
        return cut;
    }

    private static void visit(Node n, java.util.function.Consumer<Node> each) {
        each.accept(n);
        if (n instanceof Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> visit(c, each));
        }
    }

    private void openTheDeadExport(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(DemoCorpus.DEMO)));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> workbench.navigator().goTo(DemoCorpus.DEAD_EXPORT, TERMINAL_LINE));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void theAnnotateButtonAndDialogAreWholeAndTheVerdictBoxOpensOnTheFirstClick(FxRobot robot) {
        openTheDeadExport(robot);
        Node button = robot.lookup("#detail-annotate").query();
        assertEquals(List.of(), cut(button), "the detail panel's Annotate… button");

        robot.clickOn("#detail-annotate");
        WaitForAsyncUtils.waitForFxEvents();
        DialogPane pane = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        robot.clickOn("#override-check");
        assertEquals(List.of(), cut(pane), "the Annotate dialog");
        assertTrue(pane.getScene().getWindow().getHeight() <= 720, "it fits the screen: " + pane.getScene().getWindow().getHeight());

        ComboBox<?> human = robot.lookup("#override-human").queryAs(ComboBox.class);
        robot.clickOn(human);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(human.isShowing(), "the first click on the verdict box opens its choices");
        // a verdict of one's own: "other…" shows a field for it, and Save waits for it and a reason
        AnnotationsWindowTest.choose(robot, AnnotateDialog.OTHER);
        assertTrue(robot.lookup("#override-own").query().isVisible());
        robot.clickOn("#override-own").write("resumed by hand");
        robot.clickOn("#override-reason").write("the log shows the retry");
        assertFalse(robot.lookup("#annotation-save").query().isDisabled());
        robot.clickOn("#annotation-save");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("resumed by hand", workbench.annotations().at(DemoCorpus.DEAD_EXPORT, TERMINAL_LINE).override()
                .human());
    }

    @Test
    void theNoteIsFinishedFromTheKeyboardTabMovesOnAndEnterSaves(FxRobot robot) {
        openTheDeadExport(robot);
        robot.clickOn("#detail-annotate");
        WaitForAsyncUtils.waitForFxEvents();
        Node note = robot.lookup("#annotation-note").query();
        assertTrue(note.isFocused(), "the note has the keys first");
        robot.clickOn(note).write("seen at the reset");
        robot.type(KeyCode.TAB);
        assertTrue(robot.lookup("#override-check").query().isFocused(), "Tab goes on to the next field");
        robot.clickOn(note);
        robot.press(KeyCode.SHIFT).type(KeyCode.ENTER).release(KeyCode.SHIFT);
        robot.write("then resumed");
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup(".dialog-pane").tryQuery().isEmpty(), "Enter saved and closed the dialog");
        assertEquals(List.of("seen at the reset\nthen resumed"), workbench.annotations().all().stream()
                .map(a -> a.line() + " " + a.note()).map(s -> s.substring(s.indexOf(' ') + 1)).toList(),
                "saved, no tab in it, Shift+Enter's line break: " + workbench.annotations().all());
        assertEquals(TERMINAL_LINE, workbench.annotations().all().get(0).line());
    }

    @Test
    void theRedactionPreviewIsWhole(FxRobot robot) {
        openTheDeadExport(robot);
        robot.interact(() -> ((MainView) workbench.root()).review.export(dir.resolve("report.html")));
        WaitForAsyncUtils.waitForFxEvents();
        DialogPane pane = robot.lookup("#report-preview").queryAs(DialogPane.class);
        String redactions = robot.lookup("#report-redactions").queryAs(javafx.scene.control.Label.class).getText();
        assertTrue(redactions.contains("nothing in these transcripts matched a secret shape"), redactions);
        assertEquals(List.of(), cut(pane), "the redaction preview");
        assertFalse(pane.getButtonTypes().isEmpty());
        robot.interact(() -> pane.getScene().getWindow().hide());
    }
}

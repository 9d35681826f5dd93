package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.DemoCorpus;
import dev.coroner.app.ui.model.FxBridge;
import dev.coroner.app.ui.model.Tasks;
import dev.coroner.core.findings.FindingSources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * docs/WORKBENCH.md, "The detail panel", headless: while the record selected is read, the detail's header names it,
 * "reading…", the record shown before stays dimmed under it and cannot be saved as if it were the new one; once read,
 * the new record is shown whole.
 */
@ExtendWith(ApplicationExtension.class)
class DetailReadingWindowTest {
    /** Work in the background, held while {@link #holding} (the record's read is then still under way). */
    private final ArrayDeque<Runnable> held = new ArrayDeque<>();
    private boolean holding;
    private Workbench workbench;
    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        Workbench.useTheme();
        Tasks tasks = new Tasks(work -> {
            if (holding) {
                held.add(work);
            } else {
                work.run();
            }
        }, FxBridge.direct(), 1);
        workbench = new Workbench(tasks, FindingSources.standard());
        workbench.setGrammar(Workbench.bundledGrammar());
        stage.setScene(workbench.scene(1400, 900));
        stage.show();
    }

    @Test
    void aRecordStillReadIsNamedAndTheOneBeforeDimmedUntilItComes(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(DemoCorpus.SESSION)));
        robot.interact(() -> workbench.navigator().goTo(DemoCorpus.SESSION, 1));
        Label header = robot.lookup(".detail-header").queryAs(Label.class);
        Node text = robot.lookup(".message-text").query();
        Button save = robot.lookup(".detail-footer .button").queryAs(Button.class);
        assertTrue(header.getText().startsWith("line 1 · "), header.getText());
        assertEquals(1.0, opacity(text));
        assertFalse(save.isDisabled());

        robot.interact(() -> {
            holding = true;
            workbench.navigator().goTo(DemoCorpus.SESSION, 14);
        });
        assertTrue(header.getText().startsWith("line 14 · ") && header.getText().endsWith(" · reading…"),
                header.getText());
        assertEquals(DetailView.READING_OPACITY, opacity(text), 1e-9, "line 1's text, dimmed under line 14's header");
        assertTrue(save.isDisabled(), "Save record… would save line 1");

        robot.interact(() -> {
            holding = false;
            while (!held.isEmpty()) {
                held.poll().run();
            }
        });
        assertTrue(header.getText().startsWith("line 14 · ") && !header.getText().contains("reading…"),
                header.getText());
        assertEquals(1.0, opacity(text));
        assertFalse(save.isDisabled());
    }

    @Test
    void aFirstReadThatFailsLeavesNoReadingHeaderBehind(FxRobot robot) throws Exception {
        Path copy = dir.resolve("session.jsonl");
        Files.copy(DemoCorpus.SESSION, copy);
        robot.interact(() -> workbench.open(List.of(copy)));
        Label header = robot.lookup(".detail-header").queryAs(Label.class);
        robot.interact(() -> {
            workbench.detail().clear(); // no record shown before: nothing else would replace the header
            holding = true;
            workbench.navigator().goTo(copy, 2); // the opening selected the terminal record; line 2 is another
        });
        assertTrue(header.getText().endsWith(" · reading…"), header.getText());
        Files.delete(copy); // gone before its line could be read
        robot.interact(() -> {
            holding = false;
            while (!held.isEmpty()) {
                held.poll().run();
            }
        });
        assertFalse(header.getText().contains("reading…"), header.getText());
        assertTrue(robot.lookup(".detail-note").queryAs(Label.class).getText().startsWith("cannot re-read line 2"),
                robot.lookup(".detail-note").queryAs(Label.class).getText());
    }

    /** The node's opacity as drawn: its own times every parent's. */
    private static double opacity(Node node) {
        double o = 1;
        for (Node n = node; n != null; n = n.getParent()) {
            o *= n.getOpacity();
        }
        return o;
    }
}

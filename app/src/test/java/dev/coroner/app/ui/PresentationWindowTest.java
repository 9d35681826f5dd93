package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.DemoCorpus;
import dev.coroner.app.ui.model.FindingItem;
import dev.coroner.core.read.FileStamp;
import dev.coroner.core.workspace.VerdictOverride;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** docs/WORKBENCH.md, "Presentation mode", headless: F5 opens it, the keyboard steps through the findings, Esc leaves. */
@ExtendWith(ApplicationExtension.class)
class PresentationWindowTest {
    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = TestWindows.shown(stage, 1400, 900);
    }

    @Test
    void f5PresentsTheFindingsOneAtATimeAndTheKeyboardStepsThroughThem(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(DemoCorpus.DEMO)));
        WaitForAsyncUtils.waitForFxEvents();
        List<FindingItem> items = workbench.findings().items();
        assertTrue(items.size() >= 3, "the demo corpus has several findings: " + items.size());
        FindingItem first = items.get(0);
        robot.interact(() -> workbench.annotations().annotate(first.path(), first.finding().line(),
                "say why this one matters", new VerdictOverride("DEATH", first.finding().title(), "death confirmed",
                        "the run never resumed")));
        robot.interact(() -> workbench.findings().select(null));

        robot.clickOn(".timeline-table");
        robot.type(KeyCode.F5);
        WaitForAsyncUtils.waitForFxEvents();
        Window presenting = presentation(robot);
        assertTrue(presenting.isShowing());
        assertEquals("1 of " + items.size(), text(robot, ".presentation-position"));
        assertTrue(text(robot, ".presentation-title").startsWith("SYNTHETIC · RATE_LIMIT · The agent died: "),
                "the verdict in words: " + text(robot, ".presentation-title"));
        assertEquals(first.finding().reason(), text(robot, ".presentation-reason"));
        assertFalse(robot.lookup(".presentation .presentation-notes").query().isVisible(),
                "the speaker notes are the presenter's, not on the audience's screen");
        robot.type(KeyCode.N);
        assertTrue(robot.lookup(".presentation .presentation-notes").query().isVisible(), "N shows them");
        assertEquals("Speaker notes: say why this one matters", text(robot, ".presentation-notes"));
        assertEquals("human: death confirmed — the run never resumed", text(robot, ".presentation-human"));
        assertFalse(text(robot, ".presentation-evidence").isEmpty(), "the evidence record is shown");
        assertFalse(text(robot, ".presentation-evidence").contains("\\n"), "its line breaks are kept, not escaped");

        robot.type(KeyCode.RIGHT);
        assertEquals("2 of " + items.size(), text(robot, ".presentation-position"));
        assertTrue(text(robot, ".presentation-title").startsWith("SYNTHETIC · RATE_LIMIT · The agent died: "));
        assertTrue(items.get(1).finding().title().startsWith("SYNTHETIC · RATE_LIMIT: "), "the demo's second death");
        assertEquals("the record says: " + Safe.text(items.get(1).finding().title()
                .substring("SYNTHETIC · RATE_LIMIT: ".length())), text(robot, ".presentation-raw"));
        assertEquals(items.get(1), workbench.findings().selectedProperty().get(), "the window behind follows");
        assertNotEquals("Speaker notes: say why this one matters", text(robot, ".presentation-notes"));
        robot.type(KeyCode.N);
        assertFalse(robot.lookup(".presentation .presentation-notes").query().isVisible(), "N again hides them");

        robot.type(KeyCode.SPACE);
        assertEquals("3 of " + items.size(), text(robot, ".presentation-position"));
        robot.type(KeyCode.LEFT);
        robot.type(KeyCode.LEFT);
        assertEquals("1 of " + items.size(), text(robot, ".presentation-position"));
        robot.type(KeyCode.LEFT);
        assertEquals(items.size() + " of " + items.size(), text(robot, ".presentation-position"), "it wraps round");

        robot.type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(presenting.isShowing(), "Esc leaves presentation mode");
    }

    @Test
    void aSlideOfAFileThatChangedWhileItWasReadSaysSoAndTheNextSlideOfAnotherFileDoesNot(FxRobot robot, @TempDir Path dir)
            throws Exception {
        // the demo corpus, copied; one dead sub-agent's file is touched each time a read of it ends
        try (var files = Files.walk(DemoCorpus.DEMO)) {
            for (Path f : files.toList()) {
                Path to = dir.resolve(DemoCorpus.DEMO.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
        String touched = "agent-a3c5e7a9b1d3f5e70.jsonl";
        FileStamp.afterRead = p -> {
            if (p.getFileName().toString().equals(touched)) {
                try {
                    Files.setLastModifiedTime(p, FileTime.fromMillis(Files.getLastModifiedTime(p).toMillis() + 5_000));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
        try {
            robot.interact(() -> workbench.open(List.of(dir)));
            WaitForAsyncUtils.waitForFxEvents();
            List<FindingItem> items = workbench.findings().items();
            FindingItem death = items.stream().filter(i -> i.path().getFileName().toString().equals(touched)).findFirst()
                    .orElseThrow();
            robot.interact(() -> workbench.findings().select(death));
            WaitForAsyncUtils.waitForFxEvents();
            String note = workbench.timeline().changedProperty().get();
            assertTrue(note.startsWith("the file changed while it was read: it was modified"), note);

            robot.clickOn(".timeline-table");
            robot.type(KeyCode.F5);
            WaitForAsyncUtils.waitForFxEvents();
            Window presenting = presentation(robot);
            Label shown = robot.lookup(".presentation .presentation-read-note").queryAs(Label.class);
            assertTrue(shown.isVisible(), "the slide says the records may not be the file's");
            assertEquals(Safe.text(note), shown.getText());

            // on to a finding of a file left alone: its slide has no such note
            int at = items.indexOf(death);
            FindingItem other = items.get((at + 1) % items.size());
            assertNotEquals(death.path(), other.path(), "the demo's next finding is of another file");
            robot.type(KeyCode.RIGHT);
            WaitForAsyncUtils.waitForFxEvents();
            assertFalse(robot.lookup(".presentation .presentation-read-note").queryAs(Label.class).isVisible());
            robot.type(KeyCode.ESCAPE);
            WaitForAsyncUtils.waitForFxEvents();
            assertFalse(presenting.isShowing());
        } finally {
            FileStamp.afterRead = p -> { };
        }
    }

    @Test
    void aDeathIsHeadlinedInWordsWithWhatTheRecordSaysBelowAndItsLinkedRecordsAreLinks(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(DemoCorpus.DEMO)));
        WaitForAsyncUtils.waitForFxEvents();
        List<FindingItem> items = workbench.findings().items();
        FindingItem death = items.stream().filter(i -> i.path().getFileName().toString()
                .equals("agent-a3c5e7a9b1d3f5e70.jsonl")).findFirst().orElseThrow();
        robot.interact(() -> workbench.findings().select(death));
        robot.clickOn(".timeline-table");
        robot.type(KeyCode.F5);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("SYNTHETIC · RATE_LIMIT · The agent died: the API refused it for a rate limit, and the harness "
                + "wrote its last record.", text(robot, ".presentation-title"), "not the raw error JSON");
        assertEquals("the record says: API Error: 429 {\"type\":\"error\",\"error\":{\"type\":\"rate_limit_error\","
                + "\"message\":\"Rate limited\"}}", text(robot, ".presentation-raw"), "the raw text, below");

        // the parent's result that is this sub-agent's error string: its link to the sub-agent leads to its death
        FindingItem result = items.stream().filter(i -> i.finding().kind().name().equals("DEAD_SUBAGENT_RESULT")
                && i.finding().title().contains("agent-a3c5e7a9b1d3f5e70")).findFirst().orElseThrow();
        robot.interact(() -> workbench.findings().select(result));
        WaitForAsyncUtils.waitForFxEvents();
        List<javafx.scene.control.Hyperlink> links = robot.lookup(".presentation .presentation-link")
                .queryAllAs(javafx.scene.control.Hyperlink.class).stream().toList();
        javafx.scene.control.Hyperlink toAgent = links.stream().filter(h -> h.getText().contains("agent-a3c5e7a9"))
                .findFirst().orElseThrow(() -> new AssertionError("no link to the sub-agent among "
                        + links.stream().map(javafx.scene.control.Hyperlink::getText).toList()));
        robot.clickOn(toAgent);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(death, workbench.findings().selectedProperty().get(), "the link stepped to the sub-agent's death");
        assertEquals((items.indexOf(death) + 1) + " of " + items.size(), text(robot, ".presentation-position"));
        assertTrue(presentation(robot).isShowing(), "still presenting");
        robot.type(KeyCode.ESCAPE);
    }

    private static Window presentation(FxRobot robot) {
        return robot.listWindows().stream().filter(w -> w.getScene() != null
                && w.getScene().getRoot().getStyleClass().contains("presentation")).findFirst().orElseThrow();
    }

    private static String text(FxRobot robot, String css) {
        return robot.lookup(".presentation " + css).queryAs(Label.class).getText();
    }
}

package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.fixtures.Fixtures;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The detail panel explains every call of the record shown (docs/VERDICTS.md, "Explanations"): ATTESTED names the
 * result that satisfied it and links to it, REFUTED lists what had returned, NO_SIGNAL says nothing had, EXEMPT names
 * its exemption, and a call no rule names says so. The bundled Claude Code grammar, on the gate's own fixtures.
 */
@ExtendWith(ApplicationExtension.class)
class CallExplanationWindowTest {
    private static final Path ALIAS = fixture("claude-code/alias.jsonl");
    private static final Path FIRST = fixture("claude-code/first-call.jsonl");
    private static final Path REFUTED = fixture("claude-code/refuted.jsonl");
    private static final Path OWN_WRITE = fixture("exemptions/own-write.jsonl");
    private static final Path CREATED = fixture("exemptions/created-file.jsonl");

    private Workbench workbench;

    private static Path fixture(String name) {
        return Fixtures.path("precursor/" + name).toAbsolutePath().normalize();
    }

    @Start
    void start(Stage stage) {
        workbench = TestWindows.shown(stage, 1400, 900);
    }

    /** The explanation cards of the record at {@code line}: "label | sentence". */
    private List<String> explained(FxRobot robot, Path file, long line) {
        robot.interact(() -> workbench.navigator().goTo(file, line));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(line, workbench.timeline().selectedRowProperty().get().line());
        return robot.lookup(".explanation").queryAll().stream().map(card -> robot.from(card).lookup(".verdict-label")
                .queryAs(Label.class).getText() + " | " + robot.from(card).lookup(".explanation-sentence")
                .queryAs(Label.class).getText()).toList();
    }

    @Test
    void everyStanceIsExplainedWithItsEvidence(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(ALIAS, FIRST, REFUTED, OWN_WRITE, CREATED)));
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals(List.of("precursor · NotebookEdit · ATTESTED | ATTESTED by NotebookRead (the call at line 2), an alias"
                + " of Read: its result came in before this call"), explained(robot, ALIAS, 4));
        List<String> links = robot.lookup(".explanation-link").queryAllAs(Hyperlink.class).stream().map(Hyperlink::getText).toList();
        assertEquals(List.of("the NotebookRead call at line 2", "its result at line 3"), links);
        robot.clickOn(robot.lookup(".explanation-link").queryAllAs(Hyperlink.class).stream()
                .filter(h -> h.getText().startsWith("its result")).findFirst().orElseThrow());
        assertEquals(3, workbench.timeline().selectedRowProperty().get().line(), "the link goes to the result");

        assertEquals(List.of("precursor · Edit · REFUTED | REFUTED: none of Read or NotebookRead had returned a result;"
                + " before it, 2 results had come in, from Bash and Grep"), explained(robot, REFUTED, 6));
        assertEquals(List.of("precursor · Write · NO_SIGNAL | NO_SIGNAL: nothing had returned a result before this call,"
                + " so no lookup could have fired yet"), explained(robot, FIRST, 2));
        assertEquals(List.of("precursor · Edit · EXEMPT | EXEMPT by own_write in [coroner.precursor]: Write of the same"
                + " file_path (the call at line 4) had succeeded before, so it counts as the lookup"), explained(robot, OWN_WRITE, 6));
        assertEquals(List.of("precursor · Write · EXEMPT | EXEMPT by created_file in [coroner.precursor]: its result says"
                + " it created the file, so there was nothing to look up"), explained(robot, CREATED, 4));
        assertEquals(List.of("precursor · Bash · not gated | not gated: no rule names Bash"), explained(robot, REFUTED, 2));
        assertTrue(explained(robot, REFUTED, 3).isEmpty(), "a result is not a call: nothing to explain");
    }
}

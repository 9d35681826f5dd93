package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.FindingItem;
import dev.coroner.core.findings.FindingKind;
import dev.coroner.fixtures.Fixtures;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * docs/WORKBENCH.md, "Triage": F8 and the corpus count follow the triage filter. With only the transcripts with
 * WARNs shown, F8 from a WARN never jumps to a death in a file the filter hides, and the panel says how many it shows.
 */
@ExtendWith(ApplicationExtension.class)
class TriageFollowsFilterTest {
    private static final Path WARNED = Fixtures.path("report/hostile-text.jsonl").toAbsolutePath().normalize();
    private static final Path PROMPT_ONLY = Fixtures.path("terminal/empty-prompt-only.jsonl").toAbsolutePath().normalize();
    private static final Path HEALTHY = Fixtures.path("terminal/healthy.jsonl").toAbsolutePath().normalize();
    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = TestWindows.shown(stage, 1280, 720);
    }

    @Test
    void f8FromAWarnInTheWarnFilteredListStaysInsideTheFilter(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(WARNED, PROMPT_ONLY, HEALTHY)));
        WaitForAsyncUtils.waitForFxEvents();
        Label count = robot.lookup(".corpus-count").queryAs(Label.class);
        assertEquals("3 transcripts", count.getText());
        robot.interact(() -> workbench.triage().corpus().withWarnsProperty().set(true));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("1 of 3 shown", count.getText());
        FindingItem warn = workbench.findings().items().stream()
                .filter(i -> i.finding().kind() == FindingKind.WARN).findFirst().orElseThrow();
        robot.interact(() -> workbench.findings().select(warn));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(WARNED, workbench.timeline().pathProperty().get());
        // the EMPTY death sorts before the WARN in the findings: without the filter F8 wraps round to it
        robot.clickOn(".timeline-table");
        for (int i = 0; i < 3; i++) {
            robot.type(KeyCode.F8);
            WaitForAsyncUtils.waitForFxEvents();
            assertEquals(WARNED, workbench.timeline().pathProperty().get(), "F8 left the filtered list");
            assertTrue(workbench.triage().corpus().shows(workbench.findings().selectedProperty().get().path()));
        }
        robot.interact(() -> workbench.triage().corpus().clear());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("3 transcripts", count.getText());
        robot.type(KeyCode.F8);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(PROMPT_ONLY, workbench.timeline().pathProperty().get(), "no filter: every finding again");
    }
}

package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.fixtures.Fixtures;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * docs/COST.md, "Reports": when the person's prices file does not read, the window prices with the bundled list and
 * says why in its cost tooltips; File ▸ Export's preview says it too before a report with cost is written at those
 * prices, not only which prices it names.
 */
@ExtendWith(ApplicationExtension.class)
class ExportBrokenPricesWindowTest {
    private static Path pricesFile;

    @TempDir
    Path dir;

    private Workbench workbench;

    @BeforeAll
    static void writeBrokenPrices() throws IOException {
        pricesFile = UserPrices.write("[models.\"claude-opus-4-7\"\ninput = 4.0\n"); // the table's bracket never closed
    }

    @AfterAll
    static void removePrices() throws IOException {
        UserPrices.remove();
    }

    @Start
    void start(Stage stage) {
        workbench = TestWindows.shown(stage, 1280, 720);
    }

    @Test
    void thePreviewSaysThePricesFileWasNotUsedAndWhy(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(Fixtures.path("cost/dead-rate-limit.jsonl"))));
        WaitForAsyncUtils.waitForFxEvents();
        Path out = dir.resolve("report.html");
        robot.interact(() -> ((MainView) workbench.root()).review.export(out));
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#report-cost");
        WaitForAsyncUtils.waitForFxEvents();
        String line = robot.lookup("#report-cost-line").queryAs(Label.class).getText();
        assertTrue(line.contains("\nPrices: LiteLLM model prices"), "the bundled prices: " + line);
        assertTrue(line.contains("\nYour prices file " + pricesFile + " was not used: "), line);
        // the reason is the one the window's own note gives
        String note = workbench.costs().pricesNoteProperty().get();
        String why = line.substring(line.indexOf(" was not used: ") + " was not used: ".length());
        assertTrue(why.length() > 5 && note.contains(why), why + " | " + note);
    }
}

package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.fixtures.Fixtures;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.DialogPane;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * docs/ARCHITECTURE.md, "Reports" and "Redaction", from the window: File ▸ Export report previews what redaction hides,
 * by kind and count, before it writes; File ▸ Export picture writes the window as a PNG. The file choosers are native
 * and are skipped: the tests start from the path a chooser would give.
 */
@ExtendWith(ApplicationExtension.class)
class ExportWindowTest {
    private static final Path HOSTILE = Fixtures.path("report/hostile-text.jsonl").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = TestWindows.shown(stage, 1280, 720);
    }

    private ReviewActions review() {
        return ((MainView) workbench.root()).review;
    }

    @Test
    void exportingAReportPreviewsTheRedactionsAndWritesOnlyWhenAsked(FxRobot robot) throws Exception {
        robot.interact(() -> workbench.open(List.of(HOSTILE)));
        WaitForAsyncUtils.waitForFxEvents();
        Path out = dir.resolve("case.html");
        robot.interact(() -> review().export(out));
        WaitForAsyncUtils.waitForFxEvents();
        robot.lookup("#report-preview").queryAs(DialogPane.class);
        // the text the preview shows (its content; a dialog's content text is not drawn once it has content)
        String redactions = robot.lookup("#report-redactions").queryAs(javafx.scene.control.Label.class).getText();
        assertTrue(redactions.contains("anthropic"), redactions);
        assertTrue(redactions.matches("(?s)\\d+ redactions? will be written as \\[REDACTED:kind]:.*"), redactions);
        assertFalse(Files.exists(out), "nothing is written before the person agrees");
        robot.clickOn("Write report");
        WaitForAsyncUtils.waitForFxEvents();
        String html = Files.readString(out, StandardCharsets.UTF_8);
        assertFalse(html.contains("sk-ant-api03"), "the key is redacted");
        assertTrue(html.contains("[REDACTED:"));
        assertFalse(html.contains("<script"));
    }

    @Test
    void aFileThatIsNotAReportIsNotReplaced(FxRobot robot) throws Exception {
        robot.interact(() -> workbench.open(List.of(HOSTILE)));
        WaitForAsyncUtils.waitForFxEvents();
        Path out = dir.resolve("notes.json");
        byte[] mine = "{\"mine\":true}".getBytes(StandardCharsets.UTF_8);
        Files.write(out, mine);
        robot.interact(() -> review().export(out));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#report-preview").tryQuery().isEmpty(), "no preview: it is refused");
        assertTrue(robot.lookup(".dialog-pane").queryAs(DialogPane.class).getContentText()
                .startsWith("will not replace notes.json"));
        assertArrayEquals(mine, Files.readAllBytes(out));
    }

    @Test
    void exportingAPictureWritesTheWindowAsAPng(FxRobot robot) throws Exception {
        robot.interact(() -> workbench.open(List.of(HOSTILE)));
        WaitForAsyncUtils.waitForFxEvents();
        Path out = dir.resolve("view.png");
        robot.interact(() -> review().picture(out));
        BufferedImage png = ImageIO.read(out.toFile());
        assertEquals(1280, png.getWidth());
        assertEquals(720, png.getHeight());
    }

    @Test
    void theWindowsExportOfAWorkspaceIsTheReportTheCommandLineWritesForIt(FxRobot robot) throws Exception {
        // a corpus under one folder, judged by the bundled grammar (the window's default): one WARN, one death
        Path corpus = Files.createDirectories(dir.resolve("corpus"));
        Path hostile = Files.copy(HOSTILE, corpus.resolve("hostile-text.jsonl"));
        Path dead = Files.copy(Fixtures.path("norun/rate-limited.jsonl"), corpus.resolve("rate-limited.jsonl"));
        robot.interact(() -> workbench.open(List.of(hostile, dead)));
        WaitForAsyncUtils.waitForFxEvents();
        Path w = dir.resolve("case.coroner.json");
        robot.interact(() -> review().save(w));
        WaitForAsyncUtils.waitForFxEvents();
        Path fromWindow = dir.resolve("window.json");
        robot.interact(() -> review().export(fromWindow));
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("Write report");
        WaitForAsyncUtils.waitForFxEvents();
        Path fromCli = dir.resolve("cli.json");
        var cl = dev.coroner.app.cli.CoronerCommand.commandLine("report", "--workspace", w.toString(), "--out",
                fromCli.toString());
        cl.setErr(new java.io.PrintWriter(new java.io.StringWriter()));
        int status = dev.coroner.app.cli.CoronerCommand.execute(cl, "report", "--workspace", w.toString(), "--out",
                fromCli.toString());
        assertEquals(1, status, "a death and a WARN");
        String window = Files.readString(fromWindow, StandardCharsets.UTF_8);
        assertEquals(window, Files.readString(fromCli, StandardCharsets.UTF_8), "one code path, one report");
        assertTrue(window.contains("\"warns\": 1,"), window);
        assertTrue(window.contains("\"origin\": \"bundled\",\n    \"path\": \"claude-code.toml\""), window);
        assertFalse(window.contains(dir.toString()), "no absolute path: " + window);
    }

    @Test
    void theExportedReportHoldsWhatTheTriageFilterShows(FxRobot robot) throws Exception {
        Path dead = Fixtures.path("norun/rate-limited.jsonl").toAbsolutePath().normalize();
        robot.interact(() -> workbench.open(List.of(HOSTILE, dead)));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> workbench.triage().corpus().withWarnsProperty().set(true));
        WaitForAsyncUtils.waitForFxEvents();
        Path out = dir.resolve("filtered.json");
        robot.interact(() -> review().export(out));
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("Write report");
        WaitForAsyncUtils.waitForFxEvents();
        String json = Files.readString(out, StandardCharsets.UTF_8);
        assertTrue(json.contains("\"path\": \"hostile-text.jsonl\""), json);
        assertFalse(json.contains("rate-limited.jsonl"), "the filter hides it, so the report does: " + json);
    }
}

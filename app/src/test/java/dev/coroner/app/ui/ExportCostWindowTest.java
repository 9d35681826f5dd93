package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.cli.CoronerCommand;
import dev.coroner.fixtures.Fixtures;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.CheckBox;
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
 * docs/COST.md, "Reports", from the window: File ▸ Export's preview offers "Include tokens and cost", off at first; on,
 * the report is built again with the prices the window shows (the person's prices file over the bundled list), and it
 * is the report {@code coroner report --workspace W --usage --prices FILE} writes with that file.
 */
@ExtendWith(ApplicationExtension.class)
class ExportCostWindowTest {
    private static Path pricesFile;

    @TempDir
    Path dir;

    private Workbench workbench;

    @BeforeAll
    static void writePrices() throws IOException {
        pricesFile = UserPrices.write("""
                [source]
                name = "the export test's prices"
                date = "2026-12-02"

                [models."claude-opus-4-7"]
                input = 4.0
                output = 20.0
                cache_write = 5.0
                """);
    }

    @AfterAll
    static void removePrices() throws IOException {
        UserPrices.remove();
    }

    @Start
    void start(Stage stage) {
        workbench = TestWindows.shown(stage, 1280, 720);
    }

    private ReviewActions review() {
        return ((MainView) workbench.root()).review;
    }

    /** A dead run and a model with no price, under one folder, saved as a workspace: its file. */
    private Path openAndSave(FxRobot robot) throws IOException {
        Path corpus = Files.createDirectories(dir.resolve("corpus"));
        Path dead = Files.copy(Fixtures.path("cost/dead-rate-limit.jsonl"), corpus.resolve("dead-rate-limit.jsonl"));
        Path unknown = Files.copy(Fixtures.path("cost/unknown-model.jsonl"), corpus.resolve("unknown-model.jsonl"));
        robot.interact(() -> workbench.open(List.of(dead, unknown)));
        WaitForAsyncUtils.waitForFxEvents();
        Path w = dir.resolve("case.coroner.json");
        robot.interact(() -> review().save(w));
        WaitForAsyncUtils.waitForFxEvents();
        return w;
    }

    private static byte[] cli(Path out, String... args) throws IOException {
        List<String> all = new ArrayList<>(List.of("report", "--out", out.toString()));
        all.addAll(List.of(args));
        String[] a = all.toArray(String[]::new);
        var cl = CoronerCommand.commandLine(a);
        cl.setErr(new PrintWriter(new StringWriter()));
        assertEquals(1, CoronerCommand.execute(cl, a), "a death");
        return Files.readAllBytes(out);
    }

    @Test
    void includingTokensAndCostWritesTheReportCoronerReportUsageWritesWithTheWindowsPrices(FxRobot robot)
            throws Exception {
        Path w = openAndSave(robot);
        Path fromWindow = dir.resolve("window.json");
        robot.interact(() -> review().export(fromWindow));
        WaitForAsyncUtils.waitForFxEvents();
        CheckBox cost = robot.lookup("#report-cost").queryAs(CheckBox.class);
        Label line = robot.lookup("#report-cost-line").queryAs(Label.class);
        assertFalse(cost.isSelected(), "off at first: the report as it always was");
        assertTrue(line.getText().startsWith("Tokens and cost are left out"), line.getText());
        robot.clickOn("#report-cost");
        WaitForAsyncUtils.waitForFxEvents();
        // claude-opus-4-7 at the file's prices: 2,000 × $4 + 500 × $20 + 10,000 × $5 per million = $0.068
        assertEquals("Runs cost at least $0.0680; dead runs $0.0680: RATE_LIMIT $0.0680.\n"
                + "Prices: the export test's prices, 2026-12-02 over LiteLLM model prices via ccusage 20.0.24, "
                + "2026-09-22.", line.getText());
        robot.clickOn("Write report");
        WaitForAsyncUtils.waitForFxEvents();
        byte[] window = Files.readAllBytes(fromWindow);
        assertArrayEquals(cli(dir.resolve("cli.json"), "--workspace", w.toString(), "--usage", "--prices",
                pricesFile.toString()), window, "one code path, one report, the same prices");
        String json = new String(window, StandardCharsets.UTF_8);
        assertTrue(json.contains("\"cost_usd\": 0.068000,"), json);
        assertTrue(json.contains("\"file\": \"prices.toml\""), "named by its file name, never its folder: " + json);
        assertFalse(json.contains(dir.toString()) || json.contains(pricesFile.getParent().toString()), json);
    }

    @Test
    void turnedOnAndOffAgainTheExportIsTheReportWithoutCost(FxRobot robot) throws Exception {
        Path w = openAndSave(robot);
        Path fromWindow = dir.resolve("window.html");
        robot.interact(() -> review().export(fromWindow));
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#report-cost");
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#report-cost");
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("Write report");
        WaitForAsyncUtils.waitForFxEvents();
        assertArrayEquals(cli(dir.resolve("cli.html"), "--workspace", w.toString()), Files.readAllBytes(fromWindow));
    }
}

package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.DemoCorpus;
import dev.coroner.app.ui.model.Tasks;
import dev.coroner.core.findings.FindingSources;
import dev.coroner.core.precursor.GrammarError;
import dev.coroner.core.read.ReadMeter;
import dev.coroner.fixtures.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The grammar panel, driven as a person drives it (docs/WORKBENCH.md, "The grammar panel"): shown from the View
 * menu's shortcut, typed into, its errors listed and fixed, saved into a dos.toml. Work runs on the FX thread (a
 * same-thread executor), so the re-judging a keystroke starts has finished when the robot returns.
 */
@ExtendWith(ApplicationExtension.class)
class GrammarPanelWindowTest {
    @TempDir
    static Path dir;

    private Workbench workbench;
    private Path grammar;

    @Start
    void start(Stage stage) throws Exception {
        Workbench.useTheme();
        grammar = dir.resolve("claude-code-" + System.nanoTime() + ".toml");
        Files.copy(Workbench.bundledGrammar(), grammar);
        workbench = new Workbench(Tasks.sameThread(), FindingSources.standard());
        workbench.setGrammar(grammar);
        stage.setScene(workbench.scene(1600, 900));
        stage.show();
    }

    @AfterEach
    void uninstall() {
        ReadMeter.install(null);
    }

    private void openDemo(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(DemoCorpus.DEMO)));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private CodeArea showPanel(FxRobot robot) {
        robot.clickOn(".timeline-table");
        robot.press(KeyCode.CONTROL, KeyCode.G).release(KeyCode.G, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        return robot.lookup(".grammar-editor").queryAs(CodeArea.class);
    }

    /** The findings panel's WARN chip, "" when there is none. */
    private static String warnChip(FxRobot robot) {
        return robot.lookup(".finding-chip").queryAllAs(Label.class).stream().map(Label::getText)
                .filter(t -> t.endsWith("WARN") || t.endsWith("WARNs")).findFirst().orElse("");
    }

    private static void typeAt(FxRobot robot, CodeArea area, int offset, String text) {
        robot.clickOn(area);
        robot.interact(() -> area.moveTo(offset));
        robot.write(text);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static List<String> styleAt(CodeArea area, int offset) {
        return List.copyOf(area.getStyleOfChar(offset));
    }

    @Test
    void theViewShortcutShowsTheGrammarColouredInTheDetailsPlaceAndHidesItAgain(FxRobot robot) throws Exception {
        openDemo(robot);
        CodeArea area = showPanel(robot);
        assertTrue(area.isVisible());
        String text = Files.readString(grammar);
        assertEquals(text, area.getText());
        assertTrue(styleAt(area, text.indexOf("[precursor]") + 1).contains("toml-table"));
        assertTrue(styleAt(area, text.indexOf("Edit =")).contains("toml-key"));
        assertTrue(styleAt(area, text.indexOf("\"Read\"")).contains("toml-string"));
        assertTrue(styleAt(area, 0).contains("toml-comment"));
        assertTrue(robot.lookup(".detail-panel").queryAll().isEmpty(), "in the detail's place, not a fourth column");
        double timelineX = robot.lookup(".timeline-table").query().localToScene(0, 0).getX();
        assertTrue(robot.lookup(".grammar-panel").query().localToScene(0, 0).getX() > timelineX, "right of the timeline");
        robot.press(KeyCode.CONTROL, KeyCode.G).release(KeyCode.G, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup(".grammar-panel").queryAll().isEmpty(), "hidden again");
        assertFalse(robot.lookup(".detail-panel").queryAll().isEmpty(), "and the detail is back");
    }

    @Test
    void typingARuleChangesTheWarnCountInTheWindowWithoutReadingAFile(FxRobot robot) {
        openDemo(robot);
        assertEquals("1 WARN", warnChip(robot).replaceAll("^\\D+", ""));
        CodeArea area = showPanel(robot);
        AtomicLong bytesRead = new AtomicLong();
        AtomicLong opened = new AtomicLong();
        ReadMeter.install(new ReadMeter.Reads() {
            @Override
            public void opened(Path path, Object channelId) {
                opened.incrementAndGet();
            }

            @Override
            public void read(Path path, Object channelId, long bytes) {
                bytesRead.addAndGet(bytes);
            }
        });
        typeAt(robot, area, area.getText().indexOf("MultiEdit"), "Bash = \"Read\"\n");
        String chip = warnChip(robot);
        assertFalse(chip.endsWith(" 1 WARN"), "the count changed: " + chip);
        long warns = Long.parseLong(chip.replaceAll("\\D+", ""));
        assertTrue(warns > 1, chip);
        assertEquals(0, bytesRead.get(), "no transcript was read to judge the new rule");
        assertEquals(0, opened.get(), "no transcript was even opened");
        List<String> changes = robot.lookup(".change-link").queryAllAs(Hyperlink.class).stream().map(Hyperlink::getText).toList();
        assertEquals(List.of("+" + (warns - 1) + " WARN"), changes, "the change against the saved grammar");
        long corpusColumn = workbench.corpus().transcripts().stream()
                .mapToLong(p -> workbench.corpus().node(p).warnsProperty().get()).sum();
        assertEquals(warns, corpusColumn, "the corpus WARN column follows");
        robot.clickOn(robot.lookup(".change-added").queryAs(Node.class));
        assertEquals("Bash", workbench.timeline().selectedRowProperty().get().tool(), "the link goes to a new WARN");
        assertFalse(robot.lookup(".grammar-changes").queryAs(ListView.class).getItems().isEmpty());
    }

    @Test
    void aBrokenTextShowsAllItsErrorsInPlaceAndThePreviousVerdictsStayUntilItLoadsAgain(FxRobot robot) throws Exception {
        openDemo(robot);
        CodeArea area = showPanel(robot);
        String before = warnChip(robot);
        int at = area.getText().indexOf("case_sensitive");
        typeAt(robot, area, at, "requries = 1\ncase_sensitve = true\n");
        @SuppressWarnings("unchecked")
        ListView<GrammarError> errors = robot.lookup(".grammar-errors").queryAs(ListView.class);
        assertEquals(2, errors.getItems().size(), "both mistakes at once: " + errors.getItems());
        assertTrue(styleAt(area, at).contains("grammar-error"), "the first is underlined where it is");
        int second = area.getText().indexOf("case_sensitve");
        assertTrue(styleAt(area, second + 3).contains("grammar-error"), "and the second");
        assertFalse(styleAt(area, area.getText().indexOf("Edit =")).contains("grammar-error"));
        assertEquals(before, warnChip(robot), "the verdicts of the last valid text stay");
        assertTrue(robot.lookup(".grammar-invalid").queryAs(Label.class).getText()
                .startsWith("2 errors: the verdicts shown are still those of the last text that loaded"));
        robot.clickOn(errors.lookupAll(".list-cell").stream().filter(n -> ((javafx.scene.control.ListCell<?>) n).getItem() != null)
                .skip(1).findFirst().orElseThrow());
        assertEquals(second, area.getCaretPosition(), "a click on an error puts the caret on it");
        robot.clickOn(robot.lookup(".grammar-fix").queryAs(Hyperlink.class)); // "use requires"
        assertTrue(area.getText().contains("requires = 1"), area.getText());
        assertFalse(errors.getItems().isEmpty(), "requires = 1 is not a table of rules either");
        assertTrue(errors.getItems().stream().noneMatch(e -> e.message().contains("requries")), errors.getItems().toString());
        robot.interact(() -> {
            while (area.isUndoAvailable()) {
                area.undo();
            }
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(Files.readString(grammar), area.getText(), "undone to the saved text");
        assertTrue(errors.getItems().isEmpty());
        assertEquals(before, warnChip(robot));
    }

    @Test
    void aTomlSyntaxErrorIsListedAndUnderlinedWhereItIsAndTheVerdictsStay(FxRobot robot) {
        openDemo(robot);
        CodeArea area = showPanel(robot);
        String before = warnChip(robot);
        int at = area.getText().indexOf("MultiEdit");
        typeAt(robot, area, at, "Bash = Read\n");
        @SuppressWarnings("unchecked")
        ListView<GrammarError> errors = robot.lookup(".grammar-errors").queryAs(ListView.class);
        assertFalse(errors.getItems().isEmpty());
        GrammarError first = errors.getItems().get(0);
        assertEquals(GrammarError.Kind.SYNTAX, first.kind());
        assertEquals(area.getText().substring(0, at).split("\n", -1).length, first.line(), "on the line typed");
        assertTrue(first.message().contains("put it in quotes"), first.message());
        int underlined = area.getText().indexOf("Read\n", at);
        assertTrue(styleAt(area, underlined).contains("grammar-error"), "underlined where it is");
        assertEquals(before, warnChip(robot), "the last valid text's verdicts stay");
        robot.interact(() -> area.moveTo(underlined));
        robot.write("\"");
        robot.interact(() -> area.moveTo(area.getText().indexOf("Read\n", at) + 4));
        robot.write("\"");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(errors.getItems().isEmpty(), errors.getItems().toString());
        assertFalse(styleAt(area, underlined).contains("grammar-error"));
        assertFalse(before.equals(warnChip(robot)), "valid again: judged by the new rule");
    }

    @Test
    void saveThenReloadRoundTripsADosTomlWithOtherTablesAndCommentsByteForByte(FxRobot robot) throws Exception {
        Path dos = dir.resolve("dos-" + System.nanoTime() + ".toml");
        byte[] original = Files.readAllBytes(Fixtures.path("precursor/dos.toml"));
        Files.write(dos, original);
        openDemo(robot);
        CodeArea area = showPanel(robot);
        robot.interact(() -> workbench.grammar().open(dos));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(new String(original, StandardCharsets.UTF_8), area.getText());
        robot.interact(() -> workbench.grammar().save());
        assertArrayEquals(original, Files.readAllBytes(dos), "unchanged, saved: the same bytes");
        typeAt(robot, area, area.getText().indexOf("Write = \"Read\""), "Bash = [\"Read\"]  # new\n");
        robot.interact(() -> workbench.grammar().save());
        byte[] expected = new String(original, StandardCharsets.UTF_8)
                .replace("Write = \"Read\"", "Bash = [\"Read\"]  # new\nWrite = \"Read\"").getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(expected, Files.readAllBytes(dos), "one line more; every other byte as it was");
        assertFalse(workbench.grammar().dirtyProperty().get());
        robot.interact(() -> workbench.grammar().open(Workbench.bundledGrammar()));
        robot.interact(() -> workbench.grammar().open(dos));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(new String(expected, StandardCharsets.UTF_8), area.getText(), "reloaded as saved");
    }

    @Test
    void aFileChangedOnDiskIsReloadedWhenTheTextHasNoUnsavedEdits(FxRobot robot) throws Exception {
        openDemo(robot);
        CodeArea area = showPanel(robot);
        String changed = Files.readString(grammar).replace("MultiEdit = [\"Read\"]", "MultiEdit = [\"Read\"]\nBash = [\"Read\"]");
        Files.writeString(grammar, changed);
        Files.setLastModifiedTime(grammar, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 5000));
        robot.interact(() -> workbench.grammar().checkDisk());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(changed, area.getText());
        assertTrue(Long.parseLong(warnChip(robot).replaceAll("\\D+", "")) > 1, "judged by the file as it is now");
    }
}

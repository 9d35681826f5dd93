package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.FindingItem;
import dev.coroner.core.findings.FindingKind;
import dev.coroner.core.workspace.Workspace;
import dev.coroner.fixtures.Fixtures;
import java.nio.file.Path;
import java.util.List;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * docs/WORKBENCH.md, "Filter bars": the corpus filter bar checks as you type (green, or red with the place and the
 * reason), completes field names and enum words from the keyboard, scopes "n of N shown", the chart and F8, and the
 * triage choices write their clauses into it and tick back from it.
 */
@ExtendWith(ApplicationExtension.class)
class FilterBarWindowTest {
    private static final Path WARNED = Fixtures.path("report/hostile-text.jsonl").toAbsolutePath().normalize();
    private static final Path PROMPT_ONLY = Fixtures.path("terminal/empty-prompt-only.jsonl").toAbsolutePath().normalize();
    private static final Path HEALTHY = Fixtures.path("terminal/healthy.jsonl").toAbsolutePath().normalize();
    static final PseudoClass VALID = PseudoClass.getPseudoClass("valid");
    static final PseudoClass INVALID = PseudoClass.getPseudoClass("invalid");
    private Workbench workbench;
    @org.junit.jupiter.api.io.TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        workbench = TestWindows.shown(stage, 1280, 720);
    }

    private void openThree(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(WARNED, PROMPT_ONLY, HEALTHY)));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private TextField field(FxRobot robot) {
        return robot.lookup(".corpus-filter .filter-field").queryAs(TextField.class);
    }

    static void type(FxRobot robot, TextField f, String text) {
        robot.clickOn(f);
        robot.interact(f::clear);
        robot.write(text);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Ctrl+Space in the corpus bar: its completion opens; the bar, to read the candidates. */
    static FilterBar complete(FxRobot robot) {
        robot.press(KeyCode.CONTROL).press(KeyCode.SPACE).release(KeyCode.SPACE).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        FilterBar bar = robot.lookup(".corpus-filter").queryAs(FilterBar.class);
        assertTrue(bar.completing(), "the completion is open");
        return bar;
    }

    static boolean has(Node n, PseudoClass p) {
        return n.getPseudoClassStates().contains(p);
    }

    @Test
    void aValidExpressionIsGreenAndScopesTheCorpusAnInvalidOneIsRedWithItsPlace(FxRobot robot) {
        openThree(robot);
        Label count = robot.lookup(".corpus-count").queryAs(Label.class);
        Label headline = robot.lookup(".chart-headline").queryAs(Label.class);
        assertEquals("3 transcripts", count.getText());
        String all = headline.getText();
        TextField f = field(robot);
        Label message = robot.lookup(".corpus-filter .filter-message").queryAs(Label.class);
        assertFalse(has(f, VALID) || has(f, INVALID), "an empty bar is neither");

        type(robot, f, "state == EMPTY");
        assertTrue(has(f, VALID), "green");
        assertFalse(has(f, INVALID));
        assertFalse(message.isVisible());
        assertEquals("1 of 3 shown", count.getText());
        assertNotEquals(all, headline.getText(), "the chart counts what is shown");
        assertTrue(headline.getText().startsWith("1 of 1"), headline.getText());

        // a mistake typed into the valid text: "state" loses its "e"
        robot.interact(() -> f.positionCaret(5));
        robot.type(KeyCode.BACK_SPACE);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("stat == EMPTY", f.getText());
        assertTrue(has(f, INVALID), "red");
        assertFalse(has(f, VALID));
        assertTrue(message.isVisible());
        assertEquals("1:1: unknown field 'stat': did you mean 'state'?", message.getText());
        assertEquals("1 of 3 shown", count.getText(), "the last filter that parsed stays in force");

        type(robot, f, "");
        assertEquals("3 transcripts", count.getText());
        assertEquals(all, headline.getText());
    }

    @Test
    void completionFromTheKeyboardGivesFieldNamesThenEnumWords(FxRobot robot) {
        openThree(robot);
        TextField f = field(robot);
        type(robot, f, "sta");
        FilterBar bar = complete(robot);
        assertEquals("state", bar.candidates().getItems().get(0));
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(bar.completing());
        assertEquals("state ", f.getText());
        robot.write("== SY");
        robot.press(KeyCode.CONTROL).press(KeyCode.SPACE).release(KeyCode.SPACE).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("SYNTHETIC", bar.candidates().getItems().get(0));
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("state == SYNTHETIC ", f.getText());
        assertTrue(has(f, VALID));
        assertEquals("0 of 3 shown", robot.lookup(".corpus-count").queryAs(Label.class).getText());
    }

    @Test
    void f8FollowsATypedFilterAndTheTriageChoicesWriteAndReadTheirClauses(FxRobot robot) {
        openThree(robot);
        TextField f = field(robot);
        type(robot, f, "warns > 0");
        Label count = robot.lookup(".corpus-count").queryAs(Label.class);
        assertEquals("1 of 3 shown", count.getText());
        assertTrue(workbench.triage().corpus().withWarnsProperty().get(), "the typed clause ticks the WARN choice");
        FindingItem warn = workbench.findings().items().stream()
                .filter(i -> i.finding().kind() == FindingKind.WARN).findFirst().orElseThrow();
        robot.interact(() -> workbench.findings().select(warn));
        WaitForAsyncUtils.waitForFxEvents();
        // the EMPTY death sorts before the WARN in the findings: without the filter F8 wraps round to it
        robot.clickOn(".timeline-table");
        for (int i = 0; i < 3; i++) {
            robot.type(KeyCode.F8);
            WaitForAsyncUtils.waitForFxEvents();
            assertEquals(WARNED, workbench.timeline().pathProperty().get(), "F8 left the filtered list");
        }
        // unticking the choice takes its clause out of the bar; another choice writes its own
        robot.interact(() -> workbench.triage().corpus().withWarnsProperty().set(false));
        assertEquals("", f.getText());
        assertEquals("3 transcripts", count.getText());
        robot.type(KeyCode.F8);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(PROMPT_ONLY, workbench.timeline().pathProperty().get(), "no filter: every finding again");
        robot.interact(() -> workbench.triage().corpus().stateProperty()
                .set(dev.coroner.app.ui.model.CorpusTriage.StateChoice.EMPTY));
        assertEquals("state == EMPTY", f.getText());
        assertTrue(has(f, VALID));
        type(robot, f, "state == EMPTY and harness == CLAUDE_CODE");
        assertEquals(dev.coroner.app.ui.model.CorpusTriage.HarnessChoice.CLAUDE_CODE,
                workbench.triage().corpus().harnessProperty().get());
        robot.interact(() -> workbench.triage().corpus().clear());
        assertEquals("", f.getText());
        assertEquals("3 transcripts", count.getText());
    }

    @Test
    void theBarsSavedFiltersAndColouringRulesComeBackWithAWorkspace(FxRobot robot) throws Exception {
        openThree(robot);
        var book = workbench.triage().book();
        robot.interact(() -> {
            workbench.triage().corpus().where().textProperty().set("state == EMPTY");
            workbench.timeline().filters().where().textProperty().set("tool_error");
            book.save(new Workspace.SavedFilter("empties", "transcript", "state == EMPTY"));
            book.colouring().add(new Workspace.ColourRule("tool_error", "red"));
        });
        Path file = dir.resolve("case.coroner.json");
        robot.interact(() -> ((MainView) workbench.root()).review.save(file));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(java.nio.file.Files.readString(file).contains("\"filters\": {"));
        robot.interact(() -> {
            workbench.triage().corpus().clear();
            workbench.timeline().clearFilters();
            book.saved().clear();
            book.colouring().clear();
        });
        assertEquals("", field(robot).getText());
        robot.interact(() -> workbench.open(List.of(file)));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("state == EMPTY", field(robot).getText());
        assertEquals("tool_error", workbench.timeline().filters().where().textProperty().get());
        assertEquals(List.of(new Workspace.SavedFilter("empties", "transcript", "state == EMPTY")), book.saved());
        assertEquals(List.of(new Workspace.ColourRule("tool_error", "red")), book.colouring());
        assertEquals("1 of 3 shown", robot.lookup(".corpus-count").queryAs(Label.class).getText());
    }
}

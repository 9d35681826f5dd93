package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static dev.coroner.app.ui.FilterBarWindowTest.type;

import dev.coroner.app.ui.model.CorpusTriage;
import dev.coroner.fixtures.Fixtures;
import java.nio.file.Path;
import java.util.List;
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
 * The corpus filter bar's usage fields (issue 35; docs/FILTER.md, "usage"): typed into the bar, they keep the rows whose
 * Tokens and Cost columns show such figures, a session's rolled up with its sub-agents'. On the cost fixtures at the
 * bundled prices (docs/COST.md; the same figures {@code coroner cost} prints): dead-rate-limit $0.085; the session
 * 5e551011… its own $0.0126, with its sub-agents $0.0336 (a1 $0.006, the dead b2 $0.015); streamed $0.003063; codex
 * $0.0046; unknown-model no price.
 */
@ExtendWith(ApplicationExtension.class)
class CostFilterWindowTest {
    private static final Path COST = Fixtures.path("cost").toAbsolutePath().normalize();
    private static final Path DEAD = COST.resolve("dead-rate-limit.jsonl");
    private static final Path SESSION = COST.resolve("subagents/5e551011-0000-4000-8000-0000000000a0.jsonl");
    private static final Path SUB_A1 = COST.resolve(
            "subagents/5e551011-0000-4000-8000-0000000000a0/subagents/agent-a5e55a1.jsonl");
    private static final Path SUB_B2 = COST.resolve(
            "subagents/5e551011-0000-4000-8000-0000000000a0/subagents/agent-a5e55b2.jsonl");
    private static final Path STREAMED = COST.resolve("streamed.jsonl");
    private static final Path CODEX = COST.resolve("codex-tokens.jsonl");
    private static final Path UNKNOWN = COST.resolve("unknown-model.jsonl");
    private static final List<Path> ALL = List.of(DEAD, SESSION, SUB_A1, SUB_B2, STREAMED, CODEX, UNKNOWN);
    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = TestWindows.shown(stage, 1280, 720);
    }

    private List<Path> shown() {
        CorpusTriage triage = workbench.triage().corpus();
        return ALL.stream().filter(triage::shows).toList();
    }

    @Test
    void typingCostUsdKeepsTheRowsThatCostMoreASessionWithItsSubAgents(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(COST)));
        WaitForAsyncUtils.waitForFxEvents();
        Label count = robot.lookup(".corpus-count").queryAs(Label.class);
        assertEquals("7 transcripts", count.getText());
        TextField f = robot.lookup(".corpus-filter .filter-field").queryAs(TextField.class);

        type(robot, f, "cost_usd > 0.01");
        assertTrue(FilterBarWindowTest.has(f, FilterBarWindowTest.VALID), "green");
        assertEquals(List.of(DEAD, SESSION, SUB_B2), shown());
        assertEquals("3 of 7 shown", count.getText());

        // $0.02 is more than the session's own $0.0126 and less than its $0.0336 with its sub-agents: the Cost column's
        // figure, so the session stays; its sub-agents ($0.006, $0.015) do not
        type(robot, f, "cost_usd > 0.02");
        assertEquals(List.of(DEAD, SESSION), shown());
        // a model with no price: no figure, so no comparison holds; it is found by its name
        type(robot, f, "cost_usd < 0.005");
        assertEquals(List.of(STREAMED, CODEX), shown());
        type(robot, f, "unpriced_models contains claude-imaginary-9 and not cost_usd");
        assertEquals(List.of(UNKNOWN), shown());
        // the session's models and tokens are its sub-agents' with its own: 400 + 1,000 + 3,000 input tokens
        type(robot, f, "input_tokens == 4400 and models contains claude-sonnet-4-6 and kind == SESSION");
        assertEquals(List.of(SESSION), shown());
        type(robot, f, "models contains gpt-5.4 and cache_read_tokens >= 1800 and session matches \"^019a4e30\"");
        assertEquals(List.of(CODEX), shown());
    }

    @Test
    void aFilterTypedBeforeTheCorpusIsOpenedKeepsTheRowsOnceTheyArePriced(FxRobot robot) {
        // the usage fields come after the verdicts (a row is priced once analysed): the bar applies its filter again
        TextField f = robot.lookup(".corpus-filter .filter-field").queryAs(TextField.class);
        type(robot, f, "cost_usd > 0.01");
        robot.interact(() -> workbench.open(List.of(COST)));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(DEAD, SESSION, SUB_B2), shown());
        assertEquals("3 of 7 shown", robot.lookup(".corpus-count").queryAs(Label.class).getText());
        List<Path> rows = new java.util.ArrayList<>();
        javafx.scene.control.TreeTableView<?> tree = robot.lookup(".corpus-tree")
                .queryAs(javafx.scene.control.TreeTableView.class);
        for (int i = 0; i < tree.getExpandedItemCount(); i++) {
            Object n = tree.getTreeItem(i).getValue();
            if (n instanceof dev.coroner.app.ui.model.CorpusNode c && c.path() != null) {
                rows.add(c.path());
            }
        }
        assertTrue(rows.containsAll(List.of(DEAD, SESSION)) && !rows.contains(STREAMED) && !rows.contains(UNKNOWN),
                "the tree shows " + rows);
    }

    @Test
    void completionOffersTheUsageFields(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(COST)));
        WaitForAsyncUtils.waitForFxEvents();
        TextField f = robot.lookup(".corpus-filter .filter-field").queryAs(TextField.class);
        type(robot, f, "cost_");
        FilterBar bar = FilterBarWindowTest.complete(robot);
        assertEquals("cost_usd", bar.candidates().getItems().get(0));
        robot.type(KeyCode.ENTER);
        robot.write("> 0.05");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("cost_usd > 0.05", f.getText());
        assertEquals(List.of(DEAD), shown());
    }
}

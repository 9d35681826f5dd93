package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.CorpusNode;
import dev.coroner.app.ui.model.CorpusTriage;
import dev.coroner.app.ui.model.StyledText;
import dev.coroner.app.ui.model.TimelineRow;
import dev.coroner.fixtures.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeTableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A Codex CLI rollout reads in the window as a Claude Code transcript does (issue 31): its rows say what each record
 * is, its token counts fold by default, an {@code apply_patch} shows as a diff and an {@code exec_command} as code, and
 * the corpus names each transcript's harness and filters by it. The rollout has Codex CLI 0.130's shapes; its values
 * are made up.
 */
@ExtendWith(ApplicationExtension.class)
class CodexRolloutWindowTest {
    private static final Path CLAUDE = Fixtures.path("terminal/synthetic-auth-401.jsonl").toAbsolutePath().normalize();
    private static final String PATCH = "*** Begin Patch\\n*** Update File: src/sync.go\\n@@ func Run\\n-\\treturn nil\\n"
            + "+\\treturn err\\n*** End Patch\\n";
    private static final List<String> ROLLOUT = List.of(
            "{\"timestamp\":\"2026-05-01T10:00:00.000Z\",\"type\":\"session_meta\",\"payload\":{\"id\":\"019e-0001\","
                    + "\"timestamp\":\"2026-05-01T10:00:00.000Z\",\"cwd\":\"/work/sync\",\"originator\":\"codex_cli_rs\","
                    + "\"cli_version\":\"0.130.0\",\"source\":\"cli\",\"model_provider\":\"openai\","
                    + "\"base_instructions\":{\"text\":\"You are Codex, a coding agent. (long instructions)\"}}}",
            "{\"timestamp\":\"2026-05-01T10:00:01.000Z\",\"type\":\"event_msg\",\"payload\":{\"type\":\"task_started\","
                    + "\"turn_id\":\"t1\",\"model_context_window\":258400}}",
            "{\"timestamp\":\"2026-05-01T10:00:01.100Z\",\"type\":\"turn_context\",\"payload\":{\"turn_id\":\"t1\","
                    + "\"cwd\":\"/work/sync\",\"approval_policy\":\"never\",\"sandbox_policy\":{\"type\":\"workspace-write\"},"
                    + "\"model\":\"gpt-5.4\"}}",
            "{\"timestamp\":\"2026-05-01T10:00:01.200Z\",\"type\":\"response_item\",\"payload\":{\"type\":\"message\","
                    + "\"role\":\"user\",\"content\":[{\"type\":\"input_text\",\"text\":\"Make Run return its error\"}]}}",
            "{\"timestamp\":\"2026-05-01T10:00:01.300Z\",\"type\":\"event_msg\",\"payload\":{\"type\":\"user_message\","
                    + "\"message\":\"Make Run return its error\",\"images\":[]}}",
            "{\"timestamp\":\"2026-05-01T10:00:03.000Z\",\"type\":\"response_item\",\"payload\":{\"type\":\"reasoning\","
                    + "\"summary\":[{\"type\":\"summary_text\",\"text\":\"**Reading Run first**\"}],"
                    + "\"encrypted_content\":\"gAAAA\"}}",
            "{\"timestamp\":\"2026-05-01T10:00:03.100Z\",\"type\":\"response_item\",\"payload\":{\"type\":\"function_call\","
                    + "\"name\":\"exec_command\",\"arguments\":\"{\\\"cmd\\\":\\\"sed -n '1,80p' src/sync.go\\\","
                    + "\\\"workdir\\\":\\\"/work/sync\\\",\\\"yield_time_ms\\\":1000}\",\"call_id\":\"call_r1\"}}",
            "{\"timestamp\":\"2026-05-01T10:00:03.300Z\",\"type\":\"response_item\",\"payload\":{\"type\":\"function_call_output\","
                    + "\"call_id\":\"call_r1\",\"output\":\"Chunk ID: 0a1b2c\\nWall time: 0.0102 seconds\\n"
                    + "Process exited with code 0\\nOriginal token count: 12\\nOutput:\\npackage sync\\n\"}}",
            "{\"timestamp\":\"2026-05-01T10:00:03.400Z\",\"type\":\"event_msg\",\"payload\":{\"type\":\"token_count\","
                    + "\"info\":{\"total_token_usage\":{\"total_tokens\":9100},\"last_token_usage\":{\"total_tokens\":9100},"
                    + "\"model_context_window\":258400},\"rate_limits\":null}}",
            "{\"timestamp\":\"2026-05-01T10:00:05.000Z\",\"type\":\"response_item\",\"payload\":{\"type\":\"custom_tool_call\","
                    + "\"status\":\"completed\",\"call_id\":\"call_p1\",\"name\":\"apply_patch\",\"input\":\"" + PATCH + "\"}}",
            "{\"timestamp\":\"2026-05-01T10:00:05.200Z\",\"type\":\"response_item\",\"payload\":{\"type\":\"custom_tool_call_output\","
                    + "\"call_id\":\"call_p1\",\"output\":\"Exit code: 0\\nWall time: 0 seconds\\nOutput:\\n"
                    + "Success. Updated the following files:\\nM src/sync.go\\n\"}}",
            "{\"timestamp\":\"2026-05-01T10:00:05.300Z\",\"type\":\"event_msg\",\"payload\":{\"type\":\"token_count\","
                    + "\"info\":{\"total_token_usage\":{\"total_tokens\":9800},\"last_token_usage\":{\"total_tokens\":700},"
                    + "\"model_context_window\":258400},\"rate_limits\":null}}",
            "{\"timestamp\":\"2026-05-01T10:00:07.000Z\",\"type\":\"response_item\",\"payload\":{\"type\":\"message\","
                    + "\"role\":\"assistant\",\"content\":[{\"type\":\"output_text\",\"text\":\"Run now returns its error.\"}]}}",
            "{\"timestamp\":\"2026-05-01T10:00:07.100Z\",\"type\":\"event_msg\",\"payload\":{\"type\":\"token_count\","
                    + "\"info\":{\"total_token_usage\":{\"total_tokens\":10100},\"last_token_usage\":{\"total_tokens\":300},"
                    + "\"model_context_window\":258400},\"rate_limits\":null}}",
            "{\"timestamp\":\"2026-05-01T10:00:07.200Z\",\"type\":\"event_msg\",\"payload\":{\"type\":\"task_complete\","
                    + "\"turn_id\":\"t1\",\"last_agent_message\":\"Run now returns its error.\",\"duration_ms\":6200}}");
    /** The lines of the calls the detail is asked for. */
    private static final long EXEC_LINE = 7;
    private static final long PATCH_LINE = 10;

    @TempDir
    Path dir;
    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = TestWindows.shown(stage, 1400, 900);
    }

    private Path rollout() throws Exception {
        Path p = dir.resolve("rollout-2026-05-01T10-00-00-019e-0001.jsonl");
        Files.writeString(p, String.join("\n", ROLLOUT) + "\n", StandardCharsets.UTF_8);
        return p;
    }

    private void show(FxRobot robot, Path p, long line) {
        robot.interact(() -> workbench.open(List.of(p)));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> workbench.navigator().goTo(p, line));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @SuppressWarnings("unchecked")
    private static List<TimelineRow> rows(FxRobot robot) {
        return new ArrayList<>(robot.lookup(".timeline-table").queryAs(TableView.class).getItems());
    }

    private static String summaryOf(List<TimelineRow> rows, long line) {
        return rows.stream().filter(r -> r.line() == line).findFirst().orElseThrow().summaryProperty().get();
    }

    @Test
    void aRolloutOpensWithItsRowsSayingWhatTheyAreAndItsTokenCountsFolded(FxRobot robot) throws Exception {
        Path p = rollout();
        show(robot, p, 1);
        List<TimelineRow> rows = rows(robot);
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 10L, 11L, 13L, 15L),
                rows.stream().map(TimelineRow::line).toList(), "the three token counts (lines 9, 12, 14) are folded");
        assertEquals("session 019e-0001 · cli · codex_cli_rs · 0.130.0 · /work/sync", summaryOf(rows, 1));
        assertEquals("▶ turn started · context 258,400", summaryOf(rows, 2));
        assertEquals("exec_command · sed -n '1,80p' src/sync.go", summaryOf(rows, EXEC_LINE));
        assertEquals("exit 0 · package sync", summaryOf(rows, 8));
        assertEquals("apply_patch · U src/sync.go", summaryOf(rows, PATCH_LINE));
        assertEquals("Run now returns its error.", summaryOf(rows, 13));
        assertTrue(summaryOf(rows, 15).startsWith("■ turn complete · 6.2 s"), summaryOf(rows, 15));
        String info = robot.lookup(".match-info").queryAs(Label.class).getText();
        assertEquals("12 of 15 rows · token counts folded", info);

        robot.interact(() -> workbench.timeline().filters().tokenCountsProperty().set(true));
        rows = rows(robot);
        assertEquals(15, rows.size(), "View ▸ Token counts shows them");
        assertEquals("tokens 9,800 · last 700 · context 258,400", summaryOf(rows, 12));
    }

    @Test
    void anApplyPatchIsADiffAndAnExecCommandIsCode(FxRobot robot) throws Exception {
        Path p = rollout();
        show(robot, p, PATCH_LINE);
        StyledText patch = workbench.detail().detailProperty().get().message();
        assertStyled(patch, "*** Update File: src/sync.go", "block-title");
        assertStyled(patch, "-\treturn nil", "diff-block");
        assertStyled(patch, "+\treturn err", "diff-program");

        robot.interact(() -> workbench.navigator().goTo(p, EXEC_LINE));
        WaitForAsyncUtils.waitForFxEvents();
        StyledText exec = workbench.detail().detailProperty().get().message();
        assertTrue(exec.text().startsWith("exec_command · call_r1\nsed -n '1,80p' src/sync.go\n"), exec.text());
        assertStyled(exec, "sed -n '1,80p' src/sync.go", "fence");
        assertStyled(exec, "'1,80p'", "code-string");

        robot.interact(() -> workbench.navigator().goTo(p, 8));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(workbench.detail().detailProperty().get().message().text().startsWith("output · call_r1 · exit code 0\n"),
                workbench.detail().detailProperty().get().message().text());
    }

    @SuppressWarnings("unchecked")
    @Test
    void theHarnessIsAColumnAndAFilterThatHidesTheOtherHarness(FxRobot robot) throws Exception {
        Path p = rollout();
        robot.interact(() -> workbench.open(List.of(p)));
        WaitForAsyncUtils.waitForFxEvents();
        TreeTableView<CorpusNode> tree = robot.lookup(".corpus-tree").queryAs(TreeTableView.class);
        assertEquals(List.of("rollout-2026-05-01T10-00-00-019e-0001.jsonl"), names(tree));
        assertFalse(harnessColumn(tree).isVisible(), "a corpus of one harness keeps the column's width for its names");
        double names = tree.getColumns().get(0).getWidth();

        robot.interact(() -> workbench.open(List.of(CLAUDE)));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(harnessColumn(tree).isVisible(), "a mixed corpus shows the harness column");
        // and the panel widens by it: the names keep their room (they had shrunk to a few letters)
        assertEquals(names, tree.getColumns().get(0).getWidth(), 4, "the names' column keeps its width");
        assertTrue(robot.lookup(".harness-column").queryAll().stream().anyMatch(n -> n instanceof javafx.scene.control.Labeled l
                && "Codex".equals(l.getText())), "the Codex rollout's row says Codex");
        assertEquals(List.of("rollout-2026-05-01T10-00-00-019e-0001.jsonl", "synthetic-auth-401.jsonl"), names(tree));

        robot.clickOn(".triage-toggle");
        ChoiceBox<CorpusTriage.HarnessChoice> harness = robot.lookup(".triage-harness").queryAs(ChoiceBox.class);
        robot.interact(() -> harness.setValue(CorpusTriage.HarnessChoice.CODEX));
        assertEquals(List.of("rollout-2026-05-01T10-00-00-019e-0001.jsonl"), names(tree));
        assertEquals("1 of 2 shown", workbench.triage().corpus().count());
        robot.interact(() -> harness.setValue(CorpusTriage.HarnessChoice.CLAUDE_CODE));
        assertEquals(List.of("synthetic-auth-401.jsonl"), names(tree));
        robot.clickOn(".triage-clear");
        assertEquals(2, names(tree).size(), "× lets both harnesses through again");
    }

    private static javafx.scene.control.TreeTableColumn<CorpusNode, ?> harnessColumn(TreeTableView<CorpusNode> t) {
        return t.getColumns().stream().filter(c -> "Harness".equals(c.getText())).findFirst().orElseThrow();
    }

    private static List<String> names(TreeTableView<CorpusNode> t) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < t.getExpandedItemCount(); i++) {
            CorpusNode n = t.getTreeItem(i).getValue();
            if (n != null && n.path() != null) {
                out.add(n.name());
            }
        }
        out.sort(null);
        return out;
    }

    /** {@code what} is in the text and a run of {@code style} covers it. */
    private static void assertStyled(StyledText t, String what, String style) {
        int at = t.text().indexOf(what);
        assertTrue(at >= 0, () -> "no «" + what + "» in " + t.text());
        assertNotNull(t.runs().stream().filter(r -> r.styleClass().equals(style) && r.start() <= at
                && r.end() >= at + what.length()).findFirst().orElse(null), () -> "«" + what + "» is not " + style
                + ": " + t.runs());
        assertFalse(what.isEmpty());
    }
}

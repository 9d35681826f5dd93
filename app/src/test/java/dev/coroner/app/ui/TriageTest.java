package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.CorpusNode;
import dev.coroner.app.ui.model.CorpusSearch;
import dev.coroner.app.ui.model.CorpusTriage;
import dev.coroner.app.ui.model.DemoCorpus;
import dev.coroner.app.ui.model.FindingGroup;
import dev.coroner.core.findings.FindingKind;
import dev.coroner.core.terminal.TerminalClass;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.fixtures.Fixtures;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Triage at scale (docs/WORKBENCH.md, "Triage"), driven through the window: the corpus filters, the flat list
 * sorted across sessions, deaths by class on the chart, the corpus-wide search and its result list, the findings
 * chips that filter the findings. The demo corpus (two RATE_LIMIT deaths) plus an AUTH death and a prompt nothing
 * answered (an EMPTY death; a 0-byte file would hold no run, and is no death).
 */
@ExtendWith(ApplicationExtension.class)
class TriageTest {
    private static final Path AUTH = Fixtures.path("terminal/synthetic-auth-401.jsonl").toAbsolutePath().normalize();
    private static final Path EMPTY = Fixtures.path("terminal/empty-prompt-only.jsonl").toAbsolutePath().normalize();
    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = TestWindows.shown(stage, 1400, 900);
    }

    private void openAll(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(DemoCorpus.DEMO, AUTH, EMPTY)));
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn(".triage-toggle"); // the filters fold under one button
    }

    @SuppressWarnings("unchecked")
    private static TreeTableView<CorpusNode> tree(FxRobot robot) {
        return robot.lookup(".corpus-tree").queryAs(TreeTableView.class);
    }

    /** Every transcript row of the corpus tree, top to bottom, as the tree holds them now. */
    private static List<CorpusNode> shown(FxRobot robot) {
        List<CorpusNode> out = new ArrayList<>();
        TreeTableView<CorpusNode> t = tree(robot);
        for (int i = 0; i < t.getExpandedItemCount(); i++) {
            CorpusNode n = t.getTreeItem(i).getValue();
            if (n.path() != null) {
                out.add(n);
            }
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static <T> ChoiceBox<T> choice(FxRobot robot, String css) {
        return robot.lookup(css).queryAs(ChoiceBox.class);
    }

    @Test
    void theStateFilterLeavesTheDeadWithTheSessionsTheyBelongTo(FxRobot robot) {
        openAll(robot);
        assertEquals(8, shown(robot).size());
        ChoiceBox<CorpusTriage.StateChoice> state = choice(robot, ".triage-state");
        robot.interact(() -> state.setValue(CorpusTriage.StateChoice.DEAD));
        List<CorpusNode> rows = shown(robot);
        // the demo session is HEALTHY but stays as the parent of its two dead sub-agents; the other session goes
        assertEquals(List.of("7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b.jsonl", "agent-a3c5e7a9b1d3f5e70.jsonl",
                "agent-a7b2d4f6e8c0a1b30.jsonl", "synthetic-auth-401.jsonl", "empty-prompt-only.jsonl"),
                rows.stream().map(CorpusNode::name).toList());
        robot.interact(() -> state.setValue(CorpusTriage.StateChoice.ALL_CLEAR));
        robot.clickOn(".triage-flat"); // the tree keeps a session as the parent of rows that pass; the flat list does not
        assertTrue(shown(robot).stream().allMatch(n -> n.stateProperty().get() == TerminalState.HEALTHY
                && n.foldsDeadProperty().get() == 0), "all clear is never a parent that folds dead sub-agents");
        assertFalse(shown(robot).stream().anyMatch(n -> n.name().startsWith("7f3c2a10")),
                "the session that folds two dead sub-agents is not all clear");
        robot.clickOn(".triage-clear");
        assertEquals(8, shown(robot).size(), "× lets every transcript through again");
    }

    @Test
    void classKindWarnAndUnmatchedFiltersEachKeepOnlyWhatTheySay(FxRobot robot) {
        openAll(robot);
        ChoiceBox<TerminalClass> cls = choice(robot, ".triage-class");
        robot.interact(() -> cls.setValue(TerminalClass.AUTH));
        assertEquals(List.of("synthetic-auth-401.jsonl"), shown(robot).stream().map(CorpusNode::name).toList());
        robot.interact(() -> cls.setValue(null));

        ChoiceBox<CorpusTriage.KindChoice> kind = choice(robot, ".triage-kind");
        robot.interact(() -> kind.setValue(CorpusTriage.KindChoice.SUBAGENTS));
        robot.clickOn(".triage-flat"); // flat: no session rows kept as context
        assertEquals(4, shown(robot).size());
        assertTrue(shown(robot).stream().allMatch(n -> n.kind() == CorpusNode.Kind.SUBAGENT));
        robot.interact(() -> kind.setValue(CorpusTriage.KindChoice.ANY));

        robot.clickOn(".triage-warns");
        List<CorpusNode> warned = shown(robot);
        assertFalse(warned.isEmpty());
        assertTrue(warned.size() < 8 && warned.stream().allMatch(n -> n.warnsProperty().get() > 0), names(warned));
        robot.clickOn(".triage-warns");
        robot.clickOn(".triage-unmatched");
        List<CorpusNode> unmatched = shown(robot);
        assertFalse(unmatched.isEmpty());
        assertTrue(unmatched.size() < 8 && unmatched.stream().allMatch(n -> n.blocksUnmatchedProperty().get() > 0),
                names(unmatched));
    }

    @Test
    void theFlatListSortsTranscriptsAcrossSessions(FxRobot robot) {
        openAll(robot);
        robot.clickOn(".triage-flat");
        assertTrue(robot.lookup(".triage-flat").queryAs(ToggleButton.class).isSelected());
        TreeTableView<CorpusNode> t = tree(robot);
        assertTrue(t.getRoot().getChildren().stream().allMatch(TreeItem::isLeaf), "one flat list, no session rows");
        assertEquals(8, t.getRoot().getChildren().size());
        TreeTableColumn<CorpusNode, ?> state = t.getColumns().stream()
                .filter(c -> c.getText().startsWith("State")).findFirst().orElseThrow();
        robot.interact(() -> {
            t.getSortOrder().setAll(List.of(state));
            t.sort();
        });
        // sorted as a whole: the SYNTHETIC sub-agents of the demo session and the AUTH session side by side on top
        List<String> top = shown(robot).subList(0, 3).stream().map(CorpusNode::name).sorted().toList();
        assertEquals(List.of("agent-a3c5e7a9b1d3f5e70.jsonl", "agent-a7b2d4f6e8c0a1b30.jsonl",
                "synthetic-auth-401.jsonl"), top);
        robot.clickOn(".triage-flat");
        assertFalse(t.getRoot().getChildren().stream().allMatch(TreeItem::isLeaf), "the session tree is back");
    }

    @Test
    void theChartBreaksDeathsDownByClassAndAClassFiltersTheCorpus(FxRobot robot) {
        openAll(robot);
        List<String> classes = robot.lookup(".chart-death-class").queryAllAs(Hyperlink.class).stream()
                .map(h -> h.getText().replaceFirst(" · .*", "")).toList(); // the dollars: CostWindowTest
        assertEquals(List.of("RATE_LIMIT 2", "AUTH 1", "EMPTY 1"), classes);
        Hyperlink rate = robot.lookup(".chart-death-class").queryAllAs(Hyperlink.class).stream()
                .filter(h -> h.getText().startsWith("RATE_LIMIT")).findFirst().orElseThrow();
        robot.clickOn(rate);
        assertEquals(List.of("agent-a3c5e7a9b1d3f5e70.jsonl", "agent-a7b2d4f6e8c0a1b30.jsonl"),
                shown(robot).stream().filter(n -> n.kind() == CorpusNode.Kind.SUBAGENT).map(CorpusNode::name).toList());
        assertFalse(shown(robot).stream().anyMatch(n -> n.name().equals("synthetic-auth-401.jsonl")));
    }

    @Test
    void theCorpusSearchListsWhereTheTextIsAndAResultGoesThere(FxRobot robot) {
        openAll(robot);
        TextField query = robot.lookup(".corpus-search").queryAs(TextField.class);
        robot.clickOn(query).write("resets 12am").type(javafx.scene.input.KeyCode.ENTER);
        @SuppressWarnings("unchecked")
        ListView<CorpusSearch.Hit> results = robot.lookup(".corpus-search-results").queryAs(ListView.class);
        assertTrue(results.isVisible());
        // first what memory holds (the dead agent's verdict and finding), then the lines of the records that hold it
        List<CorpusSearch.Hit> memory = results.getItems().stream().filter(h -> !h.where().equals("record")).toList();
        List<CorpusSearch.Hit> records = results.getItems().stream().filter(h -> h.where().equals("record")).toList();
        assertFalse(memory.isEmpty());
        assertTrue(memory.stream().allMatch(h -> h.path().equals(DemoCorpus.DEAD_EXPORT)), memory.toString());
        assertEquals(memory, results.getItems().subList(0, memory.size()), "memory's hits come first");
        List<String> lines = records.stream().map(h -> h.path().getFileName() + ":" + h.line()).toList();
        assertTrue(lines.contains("agent-a7b2d4f6e8c0a1b30.jsonl:6"), lines.toString());
        assertTrue(lines.contains("7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b.jsonl:14"), "the audit quotes it: " + lines);
        assertTrue(records.stream().allMatch(h -> h.text().toLowerCase(java.util.Locale.ROOT).contains("resets 12am")));
        String info = robot.lookup(".corpus-search-info").queryAs(Label.class).getText();
        int n = memory.size();
        long files = records.stream().map(CorpusSearch.Hit::path).distinct().count();
        assertEquals(n + (n == 1 ? " match" : " matches") + " in 1 transcript · " + records.size() + " lines in "
                + files + " transcripts' records", info);
        robot.interact(() -> workbench.navigator().goTo(DemoCorpus.SESSION, 0));
        robot.interact(() -> results.getSelectionModel().select(0));
        assertEquals(DemoCorpus.DEAD_EXPORT, workbench.timeline().pathProperty().get(), "the result goes to its transcript");
        CorpusSearch.Hit audit = records.stream().filter(h -> h.path().equals(DemoCorpus.SESSION) && h.line() == 14)
                .findFirst().orElseThrow();
        robot.interact(() -> results.getSelectionModel().select(audit));
        assertEquals(DemoCorpus.SESSION, workbench.timeline().pathProperty().get());
        assertEquals(14, workbench.timeline().selectedRowProperty().get().line(), "and to the record's line");
    }

    @Test
    void aTextOnlyARecordHoldsIsFoundInTheRecordsAndSaidSo(FxRobot robot) {
        openAll(robot);
        TextField query = robot.lookup(".corpus-search").queryAs(TextField.class);
        robot.clickOn(query).write("REQUEST.ARGS").type(javafx.scene.input.KeyCode.ENTER);
        String info = robot.lookup(".corpus-search-info").queryAs(Label.class).getText();
        assertTrue(info.startsWith("no match in names, prompts, verdicts or findings · "), info);
        assertTrue(info.matches(".* · \\d+ lines in \\d+ transcripts' records"), info);
        robot.clickOn(query).eraseText(12).write("no such words anywhere").type(javafx.scene.input.KeyCode.ENTER);
        assertEquals("no match in names, prompts, verdicts, findings or records",
                robot.lookup(".corpus-search-info").queryAs(Label.class).getText());
    }

    @Test
    void aChipShowsOnlyItsKindOfFindingAndAgainShowsThemAll(FxRobot robot) {
        openAll(robot);
        TreeTableView<?> findings = robot.lookup(".findings-tree").queryAs(TreeTableView.class);
        int kinds = findings.getRoot().getChildren().size();
        assertTrue(kinds > 1);
        Label warns = robot.lookup(".finding-chip").queryAllAs(Label.class).stream()
                .filter(l -> l.getText().endsWith("WARN") || l.getText().endsWith("WARNs")).findFirst().orElseThrow();
        robot.clickOn(warns);
        assertEquals(1, findings.getRoot().getChildren().size());
        assertEquals(FindingKind.WARN, ((FindingGroup) findings.getRoot().getChildren().get(0).getValue()).kind());
        assertEquals(10, workbench.timeline().selectedRowProperty().get().line(), "and goes to the first WARN");
        robot.clickOn(robot.lookup(".finding-chip").queryAllAs(Label.class).stream()
                .filter(l -> l.getText().endsWith("WARN") || l.getText().endsWith("WARNs")).findFirst().orElseThrow());
        assertEquals(kinds, findings.getRoot().getChildren().size());
    }

    private static String names(List<CorpusNode> nodes) {
        return nodes.stream().map(CorpusNode::name).toList().toString();
    }
}

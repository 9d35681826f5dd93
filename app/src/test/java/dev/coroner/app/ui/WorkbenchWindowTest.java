package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.DemoCorpus;
import dev.coroner.app.ui.model.TimelineRow;
import dev.coroner.core.index.TranscriptIndex;
import dev.coroner.fixtures.Fixtures;
import dev.coroner.fixtures.GeneratedTranscript;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.fxmisc.richtext.StyleClassedTextArea;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The window, headless (Monocle), driven the way a person drives it: clicks and keys, then what they would see.
 * Work runs on the FX thread (a same-thread executor), so each action has finished when the robot returns. WARN
 * markers come from the real precursor gate with the bundled Claude Code grammar, badges from the real matcher.
 */
@ExtendWith(ApplicationExtension.class)
class WorkbenchWindowTest {
    @TempDir
    Path dir;

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = TestWindows.shown(stage, 1400, 900);
    }

    private void open(FxRobot robot, Path... paths) {
        robot.interact(() -> workbench.open(List.of(paths)));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void openingTheDemoCorpusListsItsSixTranscriptsAndSaysTwoAreDead(FxRobot robot) {
        open(robot, DemoCorpus.DEMO);
        assertEquals("2 of 6 dead · 33%", text(robot.lookup(".chart-headline").query()));
        Set<String> names = robot.lookup(".transcript-name").queryAllAs(Label.class).stream().map(Label::getText)
                .collect(Collectors.toSet());
        // named by what tells them apart: a session by its first prompt (it has no summary), a sub-agent by the
        // description its parent's Task call gave it; the file names are in the rows' tooltips and the File column
        assertEquals(Set.of("Run a security audit of the shop: one sub-agent per module, then summarise the findings.",
                "Audit the payment module", "Audit the export module", "Audit the auth module", "Audit the search module",
                "What does the export job do?"), names);
        assertEquals("worst: DEATH", text(robot.lookup(".worst").query()));
    }

    @Test
    void selectingADeadSubAgentShowsItsTerminalRowStyledSyntheticAndItsFinding(FxRobot robot) {
        open(robot, DemoCorpus.DEMO);
        robot.clickOn(transcript(robot, "a7b2d4f6e8c0a1b30"));
        TableRow<TimelineRow> terminal = row(robot, 6);
        assertTrue(has(terminal, "terminal") && has(terminal, "synthetic"), "the terminal row is styled SYNTHETIC");
        assertEquals(1, robot.from(terminal).lookup(".icon-synthetic").queryAll().size(),
                "and marked with the SYNTHETIC icon, not only coloured");
        assertTrue(cellTexts(robot, ".findings-tree").contains(
                "SYNTHETIC · RATE_LIMIT: You've hit your limit · resets 12am (America/New_York)"));
        assertTrue(cellTexts(robot, ".findings-tree").contains("agent-a7b2d4f6e8c0a1b30.jsonl"));
        assertTrue(text(robot.lookup(".verdict-label").query()).equals("SYNTHETIC · RATE_LIMIT"));
        Node mark = robot.lookup(".overview-ruler .ruler-state-synthetic").query();
        assertTrue(mark.getBoundsInParent().getWidth() >= 8, "the death is marked on the overview ruler");
        robot.clickOn(row(robot, 1));
        assertEquals(1, selected(robot).line());
        robot.clickOn(mark);
        assertEquals(6, selected(robot).line(), "a click on the ruler mark goes to the death");
    }

    @Test
    void aTabInAResultsSummaryIsDrawnAsATokenNotAsABackslashAndAT(FxRobot robot) {
        open(robot, DemoCorpus.DEMO);
        robot.clickOn(transcript(robot, "a3c5e7a9b1d3f5e70"));
        TableRow<TimelineRow> result = row(robot, 5); // a Read result: "1<TAB>import flask"
        List<String> pieces = robot.from(result).lookup(".cell-tokens .label").queryAllAs(Label.class).stream()
                .map(l -> (l.getStyleClass().contains("cell-token-control") ? "token:" : "") + l.getText()).toList();
        assertEquals(List.of("← ok  1", "token:\\t", "import flask"), pieces);
    }

    @Test
    void clickingAWarnMarkerSelectsTheCallAndShowsTheReason(FxRobot robot) {
        open(robot, DemoCorpus.DEMO);
        robot.clickOn(transcript(robot, "7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b"));
        robot.clickOn(robot.lookup(".marker-warn").queryAs(Node.class));
        assertEquals(10, selected(robot).line());
        assertTrue(robot.lookup(".verdict-reason").queryAllAs(Label.class).stream()
                .anyMatch(l -> l.getText().contains("REFUTED") && l.getText().contains("the mandated lookup had not fired")),
                "the gate's reason is shown in the detail");
    }

    @Test
    void clickingACodeBlockBadgeLandsOnTheCallThatRanIt(FxRobot robot) {
        open(robot, DemoCorpus.DEMO);
        robot.clickOn(transcript(robot, "7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b"));
        assertEquals(14, selected(robot).line(), "a transcript opens at its terminal record");
        robot.clickOn(robot.lookup(".marker-block-matched").queryAs(Node.class));
        assertEquals(12, selected(robot).line());
        assertTrue(text(robot.lookup(".detail-header").query()).startsWith("line 12 · assistant"));
    }

    @Test
    void eachCodeBlockOfTheMessageHasItsBadgeOverItAndItsProgramInColour(FxRobot robot) {
        open(robot, DemoCorpus.DEMO);
        robot.clickOn(transcript(robot, "7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b"));
        assertEquals(14, selected(robot).line(), "the answer that shows two blocks");
        StyleClassedTextArea m = robot.lookup(".message-text").queryAs(StyleClassedTextArea.class);
        String t = m.getText();
        int ran = t.indexOf("▸ block 1 · error · ran by the Bash call at line 12");
        int none = t.indexOf("▸ block 2 · unmatched · no-submission-this-turn");
        assertTrue(ran >= 0 && none >= 0, t);
        assertTrue(ran < t.indexOf("```bash") && t.indexOf("```bash") < none && none < t.indexOf("```python"),
                "each badge is over its block");
        assertTrue(m.getStyleOfChar(ran + 2).containsAll(List.of("block-badge", "block-badge-error")));
        assertTrue(m.getStyleOfChar(none + 2).contains("block-badge-unmatched"));
        assertTrue(m.getStyleOfChar(t.indexOf("\"request.args\" shop") + 1).contains("code-string"));
        assertTrue(m.getStyleOfChar(t.indexOf("print(ledger") + 1).contains("code-keyword"));
        assertTrue(m.getStyleOfChar(t.indexOf("```bash") + 1).contains("fence"));
        assertTrue(m.getStyleOfChar(t.indexOf("**payment**") + 3).contains("md-strong"), "the Markdown is styled");
        robot.clickOn(row(robot, 1));
        assertFalse(robot.lookup(".message-text").queryAs(StyleClassedTextArea.class).getText().contains("▸ block"),
                "a prompt has no block badge");
        // an Edit call: under its JSON, the edit as a person reads it, old → new
        robot.clickOn(row(robot, 10));
        StyleClassedTextArea edit = robot.lookup(".message-text").queryAs(StyleClassedTextArea.class);
        String e = edit.getText();
        assertTrue(e.contains("edits /home/dev/shop/SECURITY.md · old → new\n  ## Findings\n+ - payment: unchecked amount\n"), e);
        assertTrue(edit.getStyleOfChar(e.indexOf("+ - payment") + 2).contains("diff-program"));
    }

    @Test
    void anUnmatchedBlockSaysWhatCameClosestWithTheLineDiff(FxRobot robot) {
        open(robot, Fixtures.path("scripts/closest-shares-lines.jsonl").toAbsolutePath());
        robot.clickOn(row(robot, 1));
        assertEquals(0, robot.lookup(".why-unmatched").queryAll().size(), "a prompt has no block to explain");
        robot.clickOn(row(robot, 6));
        assertEquals(6, selected(robot).line());
        assertEquals("why block 1 is unmatched · shares-lines", text(robot.lookup(".why-title").query()));
        assertEquals("closest: Bash toolu_01SWtests at line 2 shares 2 of the block's 3 non-blank lines",
                text(robot.lookup(".why-unmatched .why-sentence").query()));
        StyleClassedTextArea diff = robot.lookup(".why-diff").queryAs(StyleClassedTextArea.class);
        assertEquals("  cd /home/dev/shop\n- pytest -q tests/unit\n+ pytest -q tests/\n  echo done", diff.getText());
        assertTrue(diff.getStyleOfChar(diff.getText().indexOf("- pytest") + 2).contains("diff-block"));
        assertTrue(diff.getStyleOfChar(diff.getText().indexOf("+ pytest") + 2).contains("diff-program"));
        assertTrue(diff.getStyleOfChar(0).contains("diff-same"));
        robot.clickOn(robot.lookup(".why-call").queryAs(Node.class));
        assertEquals(2, selected(robot).line(), "the link goes to the closest call");
        assertEquals(0, robot.lookup(".why-unmatched").queryAll().size(), "a call shows no block's explanation");
    }

    @Test
    void clickingAFindingsChipGoesToTheFirstFindingOfItsKind(FxRobot robot) {
        open(robot, DemoCorpus.DEMO);
        Label warns = robot.lookup(".finding-chip").queryAllAs(Label.class).stream()
                .filter(l -> l.getText().endsWith("WARN") || l.getText().endsWith("WARNs")).findFirst().orElseThrow();
        robot.clickOn(warns);
        assertEquals("7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b.jsonl",
                workbench.timeline().pathProperty().get().getFileName().toString());
        assertEquals(10, selected(robot).line(), "the WARN's call");
    }

    @Test
    void findingsOnlyLeavesTheRowsThatCarryAFinding(FxRobot robot) {
        open(robot, DemoCorpus.DEMO);
        robot.clickOn(transcript(robot, "7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b"));
        robot.clickOn("Findings only");
        assertEquals(List.of(7L, 8L, 10L, 13L, 14L), visibleLines(robot));
    }

    @Test
    void aTornTranscriptShowsItsProblemRow(FxRobot robot) {
        open(robot, Fixtures.path("terminal/torn-last-line.jsonl").toAbsolutePath());
        TableRow<TimelineRow> problem = robot.lookup(".timeline-table .table-row-cell").<TableRow<TimelineRow>>queryAll()
                .stream().filter(r -> r.getItem() != null && r.getItem().problem()).findFirst().orElseThrow();
        assertTrue(has(problem, "problem"));
        assertTrue(robot.from(problem).lookup(".table-cell").queryAllAs(Labeled.class).stream()
                .anyMatch(c -> "INCOMPLETE".equals(c.getText())), "the row names the problem");
        assertTrue(cellTexts(robot, ".findings-tree").contains("problem line: INCOMPLETE"));
    }

    @Test
    void aFiftyMegabyteTranscriptOpensAndScrollsToItsEnd(FxRobot robot) throws Exception {
        Path big = dir.resolve("big.jsonl");
        GeneratedTranscript.write(big, 50L << 20);
        open(robot, big);
        TranscriptIndex index = workbench.timeline().indexProperty().get();
        long last = index.line(index.size() - 1);
        robot.clickOn(shownRow(robot)); // the keyboard in the table
        robot.type(KeyCode.END);
        assertEquals(last, selected(robot).line());
        assertTrue(visibleLines(robot).contains(last), "the last row is on screen");
    }

    @Test
    void aTranscriptOpensWithItsTerminalRecordSelectedAndOnScreen(FxRobot robot) throws Exception {
        Path longer = dir.resolve("longer.jsonl");
        GeneratedTranscript.write(longer, 3L << 20);
        open(robot, longer);
        TranscriptIndex index = workbench.timeline().indexProperty().get();
        long terminal = index.line(index.terminalRow());
        assertTrue(terminal > 100, "the terminal record is far below the first screen");
        assertEquals(terminal, selected(robot).line());
        assertTrue(visibleLines(robot).contains(terminal), "the selected terminal record is scrolled into view");
    }

    @Test
    void theKeyboardGoesToFindingsLinesAndTheTerminalRecord(FxRobot robot) {
        open(robot, DemoCorpus.DEMO);
        robot.clickOn(robot.lookup(".timeline-table").queryAs(Node.class));
        robot.type(KeyCode.F8);
        assertEquals("a3c5e7a9b1d3f5e70", workbench.timeline().pathProperty().get().getFileName().toString()
                .replace("agent-", "").replace(".jsonl", ""));
        assertEquals(6, selected(robot).line());
        robot.press(KeyCode.CONTROL).type(KeyCode.L).release(KeyCode.CONTROL);
        robot.write("3").type(KeyCode.ENTER);
        assertEquals(3, selected(robot).line());
        robot.press(KeyCode.CONTROL).type(KeyCode.T).release(KeyCode.CONTROL);
        assertEquals(6, selected(robot).line());
    }

    @Test
    void closeAllLeavesNothingOnScreen(FxRobot robot) {
        open(robot, DemoCorpus.DEMO);
        robot.clickOn("File").clickOn("Close all");
        assertEquals(0, robot.lookup(".timeline-table").queryTableView().getItems().size());
        assertEquals(0, robot.lookup(".transcript-name").queryAll().size());
        assertEquals("no findings", text(robot.lookup(".worst").query()));
        assertEquals("Select a row in the timeline.", text(robot.lookup(".detail-header").query()));
    }

    @Test
    void openingAFolderWithoutTranscriptsSaysSo(FxRobot robot) throws Exception {
        Path empty = java.nio.file.Files.createDirectories(dir.resolve("nothing-here"));
        open(robot, empty);
        assertEquals("no *.jsonl transcripts in " + empty, text(robot.lookup(".corpus-notes").query()));
        assertEquals("no transcripts open", text(robot.lookup(".chart-headline").query()));
    }

    // ---- what the person sees ----

    /** The name on the row of the transcript whose file is {@code id}.jsonl or agent-{@code id}.jsonl. */
    private static Node transcript(FxRobot robot, String id) {
        return robot.lookup(".transcript-name").queryAllAs(Label.class).stream()
                .filter(l -> {
                    for (Node at = l; at != null; at = at.getParent()) {
                        if (at instanceof javafx.scene.control.TreeTableRow<?> row
                                && row.getItem() instanceof dev.coroner.app.ui.model.CorpusNode n) {
                            return n.name().equals(id + ".jsonl") || n.name().equals("agent-" + id + ".jsonl");
                        }
                    }
                    return false;
                }).findFirst().orElseThrow();
    }

    private static TimelineRow selected(FxRobot robot) {
        TableView<TimelineRow> table = robot.lookup(".timeline-table").queryTableView();
        return table.getSelectionModel().getSelectedItem();
    }

    private static TableRow<TimelineRow> row(FxRobot robot, long line) {
        return robot.lookup(".timeline-table .table-row-cell").<TableRow<TimelineRow>>queryAll().stream()
                .filter(r -> r.getItem() != null && r.getItem().line() == line && r.isVisible()).findFirst()
                .orElseThrow();
    }

    /** A row on screen: the table also holds rows set aside, out of sight (RowsAhead). */
    private static TableRow<TimelineRow> shownRow(FxRobot robot) {
        return robot.lookup(".timeline-table .table-row-cell").<TableRow<TimelineRow>>queryAll().stream()
                .filter(r -> r.getItem() != null && r.isVisible()).findFirst().orElseThrow();
    }

    /** The lines of the rows the table shows on screen, top to bottom. */
    private static List<Long> visibleLines(FxRobot robot) {
        TableView<TimelineRow> table = robot.lookup(".timeline-table").queryTableView();
        var bounds = table.localToScene(table.getBoundsInLocal());
        return robot.lookup(".timeline-table .table-row-cell").<TableRow<TimelineRow>>queryAll().stream()
                .filter(r -> r.getItem() != null && r.isVisible()
                        && bounds.contains(r.localToScene(r.getBoundsInLocal()).getCenterX(),
                        r.localToScene(r.getBoundsInLocal()).getCenterY()))
                .sorted((a, b) -> Double.compare(a.localToScene(0, 0).getY(), b.localToScene(0, 0).getY()))
                .map(r -> r.getItem().line()).toList();
    }

    private static Set<String> cellTexts(FxRobot robot, String table) {
        return robot.lookup(table + " .tree-table-cell").queryAllAs(Labeled.class).stream()
                .map(Labeled::getText).filter(t -> t != null && !t.isEmpty()).collect(Collectors.toSet());
    }

    private static boolean has(Node n, String pseudoClass) {
        return n.getPseudoClassStates().contains(PseudoClass.getPseudoClass(pseudoClass));
    }

    private static String text(Node n) {
        return ((Labeled) n).getText();
    }
}

package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.CompareRow;
import dev.coroner.app.ui.model.CompareViewModel;
import dev.coroner.app.ui.model.Tasks;
import dev.coroner.core.compare.CorpusComparison;
import dev.coroner.core.compare.Op;
import dev.coroner.core.compare.PairChange;
import dev.coroner.core.corpus.IndexCache;
import dev.coroner.fixtures.Fixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Compare view (docs/WORKBENCH.md, "Compare view") on the compare fixtures: rows aligned as the diff aligns them,
 * with gaps where one side made no call; the first divergence selected; F8 / Shift+F8 between differences; the
 * changed part of a changed row marked; the two sides scrolling as one; two folders' pairs sorted by change, a click
 * opening one; a side that cannot be read named.
 */
@ExtendWith(ApplicationExtension.class)
class CompareViewWindowTest {
    private static final Path GOOD = Fixtures.path("compare/good-run.jsonl");
    private static final Path RATE_LIMITED = Fixtures.path("compare/rate-limited-run.jsonl");
    private static final String VERSION = "0.0-test";
    private static final PseudoClass GAP = PseudoClass.getPseudoClass("gap");

    private CompareViewModel model;
    private CompareView view;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        Workbench.useTheme();
        Tasks tasks = Tasks.sameThread();
        model = new CompareViewModel(tasks, new IndexCache(), () -> null, () -> null,
                new dev.coroner.app.ui.model.CompareExport(tasks, VERSION));
        view = new CompareView(model);
        Scene scene = new Scene(view, 1280, 720);
        scene.getStylesheets().add(Workbench.STYLESHEET);
        stage.setScene(scene);
        stage.show();
    }

    private void compare(FxRobot robot, Path a, Path b) {
        robot.interact(() -> model.compare(a, b));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The table row drawn for item {@code index}, or null when it is not on screen. */
    private static TableRow<?> drawn(FxRobot robot, TableView<CompareRow> table, int index) {
        return robot.from(table).lookup(".table-row-cell").queryAll().stream()
                .map(n -> (TableRow<?>) n).filter(r -> r.getIndex() == index && r.getItem() != null)
                .findFirst().orElse(null);
    }

    /** The texts of the labelled cells of a drawn row, left to right. */
    private static List<String> texts(FxRobot robot, TableRow<?> row) {
        List<String> out = new ArrayList<>();
        for (Node c : robot.from(row).lookup(".table-cell").queryAll()) {
            javafx.scene.control.TableCell<?, ?> cell = (javafx.scene.control.TableCell<?, ?>) c;
            out.add(cell.getText() != null ? cell.getText() : labels(robot, cell));
        }
        return out;
    }

    private static String labels(FxRobot robot, Node n) {
        StringBuilder s = new StringBuilder();
        robot.from(n).lookup(".compare-key").queryAll().forEach(l -> s.append(((Label) l).getText()));
        return s.toString();
    }

    @Test
    void rowsAreAlignedAsTheDiffAlignsThemWithAGapWhereOneSideMadeNoCall(FxRobot robot) {
        compare(robot, GOOD, RATE_LIMITED);
        // good: Read 2, Bash 4, Edit 6, Bash 8; rate-limited: Read 2, Grep 4, Bash 6, Edit 8 (docs/COMPARE.md)
        assertEquals(5, view.tableA().getItems().size());
        assertEquals(5, view.tableB().getItems().size());
        TableRow<?> aGrep = drawn(robot, view.tableA(), 1);
        TableRow<?> bGrep = drawn(robot, view.tableB(), 1);
        assertTrue(aGrep.getPseudoClassStates().contains(GAP), "A made no Grep call: a gap in A's row");
        assertEquals(List.of("", "", "", ""), texts(robot, aGrep), "a gap draws nothing of a call");
        assertFalse(bGrep.getPseudoClassStates().contains(GAP));
        assertEquals("4", texts(robot, bGrep).get(1));
        assertEquals("Grep", texts(robot, bGrep).get(2));
        TableRow<?> aLast = drawn(robot, view.tableA(), 4);
        TableRow<?> bLast = drawn(robot, view.tableB(), 4);
        assertEquals(List.of("−", "8", "Bash", "pytest -q"), texts(robot, aLast), "the Bash only A made, at line 8");
        assertTrue(bLast.getPseudoClassStates().contains(GAP), "B made no call there: a gap in B's row");
        // the rows of the two sides sit level: row for row, at the same height on screen
        assertEquals(aLast.localToScreen(0, 0).getY(), bLast.localToScreen(0, 0).getY(), 0.5);
        List<String> same = texts(robot, drawn(robot, view.tableA(), 3));
        assertEquals(List.of("", "6", "Edit"), same.subList(0, 3));
        assertEquals(List.of("", "8", "Edit"), texts(robot, drawn(robot, view.tableB(), 3)).subList(0, 3));
    }

    @Test
    void theFirstDivergenceIsSelectedOnBothSidesWithBothRecordsBelow(FxRobot robot) {
        compare(robot, GOOD, RATE_LIMITED);
        assertEquals(1, view.tableA().getSelectionModel().getSelectedIndex(), "row 2 (B's Grep) is the first divergence");
        assertEquals(1, view.tableB().getSelectionModel().getSelectedIndex());
        assertEquals("A made no call here", model.detailA().headerProperty().get());
        assertTrue(model.detailB().headerProperty().get().startsWith("B · line 4 · assistant"),
                model.detailB().headerProperty().get());
        assertNotNull(model.detailB().detailProperty().get(), "B's record of the row is read and shown");
        assertTrue(model.detailB().detailProperty().get().message().text().contains("def export"),
                "the Grep call's input, as the detail panel renders it");
        robot.clickOn(view.tableA().lookup(".table-row-cell")); // row 1 of A: the Read both made
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0, view.tableB().getSelectionModel().getSelectedIndex(), "a row selected on one side is on both");
        assertTrue(model.detailA().headerProperty().get().startsWith("A · line 2"), model.detailA().headerProperty().get());
        assertTrue(model.detailB().headerProperty().get().startsWith("B · line 2"));
    }

    @Test
    void f8AndShiftF8StepToTheNextAndPreviousDifference(FxRobot robot) {
        compare(robot, GOOD, RATE_LIMITED);
        robot.clickOn(view.tableA().lookup(".table-row-cell")); // the keyboard in the view, on row 1 (same)
        assertEquals(0, view.tableA().getSelectionModel().getSelectedIndex());
        robot.type(KeyCode.F8);
        assertEquals(1, view.tableB().getSelectionModel().getSelectedIndex(), "F8: the difference after the Read");
        robot.type(KeyCode.F8);
        // rows 2 (Grep only in B) and 3 (the Bash that changed) are one difference; the next is the Bash only A ran
        assertEquals(4, view.tableA().getSelectionModel().getSelectedIndex());
        assertEquals(4, view.tableB().getSelectionModel().getSelectedIndex());
        robot.type(KeyCode.F8);
        assertEquals(4, view.tableA().getSelectionModel().getSelectedIndex(), "no difference after the last: it stays");
        robot.press(KeyCode.SHIFT).type(KeyCode.F8).release(KeyCode.SHIFT);
        assertEquals(1, view.tableA().getSelectionModel().getSelectedIndex(), "Shift+F8: back to the difference before");
        assertEquals("A made no call here", model.detailA().headerProperty().get());
    }

    @Test
    void aChangedRowMarksThePartOfEachInputThatDiffers(FxRobot robot) {
        compare(robot, GOOD, RATE_LIMITED);
        assertEquals(Op.CHANGED, view.tableA().getItems().get(2).op());
        assertEquals(List.of("q"), changedParts(robot, drawn(robot, view.tableA(), 2)), "pytest -q tests/test_export.py");
        assertEquals(List.of("x"), changedParts(robot, drawn(robot, view.tableB(), 2)), "pytest -x tests/test_export.py");
        assertEquals(List.of(), changedParts(robot, drawn(robot, view.tableA(), 0)), "a same row marks nothing");
        assertEquals("!", texts(robot, drawn(robot, view.tableB(), 2)).get(0));
    }

    private static List<String> changedParts(FxRobot robot, TableRow<?> row) {
        return robot.from(row).lookup(".compare-key-changed").queryAll().stream().map(n -> ((Label) n).getText()).toList();
    }

    @Test
    void scrollingOneSideScrollsTheOther(FxRobot robot) throws IOException {
        Path a = dir.resolve("a.jsonl");
        Path b = dir.resolve("b.jsonl");
        Files.writeString(a, HandMade.bashRun("a", 300, Set.of()), StandardCharsets.UTF_8);
        Files.writeString(b, HandMade.bashRun("b", 300, Set.of(40, 41, 200)), StandardCharsets.UTF_8);
        compare(robot, a, b);
        assertEquals(300, view.tableA().getItems().size(), "297 same calls and 3 changed: one row each");
        VirtualFlow<?> fa = CompareView.flow(view.tableA());
        VirtualFlow<?> fb = CompareView.flow(view.tableB());
        robot.interact(() -> view.tableA().scrollTo(0));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0, fb.getFirstVisibleCell().getIndex());
        wheel(robot, fa, -600); // the wheel over A, as the window delivers it
        int top = fa.getFirstVisibleCell().getIndex();
        assertTrue(top > 10, "the wheel scrolled A: " + top);
        assertEquals(top, fb.getFirstVisibleCell().getIndex(), "B scrolled with it");
        javafx.scene.control.ScrollBar barB = robot.from(view.tableB()).lookup(".scroll-bar").queryAll().stream()
                .map(n -> (javafx.scene.control.ScrollBar) n)
                .filter(sb -> sb.getOrientation() == javafx.geometry.Orientation.VERTICAL).findFirst().orElseThrow();
        robot.interact(() -> barB.setValue(barB.getMax())); // B's scroll bar dragged to its end
        WaitForAsyncUtils.waitForFxEvents();
        int back = fb.getFirstVisibleCell().getIndex();
        assertTrue(back > top + 100, "B's scroll bar scrolled B to its end: " + back);
        assertEquals(back, fa.getFirstVisibleCell().getIndex(), "and A with it");
    }

    /** A wheel turn of {@code deltaY} pixels over {@code flow}, fired as the window fires it. */
    private static void wheel(FxRobot robot, VirtualFlow<?> flow, double deltaY) {
        robot.interact(() -> javafx.event.Event.fireEvent(flow, new javafx.scene.input.ScrollEvent(
                javafx.scene.input.ScrollEvent.SCROLL, 100, 100, 100, 100, false, false, false, false, false, false,
                0, deltaY, 0, deltaY, javafx.scene.input.ScrollEvent.HorizontalTextScrollUnits.NONE, 0,
                javafx.scene.input.ScrollEvent.VerticalTextScrollUnits.NONE, 0, 0, null)));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void twoFoldersListTheirPairsNewDeathsFirstAndAClickOpensOne(FxRobot robot) {
        Path a = Fixtures.path("compare/a");
        Path b = Fixtures.path("compare/b");
        compare(robot, a, b);
        List<PairChange> order = view.pairsTable().getItems().stream().map(CorpusComparison.Pair::change).toList();
        // what a reviewer looks for first, as the comparison report orders them; by path within a change
        assertEquals(List.of(PairChange.NEW_DEATH, PairChange.NEW_DEATH, PairChange.FIXED, PairChange.ONLY_B,
                PairChange.ONLY_A, PairChange.SAME), order);
        assertEquals("before-rename.jsonl", view.pairsTable().getItems().get(0).path());
        assertTrue(view.pairsTable().isVisible() && view.pairsTable().getScene() != null, "the pairs are on screen");
        assertTrue(view.tableA().getItems().isEmpty(), "no pair opened yet");
        TableRow<?> fixed = (TableRow<?>) robot.from(view.pairsTable()).lookup(".table-row-cell").queryAll().stream()
                .filter(n -> ((TableRow<?>) n).getIndex() == 2).findFirst().orElseThrow();
        robot.clickOn(fixed, MouseButton.PRIMARY);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(a.resolve("fixed.jsonl"), model.pathAProperty().get());
        assertEquals(b.resolve("fixed.jsonl"), model.pathBProperty().get());
        assertFalse(view.tableA().getItems().isEmpty(), "the pair's calls, aligned");
        assertEquals(view.tableA().getItems().size(), view.tableB().getItems().size());
        assertEquals(6, view.pairsTable().getItems().size(), "the pairs stay listed");
    }

    @Test
    void aSideThatCannotBeReadIsNamed(FxRobot robot) {
        Path missing = dir.resolve("gone.jsonl");
        compare(robot, GOOD, missing);
        AtomicReference<String> shown = new AtomicReference<>();
        robot.interact(() -> shown.set(robot.lookup(".compare-message").queryAs(Label.class).getText()));
        assertTrue(shown.get().startsWith("Cannot read B (gone.jsonl)"), shown.get());
        assertTrue(view.tableA().getItems().isEmpty());
    }

    @Test
    void exportWritesTheBytesReportCompareWritesAfterAPreview(FxRobot robot) throws Exception {
        compare(robot, GOOD, RATE_LIMITED);
        Path target = dir.resolve("cmp.html");
        robot.interact(() -> view.export(target));
        WaitForAsyncUtils.waitForFxEvents();
        Node preview = robot.lookup("#compare-export-preview").query();
        assertNotNull(preview, "the redaction preview comes first");
        assertFalse(Files.exists(target), "nothing written before the person agrees");
        robot.clickOn("Write report");
        WaitForAsyncUtils.waitForFxEvents();
        // the same document coroner report --compare GOOD RATE_LIMITED --out cmp.html builds (docs/COMPARE.md, "Reports")
        byte[] expected = dev.coroner.core.report.CompareReport.of(
                dev.coroner.core.compare.TranscriptComparison.of(GOOD, RATE_LIMITED, null),
                new dev.coroner.core.report.CompareReport.Options(dev.coroner.core.redact.Redactor.standard(List.of()),
                        dev.coroner.core.report.ReportGrammar.NONE, false, VERSION))
                .bytes(dev.coroner.core.report.ReportFiles.Format.HTML);
        org.junit.jupiter.api.Assertions.assertArrayEquals(expected, Files.readAllBytes(target));
    }
}

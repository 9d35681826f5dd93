package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.Tasks;
import dev.coroner.core.findings.FindingSources;
import dev.coroner.fixtures.Fixtures;
import java.util.List;
import java.util.UUID;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TabPane;
import javafx.scene.layout.Region;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * docs/WORKBENCH.md, "Layout": at a laptop's 1280×720 the grammar panel takes the detail panel's place (three
 * columns, never four), its editor opens at line 1, its Proposals and Coverage lists show several whole rows; a layout
 * remembered at another size never squeezes a panel below its minimum.
 */
@ExtendWith(ApplicationExtension.class)
class GrammarPanelAt1280Test {
    private static final Rectangle2D LAPTOP = new Rectangle2D(0, 0, 1280, 720);
    private final Preferences node = Preferences.userRoot().node("dev/coroner/test/" + UUID.randomUUID());

    private Stage stage;
    private Workbench workbench;

    @AfterEach
    void closeAndRemoveNode() throws BackingStoreException {
        if (stage != null) {
            org.testfx.api.FxRobotInterface robot = new FxRobot();
            ((FxRobot) robot).interact(() -> {
                stage.close(); // remembered as it hides: before the node goes
                workbench.close();
            });
        }
        node.removeNode();
    }

    /** A window as the application opens one, on a 1280×720 screen, remembering in the test's node. */
    private Workbench open(FxRobot robot) {
        Workbench[] wb = new Workbench[1];
        robot.interact(() -> {
            Workbench.useTheme();
            wb[0] = new Workbench(Tasks.sameThread(), FindingSources.standard());
            stage = new Stage();
            WindowPlacement.dress(stage, wb[0], node, List.of(LAPTOP), LAPTOP);
            stage.show();
        });
        WaitForAsyncUtils.waitForFxEvents();
        workbench = wb[0];
        return wb[0];
    }

    private static void select(FxRobot robot, String tab) {
        TabPane tabs = robot.lookup(".grammar-tabs").queryAs(TabPane.class);
        robot.interact(() -> tabs.getSelectionModel().select(
                tabs.getTabs().stream().filter(t -> t.getText().equals(tab)).findFirst().orElseThrow()));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The rows of {@code list} drawn with an item and wholly inside it. */
    private static List<ListCell<?>> wholeRows(FxRobot robot, ListView<?> list) {
        return robot.from(list).lookup(".list-cell").queryAll().stream().<ListCell<?>>map(n -> (ListCell<?>) n)
                .filter(c -> c.isVisible() && c.getItem() != null && !c.isEmpty())
                .filter(c -> {
                    var b = list.sceneToLocal(c.localToScene(c.getBoundsInLocal()));
                    return b.getMinY() >= -0.5 && b.getMaxY() <= list.getHeight() + 0.5;
                }).toList();
    }

    @Test
    void theGrammarTakesTheDetailsPlaceAndEveryPartOfItIsReadable(FxRobot robot) {
        Workbench wb = open(robot);
        MainView view = (MainView) wb.root();
        robot.interact(() -> {
            wb.setGrammar(Workbench.bundledGrammar());
            wb.open(List.of(Fixtures.path("propose")));
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> wb.grammar().shownProperty().set(true));
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals(List.of(view.corpusView, view.timelineView, view.grammarPanel), List.copyOf(view.panels.getItems()),
                "three columns: the grammar in the detail's place");
        for (Node n : view.panels.getItems()) {
            Region r = (Region) n;
            assertTrue(r.getWidth() >= r.getMinWidth() - 0.5 && r.getMinWidth() > 0,
                    r.getStyleClass() + " is " + r.getWidth() + " wide, below its minimum " + r.getMinWidth());
        }
        assertTrue(view.corpusView.getWidth() >= MainView.CORPUS_MIN_WIDTH - 0.5, "the corpus is not squeezed");
        assertTrue(view.grammarPanel.getWidth() >= 480, "the grammar has room: " + view.grammarPanel.getWidth());

        CodeArea editor = robot.lookup(".grammar-editor").queryAs(CodeArea.class);
        assertEquals(0, editor.firstVisibleParToAllParIndex(), "the editor opens at line 1");

        // with no rule, the fixtures have four ungated tools and one proposal (Read before Edit)
        robot.interact(() -> wb.setGrammar(Fixtures.path("precursor/empty.toml")));
        WaitForAsyncUtils.waitForFxEvents();
        select(robot, "Coverage");
        ListView<?> coverage = robot.lookup(".coverage-list").queryAs(ListView.class);
        assertTrue(coverage.getItems().size() >= 3, "the fixtures have ungated tools: " + coverage.getItems());
        assertTrue(wholeRows(robot, coverage).size() >= 3, "Coverage shows several whole rows, not one: "
                + wholeRows(robot, coverage).size() + " in " + coverage.getHeight() + " px");

        select(robot, "Proposals");
        ListView<?> proposals = robot.lookup(".proposals-list").queryAs(ListView.class);
        assertFalse(proposals.getItems().isEmpty(), "something is proposed");
        List<ListCell<?>> rows = wholeRows(robot, proposals);
        assertFalse(rows.isEmpty());
        double row = rows.get(0).getHeight();
        assertTrue(proposals.getHeight() >= 3 * row, "room for three proposals, not one: " + proposals.getHeight()
                + " px for rows of " + row);
        for (Label l : robot.from(rows.get(0)).lookup(".proposal-rule, .proposal-support").queryAllAs(Label.class)) {
            Text drawn = robot.from(l).lookup(".text").queryAs(Text.class);
            assertEquals(l.getText(), drawn.getText(), "a proposal's words are drawn whole");
        }
    }

    @Test
    void closingTheGrammarBringsTheDetailBackUnlessItWasFolded(FxRobot robot) {
        Workbench wb = open(robot);
        MainView view = (MainView) wb.root();
        robot.interact(() -> wb.grammar().shownProperty().set(true));
        robot.interact(() -> wb.grammar().shownProperty().set(false));
        assertEquals(List.of(view.corpusView, view.timelineView, view.detailView), List.copyOf(view.panels.getItems()));
        robot.interact(() -> wb.grammar().shownProperty().set(true));
        assertEquals(3, view.panels.getItems().size(), "the detail toggle changes nothing while the grammar has its place");
    }

    @Test
    void aLayoutRememberedAtAnotherSizeNeverSqueezesAPanelBelowItsMinimum(FxRobot robot) {
        // dragged at 1920 wide: a corpus of 115 px, a detail of 192; at 1280 that would leave the corpus 77 px
        node.put("split.panels", "0.06,0.9");
        Workbench wb = open(robot);
        MainView view = (MainView) wb.root();
        WaitForAsyncUtils.waitForFxEvents();
        SplitPane panels = view.panels;
        assertTrue(view.corpusView.getWidth() >= MainView.CORPUS_MIN_WIDTH - 0.5,
                "the corpus is " + view.corpusView.getWidth() + " px wide");
        for (Node n : panels.getItems()) {
            Region r = (Region) n;
            assertTrue(r.getWidth() >= r.getMinWidth() - 0.5, r.getStyleClass() + ": " + r.getWidth());
        }
        assertTrue(panels.getDividerPositions()[1] > 0.75, "the detail keeps its place, moved no more than needed: "
                + panels.getDividerPositions()[1]);
    }

    @ParameterizedTest(name = "{0} at {1} px with minimums {2} → {3}")
    @CsvSource(delimiter = ';', value = {
            "0.3 0.75; 1000; 100 100 100; 0.3 0.75",
            "0.05 0.9; 1000; 300 200 200; 0.3 0.8",
            "0.5 0.55; 1000; 100 200 100; 0.35 0.55",
            "0.1 0.9; 500; 300 200 200; 0.1 0.9"})
    void dividersMoveOnlyAsFarAsTheMinimumsNeed(String at, double size, String min, String expected) {
        assertArrayEquals(numbers(expected), WindowLayout.withinMinimums(numbers(at), size, numbers(min)), 1e-9);
    }

    private static double[] numbers(String s) {
        return java.util.Arrays.stream(s.trim().split(" +")).mapToDouble(Double::parseDouble).toArray();
    }
}

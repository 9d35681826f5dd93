package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.Tasks;
import dev.coroner.core.findings.FindingSources;
import dev.coroner.core.precursor.GrammarLoader;
import dev.coroner.core.precursor.Proposal;
import dev.coroner.fixtures.Fixtures;
import dev.coroner.core.workspace.WorkspaceFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ListCell;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The grammar panel's Proposals and Coverage tabs on the proposer's fixtures (docs/VERDICTS.md, "Coverage and
 * proposals"): with no grammar, the corpus proposes Read before Edit; Accept writes the rule into the editor's text
 * (undoable) and the proposal leaves the list; Reject hides a proposal for good; Coverage lists the ungated tools.
 */
@ExtendWith(ApplicationExtension.class)
class ProposalsInThePanelWindowTest {
    private Workbench workbench;

    @Start
    void start(Stage stage) {
        Workbench.useTheme();
        workbench = new Workbench(Tasks.sameThread(), FindingSources.standard());
        stage.setScene(workbench.scene(1600, 900));
        stage.show();
    }

    private CodeArea openWithPanel(FxRobot robot, String tab) {
        robot.interact(() -> workbench.open(List.of(Fixtures.path("propose"))));
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn(".timeline-table");
        robot.press(KeyCode.CONTROL, KeyCode.G).release(KeyCode.G, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        TabPane tabs = robot.lookup(".grammar-tabs").queryAs(TabPane.class);
        robot.interact(() -> tabs.getSelectionModel().select(
                tabs.getTabs().stream().filter(t -> t.getText().equals(tab)).findFirst().orElseThrow()));
        WaitForAsyncUtils.waitForFxEvents();
        return robot.lookup(".grammar-editor").queryAs(CodeArea.class);
    }

    @SuppressWarnings("unchecked")
    private static List<Proposal> shown(FxRobot robot) {
        return List.copyOf(robot.lookup(".proposals-list").queryAs(ListView.class).getItems());
    }

    /** The button of the list row that shows {@code p}. */
    private static Button buttonOf(FxRobot robot, String style, Proposal p) {
        return robot.lookup(style).queryAllAs(Button.class).stream().filter(b -> {
            Node n = b;
            while (n != null && !(n instanceof ListCell<?>)) {
                n = n.getParent();
            }
            return n instanceof ListCell<?> cell && p.equals(cell.getItem());
        }).findFirst().orElseThrow(() -> new AssertionError("no row shows " + p.id()));
    }

    @Test
    void acceptWritesTheProposedRuleIntoTheEditorAndRejectHidesAProposal(FxRobot robot) {
        CodeArea area = openWithPanel(robot, "Proposals");
        List<Proposal> before = shown(robot);
        assertFalse(before.isEmpty(), "the fixtures propose something");
        assertEquals("Edit", before.get(0).tool());
        assertEquals("Read", before.get(0).precursor(), "Read before Edit comes first");
        String textBefore = area.getText();

        robot.clickOn(buttonOf(robot, ".proposal-accept", before.get(0)));
        WaitForAsyncUtils.waitForFxEvents();
        String edited = area.getText();
        assertTrue(edited.contains("Edit = [\"Read\"]"), edited);
        assertEquals(List.of("read"), GrammarLoader.parse(edited).grammar().required("Edit"));
        assertTrue(shown(robot).stream().noneMatch(p -> p.id().equals(before.get(0).id())), "accepted: gone");
        robot.interact(area::undo);
        assertEquals(textBefore, area.getText(), "the edit is undoable");

        WaitForAsyncUtils.waitForFxEvents();
        List<Proposal> now = shown(robot);
        Proposal second = now.get(0);
        robot.clickOn(buttonOf(robot, ".proposal-reject", second));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(shown(robot).stream().noneMatch(p -> p.id().equals(second.id())), "rejected: gone");
        robot.interact(() -> area.appendText("\n# a comment re-judges the corpus\n"));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(shown(robot).stream().noneMatch(p -> p.id().equals(second.id())), "and stays gone");
    }

    @Test
    void aRejectedProposalStaysHiddenAfterTheWorkspaceIsSavedAndOpenedAgain(FxRobot robot) throws Exception {
        openWithPanel(robot, "Proposals");
        Proposal rejected = shown(robot).get(0);
        robot.clickOn(buttonOf(robot, ".proposal-reject", rejected));
        WaitForAsyncUtils.waitForFxEvents();
        Path file = Files.createTempDirectory("coroner-proposals").resolve("case.coroner.json");
        robot.interact(() -> ((MainView) workbench.root()).review.save(file));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(rejected.id()), WorkspaceFiles.open(file).workspace().rejectedProposals());

        robot.interact(() -> {
            workbench.close();
            workbench = new Workbench(Tasks.sameThread(), FindingSources.standard());
            robot.window(0).getScene().setRoot(new javafx.scene.layout.Pane());
            ((Stage) robot.window(0)).setScene(workbench.scene(1600, 900));
            workbench.open(List.of(file));
        });
        OutsideFolder.nothingAsked(robot); // the demo corpus is bundled: named bundled:…, never outside
        // the workspace was saved with the grammar panel shown, and its layout shows it again
        assertTrue(workbench.grammar().shownProperty().get(), "the grammar panel is back with the workspace");
        // the fixtures support one proposal (the tools called once get none): the proposer's pass, which lists the
        // ungated tools too, ran again, and left the rejected one out
        assertFalse(workbench.grammar().ungated().isEmpty(), "the reopened corpus is judged again");
        List<Proposal> after = shown(robot);
        assertTrue(after.stream().noneMatch(p -> p.id().equals(rejected.id())), "but the rejected one never comes back");
    }

    @Test
    void coverageListsTheMutatingToolsNoRuleGates(FxRobot robot) {
        openWithPanel(robot, "Coverage");
        List<String> texts = robot.lookup(".panel .label").queryAllAs(Label.class).stream().map(Label::getText).filter(java.util.Objects::nonNull).toList();
        assertTrue(texts.stream().anyMatch(t -> t.contains("Edit")), texts.toString());
    }
}

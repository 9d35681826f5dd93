package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.precursor.CallSite;
import dev.coroner.core.precursor.Proposal;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The proposals list on its own: each row says its rule and evidence; Accept and Reject reach their callbacks. */
@ExtendWith(ApplicationExtension.class)
class ProposalsViewTest {
    private final List<Proposal> accepted = new ArrayList<>();
    private final List<Proposal> rejected = new ArrayList<>();
    private ProposalsView view;

    static Proposal proposal(String tool, String precursor, boolean widens, int held, int calls, int added, int removed) {
        String t = tool.toLowerCase(java.util.Locale.ROOT);
        String p = precursor.toLowerCase(java.util.Locale.ROOT);
        return new Proposal(Proposal.idOf(t, p, false), tool, t, precursor, p, false, widens, held, calls,
                2L * held, 4L * calls, List.of(new CallSite("runs/a.jsonl", 4, "toolu_1")), calls - held, added, removed);
    }

    private final Proposal read = proposal("Edit", "Read", false, 1819, 1833, 13, 0);
    private final Proposal bash = proposal("Write", "Bash", true, 9, 10, 0, 2);
    private final Proposal hostile = proposal("mcp__x__create\u202Eissue", "Read", false, 1, 1, 0, 0);

    @Start
    void start(Stage stage) {
        Workbench.useTheme();
        view = new ProposalsView(accepted::add, rejected::add);
        view.setProposals(List.of(read, bash, hostile));
        stage.setScene(new Scene(view, 700, 400));
        stage.show();
    }

    @SuppressWarnings("unchecked")
    private static ListCell<Proposal> row(FxRobot robot, Proposal p) {
        return robot.lookup(".list-cell").queryAllAs(ListCell.class).stream()
                .filter(c -> p.equals(c.getItem())).findFirst().orElseThrow(() -> new AssertionError("no row for " + p));
    }

    @Test
    void eachRowSaysTheRuleItAddsItsSupportAndItsWarns(FxRobot robot) {
        ListCell<Proposal> r = row(robot, read);
        assertEquals("Edit = [\"Read\"]   new rule", ((Label) r.lookup(".proposal-rule")).getText());
        assertEquals("support 0.992 (1819 of 1833 calls)   lift 2.000   WARN +13 −0", ((Label) r.lookup(".proposal-support")).getText());
        assertEquals("Write = [..., \"Bash\"]   widens the rule",
                ((Label) row(robot, bash).lookup(".proposal-rule")).getText());
    }

    @Test
    void acceptAndRejectReachTheirCallbacksAndTheRowLeaves(FxRobot robot) {
        robot.clickOn((Button) row(robot, read).lookup(".proposal-accept"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(read), accepted);
        assertEquals(List.of(), rejected);
        robot.clickOn((Button) row(robot, bash).lookup(".proposal-reject"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(bash), rejected);
        assertEquals(List.of(hostile), view.proposals());
    }

    @Test
    void aToolNameFromATranscriptIsDrawnWithItsControlsMadeVisible(FxRobot robot) {
        String shown = ((Label) row(robot, hostile).lookup(".proposal-rule")).getText();
        assertFalse(shown.contains("\u202E"), shown);
        assertTrue(shown.contains("create"), shown);
    }
}

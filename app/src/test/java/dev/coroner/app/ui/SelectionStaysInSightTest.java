package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.CorpusNode;
import dev.coroner.app.ui.model.FxBridge;
import dev.coroner.app.ui.model.Tasks;
import dev.coroner.core.findings.FindingSources;
import dev.coroner.fixtures.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The transcript the window opened stays in sight in the corpus tree while the corpus is judged: rows that come in
 * above it (a session's sub-agents that were not opened, known only once the session is analysed) leave it where it
 * was on screen, instead of pushing it out of the panel. With an executor stepped by hand.
 */
@ExtendWith(ApplicationExtension.class)
class SelectionStaysInSightTest {
    @TempDir
    Path dir;
    private final Deque<Runnable> queued = new ArrayDeque<>();
    private Workbench workbench;
    private TreeTableView<CorpusNode> tree;

    @Start
    void start(Stage stage) {
        Workbench.useTheme();
        workbench = new Workbench(new Tasks(queued::add, FxBridge.direct(), 1), FindingSources.standard());
        workbench.setGrammar(Workbench.bundledGrammar());
        tree = ((MainView) workbench.root()).corpusView.tree();
        stage.setScene(workbench.scene(1280, 720));
        stage.show();
    }

    @Test
    void rowsComingInAboveTheOpenedTranscriptLeaveItWhereItWasOnScreen(FxRobot robot) throws Exception {
        // three sessions that each spawned four sub-agents whose files are not here, the one dead transcript, and
        // eight healthy sessions after it (room to scroll it down to where it was)
        Path parent = Fixtures.path("demo/7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b.jsonl");
        for (String name : List.of("a-session.jsonl", "b-session.jsonl", "c-session.jsonl")) {
            Files.copy(parent, dir.resolve(name));
        }
        Files.copy(Fixtures.path("terminal/synthetic-rate-limit-429.jsonl"), dir.resolve("z-dead.jsonl"));
        for (int i = 1; i <= 8; i++) {
            Files.copy(Fixtures.path("demo/91a0b1c2-d3e4-4f50-8a6b-7c8d9e0f1a2b.jsonl"), dir.resolve("zz-healthy-" + i + ".jsonl"));
        }
        robot.interact(() -> workbench.open(List.of(dir)));
        WaitForAsyncUtils.waitForFxEvents();
        int selectedAt = -1;
        int offset = -1;
        int steps = 0;
        while (!queued.isEmpty()) {
            robot.interact(() -> queued.poll().run());
            WaitForAsyncUtils.waitForFxEvents();
            steps++;
            TreeItem<CorpusNode> selected = tree.getSelectionModel().getSelectedItem();
            if (selected == null) {
                continue;
            }
            assertEquals("z-dead.jsonl", selected.getValue().name(), "step " + steps);
            int row = tree.getRow(selected);
            int[] shown = shownRows();
            assertTrue(row >= shown[0] && row <= shown[1],
                    "step " + steps + ": the opened transcript is row " + row + ", the panel shows rows " + shown[0]
                            + "–" + shown[1]);
            if (selectedAt < 0) {
                selectedAt = row;
                offset = row - shown[0];
            } else {
                assertEquals(offset, row - shown[0], "step " + steps + ": it stays where it was on screen");
            }
        }
        int row = tree.getRow(tree.getSelectionModel().getSelectedItem());
        assertEquals(3, selectedAt, "selected below the three sessions, before their sub-agents were known");
        assertEquals(15, row, "under the three sessions and their twelve sub-agents that dangle");
    }

    /** The first and the last row the corpus panel shows. */
    private int[] shownRows() {
        VirtualFlow<?> flow = (VirtualFlow<?>) tree.lookup(".virtual-flow");
        return new int[] {flow.getFirstVisibleCell().getIndex(), flow.getLastVisibleCell().getIndex()};
    }
}

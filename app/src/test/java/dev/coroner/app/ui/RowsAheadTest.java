package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.DemoCorpus;
import dev.coroner.app.ui.model.Tasks;
import dev.coroner.core.findings.FindingSources;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import javafx.scene.Node;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.Labeled;
import javafx.scene.control.Control;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The corpus tree and the timeline make their rows while the window is built (docs/WORKBENCH.md, "Rows made
 * ahead"): before anything is open they hold rows, blank and out of sight behind their placeholders, and the first
 * corpus and transcript are shown in those rows, none made anew.
 */
@ExtendWith(ApplicationExtension.class)
class RowsAheadTest {
    private Workbench workbench;
    private MainView view;

    @Start
    void start(Stage stage) {
        Workbench.useTheme();
        workbench = new Workbench(Tasks.sameThread(), FindingSources.standard());
        workbench.setGrammar(Workbench.bundledGrammar());
        view = (MainView) workbench.root();
        stage.setScene(workbench.scene(1280, 720));
        stage.show();
    }

    @Test
    void theFirstCorpusAndTranscriptAreShownInRowsMadeBeforeTheWindowWasShown(FxRobot robot) {
        Set<IndexedCell<?>> corpusAhead = rows(view.corpusView.tree(), ".tree-table-row-cell");
        Set<IndexedCell<?>> timelineAhead = rows(view.timelineView.table(), ".table-row-cell");
        // a 1280×720 window shows 7 corpus rows and 15 timeline rows (under the timeline's filter bar)
        assertTrue(corpusAhead.size() >= 7, "corpus rows made ahead: " + corpusAhead.size());
        assertTrue(timelineAhead.size() >= 15, "timeline rows made ahead: " + timelineAhead.size());
        // nothing is open: the blanks are gone, and each panel says what to do
        assertTrue(corpusAhead.stream().allMatch(IndexedCell::isEmpty), "no corpus row shows anything");
        assertTrue(timelineAhead.stream().allMatch(IndexedCell::isEmpty), "no timeline row shows anything");
        assertEquals(0, view.corpusView.tree().getRoot().getChildren().size());
        assertEquals(0, view.timelineView.table().getItems().size());
        assertEquals(List.of("Open transcripts: File ▸ Open, or drop files and folders here.",
                "Select a transcript in the corpus."), placeholders(robot));

        robot.interact(() -> workbench.open(List.of(DemoCorpus.DEMO)));
        WaitForAsyncUtils.waitForFxEvents();

        Set<IndexedCell<?>> corpusShown = shown(rows(view.corpusView.tree(), ".tree-table-row-cell"));
        Set<IndexedCell<?>> timelineShown = shown(rows(view.timelineView.table(), ".table-row-cell"));
        assertEquals(6, corpusShown.size(), "the demo corpus: two sessions, four sub-agents");
        assertFalse(timelineShown.isEmpty(), "the first dead transcript is open");
        assertTrue(corpusAhead.containsAll(corpusShown), "the corpus is shown in the rows made ahead");
        assertTrue(timelineAhead.containsAll(timelineShown), "the transcript is shown in the rows made ahead");
        assertEquals(List.of(), placeholders(robot));
    }

    /** The rows {@code table} holds now, shown or set aside. */
    private static Set<IndexedCell<?>> rows(Control table, String css) {
        return table.lookupAll(css).stream().map(n -> (IndexedCell<?>) n).collect(Collectors.toSet());
    }

    private static Set<IndexedCell<?>> shown(Set<IndexedCell<?>> rows) {
        return rows.stream().filter(r -> !r.isEmpty() && visible(r)).collect(Collectors.toSet());
    }

    private static boolean visible(Node n) {
        for (Node at = n; at != null; at = at.getParent()) {
            if (!at.isVisible()) {
                return false;
            }
        }
        return true;
    }

    /** The texts of the corpus's and the timeline's placeholders that are on screen. */
    private List<String> placeholders(FxRobot robot) {
        return robot.lookup(".placeholder").queryAll().stream().filter(RowsAheadTest::visible)
                .flatMap(p -> p.lookupAll(".label").stream()).map(l -> ((Labeled) l).getText())
                .filter(t -> t.startsWith("Open transcripts") || t.startsWith("Select a transcript")).toList();
    }
}

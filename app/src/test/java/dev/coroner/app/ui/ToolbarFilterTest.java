package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.DemoCorpus;
import dev.coroner.app.ui.model.Tasks;
import dev.coroner.app.ui.model.TimelineRow;
import dev.coroner.core.findings.FindingSources;
import java.util.List;
import javafx.scene.control.ChoiceBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The tool bar's kind filter: a kind seen in the transcript, or every row ("all kinds", which is no kind). */
@ExtendWith(ApplicationExtension.class)
class ToolbarFilterTest {
    private Workbench workbench;

    @Start
    void start(Stage stage) {
        Workbench.useTheme();
        workbench = new Workbench(Tasks.sameThread(), FindingSources.standard());
        stage.setScene(workbench.scene(1400, 900));
        stage.show();
    }

    @Test
    void choosingAKindLeavesItsRowsAndAllKindsBringsEveryRowBack(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(DemoCorpus.SESSION)));
        WaitForAsyncUtils.waitForFxEvents();
        @SuppressWarnings("unchecked")
        ChoiceBox<Object> kinds = (ChoiceBox<Object>) robot.lookup(".filter-choice").queryAs(ChoiceBox.class);
        assertEquals("all kinds", shown(kinds));
        int every = workbench.timeline().rowsProperty().get().size();

        Object assistant = kinds.getItems().stream().filter(c -> "assistant".equals(text(kinds, c))).findFirst()
                .orElseThrow();
        robot.interact(() -> kinds.setValue(assistant));
        assertEquals("assistant", workbench.timeline().filters().kindProperty().get());
        List<TimelineRow> rows = workbench.timeline().rowsProperty().get();
        assertTrue(!rows.isEmpty() && rows.size() < every, rows.size() + " of " + every);
        assertTrue(rows.stream().allMatch(r -> r.kind().equals("assistant")));

        robot.interact(() -> workbench.timeline().clearFilters());
        assertEquals("all kinds", shown(kinds), "the choice follows the filter back");
        assertEquals(every, workbench.timeline().rowsProperty().get().size());
    }

    private static String shown(ChoiceBox<Object> box) {
        return text(box, box.getValue());
    }

    private static String text(ChoiceBox<Object> box, Object choice) {
        return box.getConverter().toString(choice);
    }
}

package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.DemoCorpus;
import dev.coroner.app.ui.model.Tasks;
import dev.coroner.app.ui.model.TimelineRow;
import dev.coroner.core.findings.FindingSources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TableRow;
import javafx.stage.Stage;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Editing the grammar from the evidence (docs/WORKBENCH.md, "The grammar panel"): a right-click on a call in the
 * timeline offers the edits, and the one chosen is made in the grammar editor's text, undoable, with the panel open.
 */
@ExtendWith(ApplicationExtension.class)
class EvidenceMenuWindowTest {
    @TempDir
    static Path dir;

    private Workbench workbench;
    private Path grammar;

    @Start
    void start(Stage stage) throws Exception {
        Workbench.useTheme();
        grammar = dir.resolve("g-" + System.nanoTime() + ".toml");
        Files.copy(Workbench.bundledGrammar(), grammar);
        workbench = new Workbench(Tasks.sameThread(), FindingSources.standard());
        workbench.setGrammar(grammar);
        stage.setScene(workbench.scene(1600, 900));
        stage.show();
    }

    private Node rowOf(FxRobot robot, long line) {
        robot.interact(() -> workbench.navigator().goTo(DemoCorpus.SESSION, line));
        WaitForAsyncUtils.waitForFxEvents();
        return robot.lookup(".timeline-table .table-row-cell").<TableRow<TimelineRow>>queryAll().stream()
                .filter(r -> r.getItem() != null && r.getItem().line() == line).findFirst().orElseThrow();
    }

    private static long warns(FxRobot robot) {
        return robot.lookup(".finding-chip").queryAllAs(Label.class).stream().map(Label::getText)
                .filter(t -> t.endsWith("WARN") || t.endsWith("WARNs")).mapToLong(t -> Long.parseLong(t.replaceAll("\\D+", "")))
                .sum();
    }

    @Test
    void requireALookupBeforeTheRefutedEditWritesTheRuleInTheEditorTextUndoably(FxRobot robot) throws Exception {
        robot.interact(() -> workbench.open(List.of(DemoCorpus.DEMO)));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, warns(robot));
        assertTrue(robot.lookup(".grammar-panel").queryAll().isEmpty(), "the panel is not open yet");
        robot.rightClickOn(rowOf(robot, 10));
        robot.clickOn("Require a lookup before Edit…");
        robot.clickOn("Task — returned before this call");
        WaitForAsyncUtils.waitForFxEvents();
        CodeArea area = robot.lookup(".grammar-editor").queryAs(CodeArea.class);
        String saved = Files.readString(grammar);
        assertEquals(saved.replace("\nEdit = [\"Read\"]", "\nEdit = [\"Read\", \"Task\"]"), area.getText(),
                "the rule is in the text the person sees, every comment kept");
        assertEquals(0, warns(robot), "the Edit is attested now");
        robot.interact(area::undo);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(saved, area.getText(), "one undo takes it back");
        assertEquals(1, warns(robot));
    }

    @Test
    void addAsAnAliasAndExemptAreMadeInTheTextToo(FxRobot robot) throws Exception {
        robot.interact(() -> workbench.open(List.of(DemoCorpus.DEMO)));
        WaitForAsyncUtils.waitForFxEvents();
        robot.rightClickOn(rowOf(robot, 12));
        robot.clickOn("Add Bash as an alias of…");
        robot.clickOn("Read");
        WaitForAsyncUtils.waitForFxEvents();
        CodeArea area = robot.lookup(".grammar-editor").queryAs(CodeArea.class);
        assertTrue(area.getText().contains("Read = [\"NotebookRead\", \"Bash\"]   # reading a notebook counts as reading"),
                area.getText());
        robot.rightClickOn(rowOf(robot, 10));
        robot.clickOn("Exempt Edit…");
        robot.clickOn("when its result says it created the file (created_file)");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(area.getText().contains("created_file = [\"Write\", \"Edit\"]"), area.getText());
    }
}

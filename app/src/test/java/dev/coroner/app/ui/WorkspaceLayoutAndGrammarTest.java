package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.DemoCorpus;
import dev.coroner.app.ui.model.Tasks;
import dev.coroner.core.findings.FindingSources;
import dev.coroner.core.workspace.VerdictOverride;
import dev.coroner.fixtures.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * docs/ARCHITECTURE.md, "Workspaces": a grammar kept inline in a workspace judges the window it opens in; the panels
 * shown or folded come back; an override shows on the corpus row too, marked human; Help ▸ Keyboard shortcuts names
 * every key the menus answer to.
 */
@ExtendWith(ApplicationExtension.class)
class WorkspaceLayoutAndGrammarTest {
    private static final Path REFUTED = Fixtures.path("precursor/claude-code/refuted.jsonl").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        Workbench.useTheme();
        workbench = new Workbench(Tasks.sameThread(), FindingSources.standard());
        stage.setScene(workbench.scene(1400, 900));
        stage.show();
    }

    private MainView view() {
        return (MainView) workbench.root();
    }

    private static String json(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    private long warns() {
        return workbench.findings().items().stream()
                .filter(i -> i.finding().kind().name().contains("WARN")).count();
    }

    @Test
    void anInlineGrammarJudgesTheWindowAndSavesInlineAgain(FxRobot robot) throws Exception {
        String grammar = Files.readString(Workbench.bundledGrammar(), StandardCharsets.UTF_8);
        Path file = dir.resolve("inline.coroner.json");
        Files.writeString(file, "{\"schema\":{\"family\":\"coroner-workspace\",\"version\":1},\"transcripts\":[{\"path\":\""
                + json(REFUTED.toString()) + "\"}],\"grammar\":{\"inline\":\"" + json(grammar) + "\"}}");
        robot.interact(() -> workbench.open(List.of(REFUTED)));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0, warns(), "no grammar: nothing is gated");

        robot.interact(() -> workbench.open(List.of(file)));
        OutsideFolder.readThem(robot); // the demo corpus is outside the workspace's folder
        assertEquals(grammar, workbench.grammar().text(), "the grammar panel holds the inline text");
        assertNull(workbench.grammar().fileProperty().get(), "an untitled grammar: Save asks where");
        assertTrue(warns() > 0, "the inline grammar judges: the Edit without a Read is a WARN");

        Path again = dir.resolve("again.coroner.json");
        robot.interact(() -> view().review.save(again));
        WaitForAsyncUtils.waitForFxEvents();
        String saved = Files.readString(again, StandardCharsets.UTF_8);
        assertTrue(saved.contains("\"inline\""), "saved inline again: " + saved.substring(0, Math.min(400, saved.length())));
    }

    @Test
    void theWorkspaceRemembersWhichPanelsAreShown(FxRobot robot) throws Exception {
        robot.interact(() -> workbench.open(List.of(DemoCorpus.DEMO)));
        WaitForAsyncUtils.waitForFxEvents();
        CheckMenuItem corpus = toggle("Show corpus panel");
        CheckMenuItem detail = toggle("Show detail panel");
        robot.interact(() -> {
            corpus.setSelected(false);
            workbench.grammar().shownProperty().set(true);
        });
        Path file = dir.resolve("layout.coroner.json");
        robot.interact(() -> view().review.save(file));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> {
            corpus.setSelected(true);
            detail.setSelected(false);
            workbench.grammar().shownProperty().set(false);
        });
        assertTrue(view().panels.getItems().contains(view().corpusView));

        robot.interact(() -> workbench.open(List.of(file)));
        OutsideFolder.nothingAsked(robot); // the demo corpus is bundled: named bundled:…, never outside
        assertFalse(corpus.isSelected(), "the corpus panel is folded again");
        assertFalse(view().panels.getItems().contains(view().corpusView));
        assertTrue(detail.isSelected(), "the detail panel is meant to be shown again");
        assertTrue(workbench.grammar().shownProperty().get(), "the grammar panel is shown again");
        assertTrue(view().panels.getItems().contains(view().grammarPanel));
        assertFalse(view().panels.getItems().contains(view().detailView), "the grammar has the detail's place");
        robot.interact(() -> workbench.grammar().shownProperty().set(false));
        assertTrue(view().panels.getItems().contains(view().detailView), "the detail is back when the grammar closes");
    }

    @Test
    void anOverrideShowsOnTheCorpusRowMarkedHuman(FxRobot robot) {
        robot.interact(() -> workbench.open(List.of(DemoCorpus.DEAD_EXPORT)));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(humanMarksIn(robot, ".corpus-tree").isEmpty());
        assertFalse(noteColumn().isVisible(), "no notes yet: the timeline's summary keeps the room");
        robot.interact(() -> workbench.annotations().annotate(DemoCorpus.DEAD_EXPORT, 6, "",
                new VerdictOverride("DEATH", "SYNTHETIC · RATE_LIMIT", "not a death", "the run resumed")));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("human"), humanMarksIn(robot, ".corpus-tree"));
        assertTrue(noteColumn().isVisible(), "the timeline's note column comes with the first note");
    }

    @Test
    void keyboardShortcutsNameEveryKeyTheMenusAnswerTo(FxRobot robot) {
        MenuBar bar = robot.lookup(".menu-bar").queryAs(MenuBar.class);
        List<String> missing = new ArrayList<>();
        for (Menu m : bar.getMenus()) {
            for (MenuItem i : items(m)) {
                if (i.getAccelerator() != null && i.isVisible()) {
                    String key = i.getAccelerator().getDisplayText();
                    if (!KeyboardShortcuts.text().contains(key)) {
                        missing.add(i.getText() + " " + key);
                    }
                }
            }
        }
        assertEquals(List.of(), missing);
    }

    private static List<MenuItem> items(Menu m) {
        List<MenuItem> all = new ArrayList<>();
        for (MenuItem i : m.getItems()) {
            all.add(i);
            if (i instanceof Menu sub) {
                all.addAll(items(sub));
            }
        }
        return all;
    }

    private javafx.scene.control.TableColumn<?, ?> noteColumn() {
        return view().timelineView.table().getColumns().stream().filter(c -> "note".equals(c.getText())).findFirst()
                .orElseThrow();
    }

    private CheckMenuItem toggle(String text) {
        return (CheckMenuItem) items(view().viewMenu).stream().filter(i -> text.equals(i.getText())).findFirst()
                .orElseThrow();
    }

    private static List<String> humanMarksIn(FxRobot robot, String container) {
        Node tree = robot.lookup(container).query();
        return robot.from(tree).lookup(".human-mark").queryAllAs(Label.class).stream()
                .filter(DarkThemeContrastTest::shown).map(Label::getText).toList();
    }
}

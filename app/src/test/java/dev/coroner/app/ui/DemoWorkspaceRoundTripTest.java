package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.DemoCorpus;
import dev.coroner.app.ui.model.Tasks;
import dev.coroner.core.findings.FindingSources;
import dev.coroner.fixtures.Fixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * docs/ARCHITECTURE.md, "Workspaces": a workspace saved on the demo corpus (File ▸ Save workspace, Ctrl+Shift+S) names
 * it and the bundled grammar {@code bundled:…}, so it reopens in the next run with its notes and selection even when
 * the bundled files are somewhere else; transcripts it cannot find never read as "no findings", and Locate… finds
 * them by their SHA-256.
 */
@ExtendWith(ApplicationExtension.class)
class DemoWorkspaceRoundTripTest {
    private static final String EXPORT = DemoCorpus.DEMO.relativize(DemoCorpus.DEAD_EXPORT).toString();
    private static final String SESSION = DemoCorpus.DEMO.relativize(DemoCorpus.SESSION).toString();

    @TempDir
    Path dir;

    private Stage first;
    private final List<Stage> stages = new java.util.ArrayList<>();
    private final List<Workbench> opened = new java.util.ArrayList<>();

    @Start
    void start(Stage stage) {
        Workbench.useTheme();
        first = stage;
    }

    @AfterEach
    void closeTheWindows(FxRobot robot) {
        robot.interact(() -> {
            opened.forEach(Workbench::close);
            stages.forEach(Stage::close);
        });
    }

    /** A run of the window whose bundled files are in {@code bundled}: as the application starts, at 1280×720. */
    private Workbench run(FxRobot robot, Path bundled) {
        Workbench[] w = new Workbench[1];
        robot.interact(() -> {
            w[0] = new Workbench(Tasks.sameThread(), FindingSources.standard(), () -> bundled);
            Stage s = opened.isEmpty() ? first : new Stage();
            s.setScene(w[0].scene(1280, 720));
            s.show();
            stages.add(s);
            w[0].setGrammar(bundled.resolve("precursor/claude-code.toml"));
        });
        opened.add(w[0]);
        return w[0];
    }

    /** What a run unpacks: the demo corpus and the bundled grammar, under {@code to}. */
    private static Path unpacked(Path to) throws IOException {
        copyTree(Fixtures.demoCorpus(), to.resolve("demo"));
        Files.createDirectories(to.resolve("precursor"));
        Files.copy(Workbench.bundledGrammar(), to.resolve("precursor/claude-code.toml"));
        return to;
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Path dest = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(dest);
                } else {
                    Files.copy(p, dest);
                }
            }
        }
    }

    private static void delete(Path tree) throws IOException {
        try (Stream<Path> all = Files.walk(tree)) {
            for (Path p : (Iterable<Path>) all.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(p);
            }
        }
    }

    /** Opens the demo in a first run, annotates and selects, saves as Ctrl+Shift+S does, and quits that run. */
    private Path savedOnTheDemo(FxRobot robot, Path bundled) throws IOException {
        Workbench before = run(robot, bundled);
        Path demo = bundled.resolve("demo");
        robot.interact(() -> before.open(List.of(demo)));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> {
            before.annotations().annotate(demo.resolve(EXPORT), 6, "died of the rate limit mid-export", null);
            before.navigator().goTo(demo.resolve(SESSION), 10);
        });
        Path file = dir.resolve("case.coroner.json");
        robot.interact(() -> ((MainView) before.root()).review.save(file));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> {
            before.close();
            stages.get(0).close();
        });
        return file;
    }

    @Test
    void aWorkspaceSavedOnTheDemoReopensInTheNextRunWithItsNotesAndSelection(FxRobot robot) throws Exception {
        Path firstRun = unpacked(dir.resolve("first-run"));
        Path file = savedOnTheDemo(robot, firstRun);
        String saved = Files.readString(file, StandardCharsets.UTF_8);
        assertTrue(saved.contains("\"bundled:demo/" + EXPORT.replace('\\', '/') + "\""), saved);
        assertTrue(saved.contains("\"bundled:precursor/claude-code.toml\""), saved);
        assertFalse(saved.contains(firstRun.toString().replace("\\", "\\\\")), "no path of the first run: " + saved);
        delete(firstRun); // the first run's bundled files are gone, as a temporary folder is on quit

        Path nextRun = unpacked(dir.resolve("next-run"));
        Workbench after = run(robot, nextRun);
        robot.interact(() -> after.open(List.of(file)));
        WaitForAsyncUtils.waitForFxEvents();

        Path demo = nextRun.resolve("demo").toAbsolutePath().normalize();
        assertEquals(6, after.corpus().transcripts().size(), "every transcript of the demo is open");
        assertTrue(after.corpus().transcripts().stream().allMatch(p -> p.startsWith(demo)), "from where it is now");
        assertNotNull(after.annotations().at(demo.resolve(EXPORT), 6), "the note is back on its record");
        assertEquals("died of the rate limit mid-export", after.annotations().at(demo.resolve(EXPORT), 6).note());
        assertEquals(demo.resolve(SESSION), after.timeline().pathProperty().get(), "the selection is back");
        assertEquals(10, after.timeline().selectedRowProperty().get().line());
        assertEquals(nextRun.resolve("precursor/claude-code.toml").toAbsolutePath().normalize(),
                after.analyses().grammarProperty().get().toAbsolutePath().normalize(), "judged by the bundled grammar");
        assertFalse(robot.lookup(".workspace-banner-bar").query().isVisible(), "nothing to warn about");
        assertEquals(0, after.workspace().missingCountProperty().get());
    }

    @Test
    void aWorkspaceWhoseTranscriptsAreAllMissingIsNeverCleanAndLocateFindsThemByHash(FxRobot robot) throws Exception {
        Path firstRun = unpacked(dir.resolve("first-run"));
        Path file = savedOnTheDemo(robot, firstRun);
        // the same transcripts, by their bytes, in a folder of the person's, the bundled folder has no demo any more
        Path moved = dir.resolve("somewhere-else");
        copyTree(firstRun.resolve("demo"), moved.resolve("kept"));
        delete(firstRun.resolve("demo"));

        Workbench after = run(robot, firstRun);
        robot.interact(() -> after.open(List.of(file)));
        WaitForAsyncUtils.waitForFxEvents();

        assertTrue(after.corpus().transcripts().isEmpty());
        assertEquals(6, after.workspace().missingCountProperty().get());
        String banner = robot.lookup(".workspace-banner").queryAs(Label.class).getText();
        assertTrue(banner.startsWith("6 transcript(s) missing, their annotations kept:"), banner);
        Label worst = robot.lookup(".status-bar .worst").queryAs(Label.class);
        assertEquals("not judged: 6 transcript(s) missing", worst.getText(), "never \"no findings\"");
        assertFalse(worst.getStyleClass().contains("worst-none"), "never the all-clear's look");
        assertTrue(robot.lookup("#locate-folder").query().isVisible(), "Locate… is offered");

        robot.interact(() -> ((WorkspaceBanner) robot.lookup(".workspace-banner-bar").query())
                .locate(List.of(moved)));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> robot.lookup(".dialog-pane").queryAs(javafx.scene.control.DialogPane.class)
                .getScene().getWindow().hide()); // "located 6 of 6 missing transcript(s)."

        Path kept = moved.resolve("kept").toAbsolutePath().normalize();
        assertEquals(0, after.workspace().missingCountProperty().get());
        assertEquals(6, after.corpus().transcripts().size());
        assertEquals("died of the rate limit mid-export", after.annotations().at(kept.resolve(EXPORT), 6).note(),
                "the note moved with its transcript");
        assertEquals(kept.resolve(SESSION), after.timeline().pathProperty().get(), "the selection is back");
        assertEquals(10, after.timeline().selectedRowProperty().get().line());
        assertFalse(robot.lookup(".workspace-banner-bar").query().isVisible(), "nothing missing any more");
        assertFalse(worst.getText().startsWith("not judged"), worst.getText());

        Path again = dir.resolve("again.coroner.json");
        robot.interact(() -> ((MainView) after.root()).review.save(again));
        WaitForAsyncUtils.waitForFxEvents();
        String saved = Files.readString(again, StandardCharsets.UTF_8);
        assertTrue(saved.contains(kept.resolve(EXPORT).toString().replace("\\", "\\\\")), "saved where it is now");
    }
}

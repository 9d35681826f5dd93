package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.app.ui.model.DemoCorpus;
import dev.coroner.app.ui.model.Tasks;
import dev.coroner.core.findings.FindingSources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** docs/ARCHITECTURE.md, "Workspaces", in the window: refusals said, untagged and missing things shown, notes kept. */
@ExtendWith(ApplicationExtension.class)
class WorkspaceWindowTest {
    @TempDir
    Path dir;

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        Workbench.useTheme();
        workbench = new Workbench(Tasks.sameThread(), FindingSources.standard());
        stage.setScene(workbench.scene(1280, 720));
        stage.show();
    }

    @Test
    void aWorkspaceFromANewerCoronerIsRefusedAndWhatIsOpenStays(FxRobot robot) throws Exception {
        robot.interact(() -> workbench.open(List.of(DemoCorpus.DEAD_EXPORT)));
        WaitForAsyncUtils.waitForFxEvents();
        Path file = dir.resolve("future.coroner.json");
        Files.writeString(file, "{\"schema\":{\"family\":\"coroner-workspace\",\"version\":3},\"transcripts\":[]}");
        robot.interact(() -> workbench.open(List.of(file)));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("future.coroner.json is coroner-workspace version 3; this Coroner reads coroner-workspace "
                + "version 1. Open it with a newer Coroner.",
                robot.lookup(".dialog-pane").queryAs(DialogPane.class).getContentText());
        assertEquals(List.of(DemoCorpus.DEAD_EXPORT), workbench.corpus().transcripts());
    }

    @Test
    void anUntaggedWorkspaceWithAMissingTranscriptOpensSayingSoAndKeepsItsNotes(FxRobot robot) throws Exception {
        Path gone = dir.resolve("gone.jsonl");
        String dead = DemoCorpus.DEAD_EXPORT.toString().replace("\\", "\\\\");
        String missing = gone.toString().replace("\\", "\\\\");
        Path file = dir.resolve("old.coroner.json");
        Files.writeString(file, "{\"transcripts\":[{\"path\":\"" + dead + "\"},{\"path\":\"" + missing
                + "\",\"sha256\":\"00\",\"size\":10}],\"annotations\":[{\"transcript\":\"" + missing
                + "\",\"line\":2,\"note\":\"seen before it was moved\"}]}");
        robot.interact(() -> workbench.open(List.of(file)));
        OutsideFolder.readThem(robot); // the demo corpus is outside the workspace's folder
        String banner = robot.lookup(".workspace-banner").queryAs(Label.class).getText();
        assertTrue(banner.contains("carries no schema tag; it was read as coroner-workspace version 1"), banner);
        assertTrue(banner.contains("1 transcript(s) missing, their annotations kept: gone.jsonl"), banner);
        assertEquals(List.of(DemoCorpus.DEAD_EXPORT), workbench.corpus().transcripts());
        assertEquals("seen before it was moved", workbench.annotations().at(gone, 2).note());
    }

    /** A workspace in case/ naming t.jsonl beside it and ../secret.jsonl above it. */
    private Path caseWithASecretAbove() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("case"));
        Files.copy(DemoCorpus.DEAD_EXPORT, folder.resolve("t.jsonl"));
        Files.copy(DemoCorpus.DEAD_EXPORT, dir.resolve("secret.jsonl"));
        Path file = folder.resolve("w.coroner.json");
        Files.writeString(file, "{\"schema\":{\"family\":\"coroner-workspace\",\"version\":1},\"transcripts\":["
                + "{\"path\":\"t.jsonl\"},{\"path\":\"../secret.jsonl\"}]}");
        return file;
    }

    @Test
    void filesOutsideTheWorkspacesFolderAreListedAndSkippedOnesAreNotRead(FxRobot robot) throws Exception {
        Path file = caseWithASecretAbove();
        robot.interact(() -> workbench.open(List.of(file)));
        WaitForAsyncUtils.waitForFxEvents();
        Path secret = dir.resolve("secret.jsonl").toAbsolutePath();
        assertTrue(OutsideFolder.question(robot).getContentText().startsWith(secret + "\n"),
                OutsideFolder.question(robot).getContentText());
        OutsideFolder.skipThem(robot);
        assertEquals(List.of(dir.resolve("case/t.jsonl").toAbsolutePath()), workbench.corpus().transcripts(),
                "the relative path is read against the workspace's folder; the one outside is not read");
        String banner = robot.lookup(".workspace-banner").queryAs(Label.class).getText();
        assertTrue(banner.contains("1 file(s) outside the workspace's folder not read: " + secret), banner);
    }

    @Test
    void filesOutsideTheWorkspacesFolderAreReadWhenThePersonSaysSo(FxRobot robot) throws Exception {
        Path file = caseWithASecretAbove();
        robot.interact(() -> workbench.open(List.of(file)));
        OutsideFolder.readThem(robot);
        assertEquals(List.of(dir.resolve("case/t.jsonl").toAbsolutePath(), dir.resolve("secret.jsonl").toAbsolutePath()),
                workbench.corpus().transcripts());
    }
}

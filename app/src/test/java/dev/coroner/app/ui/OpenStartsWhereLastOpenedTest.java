package dev.coroner.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.coroner.app.ui.model.DemoCorpus;
import dev.coroner.app.ui.model.Tasks;
import dev.coroner.app.ui.model.ViewSettings;
import dev.coroner.core.findings.FindingSources;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;
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
 * File ▸ Open transcripts and Open folder start in the folder last opened, not in the system's "Recent", also in the
 * next run (the preferences node that keeps the theme; here a temporary one); a folder since removed is not offered.
 */
@ExtendWith(ApplicationExtension.class)
class OpenStartsWhereLastOpenedTest {
    private final Preferences node = Preferences.userRoot().node("dev/coroner/test/" + UUID.randomUUID());
    private Workbench workbench;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        Workbench.useTheme();
        workbench = new Workbench(Tasks.sameThread(), FindingSources.standard());
        workbench.settings().remember(node);
        stage.setScene(workbench.scene(1280, 720));
        stage.show();
    }

    @AfterEach
    void removeNode() throws BackingStoreException {
        node.removeNode();
    }

    private Actions actions() {
        return ((MainView) workbench.root()).actions;
    }

    @Test
    void theNextDialogStartsInTheFolderLastOpenedAndTheNextRunRemembers(FxRobot robot) throws Exception {
        assertNull(actions().filesChooser().getInitialDirectory(), "nothing opened yet: the system's choice");
        robot.interact(() -> actions().openedFiles(List.of(DemoCorpus.DEAD_EXPORT)));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, workbench.corpus().transcripts().size(), "what the dialog chose is opened");
        File demo = DemoCorpus.DEAD_EXPORT.getParent().toFile();
        assertEquals(demo, actions().filesChooser().getInitialDirectory());
        assertEquals(demo, actions().folderChooser().getInitialDirectory());

        Path other = Files.createDirectories(dir.resolve("runs"));
        robot.interact(() -> actions().openedFolder(other));
        assertEquals(other.toFile(), actions().filesChooser().getInitialDirectory());
        ViewSettings next = new ViewSettings();
        next.remember(node);
        assertEquals(other, next.startFolder(), "the next run starts there too");

        Files.delete(other);
        assertNull(actions().filesChooser().getInitialDirectory(), "a folder that is gone is not offered");
    }
}

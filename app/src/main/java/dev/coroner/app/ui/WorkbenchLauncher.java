package dev.coroner.app.ui;

import dev.coroner.fixtures.Fixtures;
import java.nio.file.Path;
import java.util.List;
import javafx.application.Application;

/**
 * Opens the workbench window; called by the command line by name, so the command line never loads JavaFX. Returns
 * when the window is closed.
 */
public final class WorkbenchLauncher {
    private WorkbenchLauncher() {
    }

    /** Opens {@code paths}, or the bundled demo corpus when none is given. */
    public static void launch(List<Path> paths) {
        List<Path> open = paths.isEmpty() ? List.of(Fixtures.demoCorpus()) : paths;
        Application.launch(CoronerApplication.class,
                open.stream().map(p -> p.toAbsolutePath().toString()).toArray(String[]::new));
    }
}

package dev.coroner.app.ui;

import java.nio.file.Path;
import java.util.List;

/** Opens the workbench window. (Placeholder entry; the window itself is built in this package.) */
public final class WorkbenchLauncher {
    private WorkbenchLauncher() {
    }

    public static void launch(List<Path> paths) {
        throw new UnsupportedOperationException("the window is not built yet");
    }
}

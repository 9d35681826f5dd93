package dev.coroner.app.ui;

import dev.coroner.app.launch.SnapshotRequest;
import dev.coroner.app.launch.WindowFrontend;
import dev.coroner.app.launch.WindowRequest;
import javafx.application.Application;

/**
 * The window side of the command line: loaded by name ({@link WindowFrontend#load()}) so that the other commands
 * never load JavaFX.
 */
public final class WorkbenchLauncher implements WindowFrontend {
    /** Made by {@link WindowFrontend#load()}. */
    public WorkbenchLauncher() {
    }

    @Override
    public void open(WindowRequest request) {
        // JavaFX makes the Application itself and gives it only strings: the request goes over beside the launch
        CoronerApplication.handOver(request);
        Application.launch(CoronerApplication.class);
    }

    @Override
    public void snapshot(SnapshotRequest request) throws Exception {
        Snapshots.render(request);
    }
}

package dev.coroner.app.launch;

import dev.coroner.fixtures.Fixtures;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code coroner [PATH…]} asks the window to open. A plain value: the command line builds it without loading
 * JavaFX, and the window reads it once when it starts.
 *
 * @param paths the transcripts and folders named on the command line; none: the bundled demo corpus
 */
public record WindowRequest(List<Path> paths) {
    public WindowRequest {
        paths = List.copyOf(paths);
    }

    /** The transcripts and folders to open, absolute: those named, or the demo corpus when none is. */
    public List<Path> toOpen() {
        List<Path> open = paths.isEmpty() ? List.of(Fixtures.demoCorpus()) : paths;
        return open.stream().map(Path::toAbsolutePath).toList();
    }
}

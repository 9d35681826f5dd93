package dev.coroner.app.ui.model;

import dev.coroner.core.findings.Finding;
import java.nio.file.Path;

/** A finding and the transcript it is in. */
public record FindingItem(Path path, Finding finding) {
    /** The transcript's file name. */
    public String transcript() {
        return path.getFileName() == null ? path.toString() : path.getFileName().toString();
    }
}

package dev.coroner.app.ui.model;

import java.nio.file.Path;

/**
 * A link from the selected record to another place: call ↔ result, block → call, call → the blocks that quote it,
 * a sub-agent's transcript.
 *
 * @param path the transcript, or null for the one shown
 * @param line the line; 0 with a path: that transcript's terminal record
 */
public record DetailLink(String label, Path path, long line) {
}

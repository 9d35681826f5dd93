package dev.coroner.app.ui.model;

import java.util.List;

/**
 * Text with CSS style classes on ranges, for a read-only rich text area: built off the FX thread, applied on it.
 *
 * @param runs sorted, not overlapping; text outside every run is plain
 */
public record StyledText(String text, List<Run> runs) {
    public static final StyledText EMPTY = new StyledText("", List.of());

    /** {@code [start, end)} carries {@code styleClass}. */
    public record Run(int start, int end, String styleClass) {
    }

    public StyledText {
        runs = List.copyOf(runs);
    }
}

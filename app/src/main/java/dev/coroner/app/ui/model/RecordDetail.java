package dev.coroner.app.ui.model;

import dev.coroner.core.read.SourceSpan;
import java.nio.file.Path;
import java.util.List;

/**
 * The selected record as the detail panel shows it, read from the file off the FX thread.
 *
 * @param header  "line 409 · assistant · claude-sonnet-4-6 · 10:02:21.411 UTC · 2.1 KB"
 * @param message the content blocks rendered as one styled text
 * @param raw     the record as pretty JSON (huge strings cut), or the problem line's bytes
 * @param rawNote what was cut, or "" when nothing was
 * @param images  decoded image blocks
 */
public record RecordDetail(Path path, SourceSpan span, String header, StyledText message, StyledText raw,
                           String rawNote, List<byte[]> images) {
    public RecordDetail {
        images = List.copyOf(images);
    }
}

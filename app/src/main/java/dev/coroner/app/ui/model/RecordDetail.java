package dev.coroner.app.ui.model;

import dev.coroner.core.read.SourceSpan;
import dev.coroner.core.render.ContentBlock;
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
 * @param content the record's content blocks, kept to draw the message again (its block badges) without a read
 */
public record RecordDetail(Path path, SourceSpan span, String header, StyledText message, StyledText raw,
                           String rawNote, List<byte[]> images, List<ContentBlock> content) {
    public RecordDetail {
        images = List.copyOf(images);
        content = List.copyOf(content);
    }

    /** The same record with its message drawn again. */
    RecordDetail withMessage(StyledText message) {
        return new RecordDetail(path, span, header, message, raw, rawNote, images, content);
    }
}

package dev.coroner.app.cli;

import dev.coroner.core.text.PathText;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A note about one file that its rows alone would leave unsaid (docs/VERDICTS.md, "Command line"): an answer's
 * text read only in part. Text: {@code   note: …} under the file's rows; JSON: a row {@code {"path","line","note"}}
 * ({@code line} null when the note is about the whole file).
 */
final class NoteRows {
    private NoteRows() {
    }

    static Map<String, Object> json(Path path, Long line, String note) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("path", PathText.of(path));
        m.put("line", line);
        m.put("note", note);
        return m;
    }

    static String text(String note) {
        return "  note: " + Output.safe(note);
    }
}

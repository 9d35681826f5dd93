package dev.coroner.app.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.render.ContentBlock;
import dev.coroner.core.text.ControlChars;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A {@code Write}, {@code Edit} or {@code MultiEdit} call in the detail panel: under its JSON, kept as the evidence, the
 * text it writes as text and each edit as an old → new line diff, escaped like every transcript text.
 */
class MessageDocumentTest {
    private static StyledText call(String name, String input) {
        return MessageDocument.of(List.of(new ContentBlock.ToolUse("toolu_1", name, input)));
    }

    /** The text under the run styled {@code style} that covers the line holding {@code line}. */
    private static String styleOf(StyledText d, String line) {
        int at = d.text().indexOf(line);
        assertTrue(at >= 0, "no line " + line + " in\n" + d.text());
        return d.runs().stream().filter(r -> r.start() <= at && at < r.end()).map(StyledText.Run::styleClass)
                .findFirst().orElse("");
    }

    @Test
    void anEditShowsItsOldAndNewStringsAsALineDiffUnderItsJson() {
        StyledText d = call("Edit", """
                {
                  "file_path" : "/src/app.py",
                  "old_string" : "def f():\\n    return 1\\n",
                  "new_string" : "def f():\\n    return 2\\n"
                }""");
        assertTrue(d.text().contains("\"old_string\" : \"def f():\\n    return 1\\n\""), "the JSON stays, as written");
        assertTrue(d.text().contains("edits /src/app.py · old → new\n"), d.text());
        assertEquals("diff-same", styleOf(d, "  def f():\n"));
        assertEquals("diff-block", styleOf(d, "-     return 1\n"));
        assertEquals("diff-program", styleOf(d, "+     return 2\n"));
        assertEquals("block-title", styleOf(d, "edits /src/app.py"));
    }

    @Test
    void aWriteShowsTheTextItWritesWithItsLineBreaks() {
        StyledText d = call("Write", """
                {"file_path": "/src/notes.md", "content": "# Notes\\n\\n- one\\n- two\\n"}""");
        assertTrue(d.text().contains("writes /src/notes.md\n# Notes\n\n- one\n- two\n"), d.text());
    }

    @Test
    void aMultiEditShowsEachEditNumberedAndSaysWhichReplaceEveryOccurrence() {
        StyledText d = call("MultiEdit", """
                {"file_path": "/a.txt", "edits": [
                  {"old_string": "x", "new_string": "y"},
                  {"old_string": "p", "new_string": "q", "replace_all": true}]}""");
        assertTrue(d.text().contains("edit 1 of 2 · /a.txt · old → new\n- x\n+ y\n"), d.text());
        assertTrue(d.text().contains("edit 2 of 2 · /a.txt · old → new · every occurrence\n- p\n+ q\n"), d.text());
    }

    @Test
    void controlCharactersInTheEditedTextAreShownEscapedNotObeyed() {
        StyledText d = call("Edit", """
                {"file_path": "/x\\u001b[31m.txt", "old_string": "a", "new_string": "b\\u202eevil"}""");
        String shown = d.text().substring(d.text().indexOf("edits "));
        assertFalse(shown.contains("\u001b") || shown.contains("\u202e"), shown);
        assertTrue(shown.contains("edits " + ControlChars.escape("/x\u001b[31m.txt")), shown);
        assertTrue(shown.contains("+ " + ControlChars.escape("b\u202eevil") + "\n"), shown);
    }

    @Test
    void anotherToolOrAnInputTheseToolsDoNotTakeIsLeftToItsJson() {
        for (StyledText d : List.of(call("Bash", "{\"command\": \"ls\"}"),
                call("Edit", "{\"file_path\": \"/a\", \"old_string\": 3}"),
                call("Write", "{\"file_path\": \"/a\", \"content\": "))) {
            assertFalse(d.text().contains("old → new") || d.text().contains("writes "), d.text());
        }
    }
}

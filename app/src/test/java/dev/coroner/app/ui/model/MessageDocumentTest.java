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

    /** The characters each run styled {@code style} covers, in order. */
    private static List<String> styled(StyledText d, String style) {
        return d.runs().stream().filter(r -> r.styleClass().equals(style))
                .map(r -> d.text().substring(r.start(), r.end())).toList();
    }

    @Test
    void anAnswersMarkdownIsStyledWhereItStandsEveryCharacterKept() {
        String answer = "# Plan\n\nWe **must** check *this* first: run `make test`, see [docs](https://x.test).\n\n"
                + "- one\n- two\n\n> quoted\n\n```sh\nls **not bold**\n```\n";
        StyledText d = MessageDocument.of(List.of(new ContentBlock.Text(answer)));
        assertEquals("text\n" + answer, d.text(), "the text is as the agent wrote it, marks and all");
        assertEquals(List.of("# Plan"), styled(d, "md-heading"));
        assertEquals(List.of("**must**"), styled(d, "md-strong"));
        assertEquals(List.of("*this*"), styled(d, "md-em"));
        assertEquals(List.of("`make test`"), styled(d, "md-code"));
        assertEquals(List.of("[docs](https://x.test)"), styled(d, "md-link"));
        assertEquals(List.of("- ", "- "), styled(d, "md-list-marker"));
        assertEquals(List.of("> quoted"), styled(d, "md-quote"));
        assertEquals(List.of("```sh\nls **not bold**\n```"), styled(d, "fence"), "the fenced block is the scanner's");
    }

    @Test
    void theMarksARendererWouldHideAreDimmedAndKeptSoTheAnswerReadsRenderedAndCopiesAsWritten() {
        String answer = "## Findings\n\n- **payment**: 3 reads of `request.args`, see [the docs](https://x.test) "
                + "and __this__ or _that_.\n";
        StyledText d = MessageDocument.of(List.of(new ContentBlock.Text(answer)));
        assertEquals("text\n" + answer, d.text(), "every character stays: a selection copies what the agent wrote");
        assertEquals(List.of("## ", "**", "**", "`", "`", "[", "](https://x.test)", "__", "__", "_", "_"),
                styled(d, "md-marker"));
        // what is left between the marks reads as rendered: the word bold, the link's text, the code
        assertEquals(List.of("**payment**", "__this__"), styled(d, "md-strong"));
        assertEquals(List.of("[the docs](https://x.test)"), styled(d, "md-link"));
    }

    @Test
    void anEmojiTheFontsCannotDrawIsItsNameAndTheStylesAfterItStayOnTheirCharacters() {
        StyledText d = MessageDocument.placeholders(MessageDocument.of(List.of(
                new ContentBlock.Text("Done 🎉 with **care**"))), cp -> !Drawable.pictograph(cp));
        assertEquals("text\nDone :party popper: with **care**\n", d.text());
        assertEquals(List.of(":party popper:"), styled(d, "glyph-placeholder"));
        assertEquals(List.of("**care**"), styled(d, "md-strong"), "the run after it moved with its characters");
        assertEquals(List.of("text\n"), styled(d, "block-title"));
    }

    @Test
    void anAnswerNestingQuotesThousandsDeepIsStyledWithoutRunningOutOfStack() {
        String deep = "> ".repeat(5_000) + "**deep**\n";
        List<StyledText.Run> runs = MarkdownRuns.of(deep, 0);
        assertEquals(5_000, runs.stream().filter(r -> r.styleClass().equals("md-quote")).count());
        assertEquals(1, runs.stream().filter(r -> r.styleClass().equals("md-strong")).count());
    }

    @Test
    void anEscapedCharacterAndAHarnessTagAreMarkedAsTokensAndATypedBackslashIsNot() {
        StyledText d = MessageDocument.of(List.of(new ContentBlock.Text(
                "<command-name>/init</command-name> typed \\t, real\u001b[0m <div>x</div>")));
        assertEquals("text\n<command-name>/init</command-name> typed \\t, real\\x1b[0m <div>x</div>\n", d.text());
        assertEquals(List.of("\\x1b"), styled(d, "token-control"));
        assertEquals(List.of("<command-name>", "</command-name>"), styled(d, "token-tag"));
    }

    @Test
    void eachFencedBlockOfAnAnswerHasItsBadgeOverItAndItsProgramColoured() {
        String answer = "Run this:\n\n```python\nprint(1)\n```\n\n- then:\n  ```sh\n  ls # all\n  ```\n";
        BlockBadges badges = new BlockBadges(java.util.Map.of(
                1, new BlockBadges.Badge("block 1 · ok · ran by the Bash call at line 7", "block-badge-matched")), false);
        StyledText d = MessageDocument.of(List.of(new ContentBlock.Text("intro"), new ContentBlock.Text(answer)), badges);
        assertEquals("text\nintro\n\ntext\nRun this:\n\n▸ block 1 · ok · ran by the Bash call at line 7\n```python\n"
                + "print(1)\n```\n\n- then:\n▸ block 2 · not compared: the code-block matcher has no verdict on it\n"
                + "  ```sh\n  ls # all\n  ```\n", d.text(), "the answer's own characters are all there, in order");
        assertEquals(List.of("▸ block 1 · ok · ran by the Bash call at line 7"), styled(d, "block-badge-matched"));
        assertEquals(2, styled(d, "block-badge").size());
        assertEquals(List.of("```python\nprint(1)\n```", "```sh\n  ls # all\n  ```"), styled(d, "fence"),
                "the fences moved with their characters");
        assertEquals(List.of("print"), styled(d, "code-keyword"));
        assertEquals(List.of("1"), styled(d, "code-number"));
        assertEquals(List.of("# all"), styled(d, "code-comment"));
        assertEquals(List.of("- "), styled(d, "md-list-marker"), "a run before a badge stays where it was");
    }

    @Test
    void aBlockAfterThePartThePassReadSaysItWasNotCompared() {
        StyledText d = MessageDocument.of(List.of(new ContentBlock.Text("```\nx\n```")),
                new BlockBadges(java.util.Map.of(), true));
        assertEquals(List.of("▸ block 1 · not compared: after the part of the text the pass read"),
                styled(d, "block-badge-none"));
    }

    @Test
    void aRecordWithoutBadgesShowsItsTextAsWritten() {
        String answer = "```sh\nls\n```\n";
        assertEquals("text\n" + answer, MessageDocument.of(List.of(new ContentBlock.Text(answer))).text());
    }

    private static StyledText withoutContent(String json) throws Exception {
        var tree = (com.fasterxml.jackson.databind.node.ObjectNode) dev.coroner.core.read.TranscriptJson.readTree(
                json.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return MessageDocument.withoutContent(new dev.coroner.core.read.TranscriptRecord(
                new dev.coroner.core.read.SourceSpan(10, 0, json.length()), tree));
    }

    @Test
    void anApiErrorRecordShowsItsRetryItsStatusAndItsErrorNotAnEmptyMessage() throws Exception {
        StyledText d = withoutContent("""
                {"type":"system","subtype":"api_error","level":"error","error":{"message":"529 {\\"type\\":\\"error\\"}",\
                "status":529,"formatted":"529 Overloaded\\u001b[0m","connection":null},"retryInMs":4390.2,"retryAttempt":3,"maxRetries":10}""");
        assertFalse(d.text().contains("no message content"), d.text());
        assertTrue(d.text().startsWith("api_error · the harness's call to the API failed\n"), d.text());
        assertTrue(d.text().contains("retry   attempt 3 of 10 · next try in 4.4 s\n"), d.text());
        assertTrue(d.text().contains("status  529\n"), d.text());
        assertTrue(d.text().contains("error   529 Overloaded\\x1b[0m\n"), "the harness's words, escaped: " + d.text());
        assertTrue(d.text().contains("class   SERVER\n"), d.text());
        assertEquals(List.of("529", "529 Overloaded\\x1b[0m"), styled(d, "error-text"));
        assertEquals(List.of("\\x1b"), styled(d, "token-control"));
    }

    @Test
    void anApiErrorWithoutAStatusSaysItsCauseAndThatNoMessageWasWritten() throws Exception {
        StyledText d = withoutContent("""
                {"type":"system","subtype":"api_error","error":{"cause":{"code":"ConnectionRefused","errno":0}},\
                "retryAttempt":2,"maxRetries":10}""");
        assertTrue(d.text().contains("retry   attempt 2 of 10\n"), d.text());
        assertTrue(d.text().contains("status  not given\n"), d.text());
        assertTrue(d.text().contains("error   no message (its fields are in Raw JSON)\n"), d.text());
        assertTrue(d.text().contains("cause   ConnectionRefused\n"), d.text());
    }

    @Test
    void anotherRecordWithoutContentPointsAtItsRawJson() throws Exception {
        assertEquals("This record has no message content. Its fields are in Raw JSON.",
                withoutContent("{\"type\":\"system\",\"subtype\":\"turn_duration\",\"durationMs\":5}").text());
    }
}

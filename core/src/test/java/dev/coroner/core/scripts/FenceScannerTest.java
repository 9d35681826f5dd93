package dev.coroner.core.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The fence rules a reviewer relies on, one readable case each (the spec examples are in CommonMarkSpecTest). */
class FenceScannerTest {

    private static FencedBlock only(String markdown) {
        List<FencedBlock> blocks = FenceScanner.scan(markdown);
        assertEquals(1, blocks.size(), "exactly one fenced block in: " + markdown);
        return blocks.get(0);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            backtick fence                       | I ran:\\n```bash\\nls -la\\n```\\nDone.        | ls -la         | bash
            tilde fence                          | ~~~\\necho hi\\n~~~                             | echo hi        | ''
            tilde fence may hold backticks       | ~~~ `odd`\\na\\n~~~                             | a              | `odd`
            longer closing fence closes          | ```\\na\\n`````                                 | a              | ''
            shorter closing fence does not close | ````\\na\\n```\\nb\\n````                       | a\\n```\\nb    | ''
            other fence char does not close      | ```\\na\\n~~~\\n```                             | a\\n~~~        | ''
            closing fence with text is content   | ```\\na\\n``` x\\n```                           | a\\n``` x      | ''
            fence indent is stripped from lines  | '  ```\\n  a\\n    b\\nc\\n  ```'                | a\\n  b\\nc    | ''
            closing fence may be indented 3      | ```\\na\\n   ```                                | a              | ''
            info string is trimmed               | '```   python  extra  \\nx\\n```'               | x              | python  extra
            blank lines inside are kept          | ```\\n\\na\\n\\n\\nb\\n```                      | \\na\\n\\n\\nb | ''
            trailing spaces are kept             | '```\\nx = 1  \\n```'                           | 'x = 1  '      | ''
            """)
    void contentIsTheLinesBetweenTheFences(String name, String markdown, String content, String info) {
        FencedBlock b = only(unescape(markdown));
        assertEquals(unescape(content), b.content(), name);
        assertEquals(info, b.info(), name);
        assertTrue(b.closed(), name);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            four spaces make indented code        | '    ```\\n    a\\n    ```'
            backtick info may not hold a backtick | ``` a`b\\nx
            two backticks are inline code         | ``\\nx\\n``
            fence inside an HTML block            | <div>\\n```\\nx\\n```\\n</div>
            """)
    void notAFence(String name, String markdown) {
        assertTrue(FenceScanner.scan(unescape(markdown)).isEmpty(), name);
    }

    @Test
    void unclosedFenceRunsToTheEndOfTheTextWithoutTheLastTerminator() {
        FencedBlock b = only("Run this:\n```sh\nmake\nmake test\n");
        assertFalse(b.closed());
        assertEquals("make\nmake test", b.content());
        assertEquals(2, b.lines());
    }

    @Test
    void unclosedFenceInAListItemEndsWithTheItem() {
        FencedBlock b = only("- ```\n  a\nb\n");
        assertFalse(b.closed());
        assertEquals("a", b.content());
    }

    @Test
    void blockInsideAListItemLosesTheItemIndentationOnly() {
        String md = "1. Install:\n\n   ```bash\n   pip install x\n     --pre\n   ```\n2. Done\n";
        FencedBlock b = only(md);
        assertEquals("pip install x\n  --pre", b.content());
        assertEquals("bash", b.info());
        assertEquals(md.indexOf("```bash"), b.start());
        assertEquals(md.indexOf("   ```\n2.") + 6, b.end());
    }

    @Test
    void blockInsideABlockQuoteLosesTheQuoteMarkers() {
        FencedBlock b = only("> ```\n> x = 1\n>   y\n> ```\n");
        assertEquals("x = 1\n  y", b.content());
    }

    @Test
    void lineTerminatorsStayAsWritten() {
        assertEquals("a\r\nb", only("```\r\na\r\nb\r\n```\r\n").content());
        assertEquals("a\rb", only("```\ra\rb\r```").content());
        assertEquals("a\r\nb\nc", only("```\na\r\nb\nc\n```").content());
    }

    @Test
    void noUnicodeNormalisationAndNoTabExpansion() {
        String nfd = "echo \"e\u0301\"\n\tindented";
        assertEquals(nfd, only("```\n" + nfd + "\n```").content());
    }

    @Test
    void emptyBlockAndBlockOfOneEmptyLineDifferInLineCount() {
        FencedBlock empty = only("```\n```");
        FencedBlock oneEmptyLine = only("```\n\n```");
        assertEquals("", empty.content());
        assertEquals(0, empty.lines());
        assertEquals("", oneEmptyLine.content());
        assertEquals(1, oneEmptyLine.lines());
    }

    @Test
    void blocksAreNumberedInOrderWithTheirOffsets() {
        String md = "a\n```\none\n```\nb\n~~~\ntwo\n~~~";
        List<FencedBlock> blocks = FenceScanner.scan(md);
        assertEquals(2, blocks.size());
        assertEquals(1, blocks.get(0).number());
        assertEquals(2, blocks.get(1).number());
        assertEquals("```\none\n```", md.substring(blocks.get(0).start(), blocks.get(0).end()));
        assertEquals("~~~\ntwo\n~~~", md.substring(blocks.get(1).start(), blocks.get(1).end()));
    }

    @Test
    void aFenceInterruptsAParagraph() {
        assertEquals("x", only("Some prose\n```\nx\n```").content());
    }

    @Test
    void emptyTextHasNoBlocks() {
        assertTrue(FenceScanner.scan("").isEmpty());
    }

    @Test
    void nestingBeyondTheBoundIsReadAsText() {
        String deep = "> ".repeat(FenceScanner.MAX_NESTING) + "```\n" + "> ".repeat(FenceScanner.MAX_NESTING) + "x\n";
        assertEquals("x", only(deep).content(), "at the bound, containers still count");
        String tooDeep = "> ".repeat(FenceScanner.MAX_NESTING + 1) + "```\nx\n";
        assertTrue(FenceScanner.scan(tooDeep).isEmpty(), "one level deeper, the marker is text: no fence starts");
        String hostile = "1. ".repeat(20_000) + "x\n" + "\n".repeat(200_000) + "```\ny\n```\n";
        assertEquals("y", only(hostile).content(), "20,000 nested items then 200,000 blank lines: read, not hung");
    }

    /** CSV cells write a line feed as backslash-n and a carriage return as backslash-r. */
    private static String unescape(String s) {
        return s.replace("\\n", "\n").replace("\\r", "\r");
    }
}

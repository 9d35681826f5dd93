package dev.coroner.app.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.scripts.FenceScanner;
import dev.coroner.core.scripts.FencedBlock;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The colours of a fenced block's program: its language's comments, strings, keywords, numbers, variables. */
class CodeHighlightTest {
    /** "style:characters" for each run, in order. */
    private static List<String> shown(String code, List<StyledText.Run> runs) {
        return runs.stream().map(r -> r.styleClass().substring(5) + ":" + code.substring(r.start(), r.end())).toList();
    }

    /** {@link #shown} for the whole of {@code code} lexed as the info string {@code language} names. */
    private static List<String> coloured(String language, String code) {
        return shown(code, CodeHighlight.runs(code, CodeHighlight.language(language)));
    }

    @Test
    void pythonKeywordsStringsCommentsAndNumbersEachGetTheirStyle() {
        String code = "def f(x):  # add one\n    return x + 1 if x else \"\"\"none\n at all\"\"\"\nprint('d#f', 2.5)";
        assertEquals(List.of("keyword:def", "comment:# add one", "keyword:return", "number:1", "keyword:if",
                        "keyword:else", "string:\"\"\"none\n at all\"\"\"", "keyword:print", "string:'d#f'", "number:2.5"),
                coloured("python", code));
    }

    @Test
    void aShellCommentIsAWordOfItsOwnAndVariablesAreMarked() {
        String code = "for f in *.log; do echo \"$f\" ${#x} a#b --in; done # end\nexit $?";
        assertEquals(List.of("keyword:for", "keyword:in", "keyword:do", "keyword:echo", "string:\"$f\"",
                        "variable:${#x}", "keyword:done", "comment:# end", "keyword:exit", "variable:$?"),
                coloured("bash", code));
    }

    @Test
    void aBlockCommentAndATemplateStringSpanLinesInJavaScript() {
        String code = "/* a\n b */ const s = `x\ny`; // done";
        assertEquals(List.of("comment:/* a\n b */", "keyword:const", "string:`x\ny`", "comment:// done"),
                coloured("ts", code));
    }

    @Test
    void anUnknownOrMissingLanguageIsLeftPlain() {
        assertNull(CodeHighlight.language(""));
        assertNull(CodeHighlight.language("brainfuck"));
        assertEquals(CodeHighlight.language("python"), CodeHighlight.language("Python {title=x}"));
    }

    @Test
    void aBlockInAListItemIsColouredOnItsOwnLinesPastTheIndentation() {
        String text = "1. Run:\n   ```sh\n   echo \"a\n   b\" # c\n   ```\n";
        FencedBlock f = FenceScanner.scan(text).get(0);
        assertEquals("echo \"a\nb\" # c", f.content(), "the scanner strips the item's indentation");
        List<StyledText.Run> runs = CodeHighlight.ofBlock(text, f);
        // the string is cut at the line end and does not cover the next line's indentation
        assertEquals(List.of("keyword:echo", "string:\"a", "string:b\"", "comment:# c"), shown(text, runs));
        assertTrue(runs.stream().allMatch(r -> !text.substring(r.start(), r.end()).startsWith(" ")));
    }

    @Test
    void aBlockWithoutALanguageGetsNoRuns() {
        String text = "```\nfor x in y\n```\n";
        assertEquals(List.of(), CodeHighlight.ofBlock(text, FenceScanner.scan(text).get(0)));
    }
}

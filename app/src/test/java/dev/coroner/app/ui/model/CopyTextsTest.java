package dev.coroner.app.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * "Copy finding as Markdown" escapes a transcript's text only where Markdown would misread it: a pasted finding reads
 * as the text it quotes ({@code agent-a3c5…}, {@code sub-agent's}), and a renderer shows every character of it as
 * written, no {@code *}, {@code _}, {@code `}, link or tag turned into markup.
 */
class CopyTextsTest {
    private static final Parser PARSER = Parser.builder().build();

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "agent-a3c5f1e2.jsonl                 | agent-a3c5f1e2.jsonl",
            "the sub-agent's result (see above). | the sub-agent's result (see above).",
            "/home/dev/my_project/x.py            | /home/dev/my_project/x.py",
            "#1 + 2 = 3! {ok} \"q\" 50% a.b      | #1 + 2 = 3! {ok} \"q\" 50% a.b",
            "R&D and a&b                          | R&D and a&b",
            "**bold** *em*                        | \\*\\*bold\\*\\* \\*em\\*",
            "_em_ and __strong__                  | \\_em\\_ and \\_\\_strong\\_\\_",
            "`code`                               | \\`code\\`",
            "[a](http://x) ![i](y)                | \\[a\\](http://x) !\\[i\\](y)",
            "<b>tag</b> <http://x>                | \\<b>tag\\</b> \\<http://x>",
            "~~gone~~                             | \\~\\~gone\\~\\~",
            "&amp; &#42; &copy;                   | \\&amp; \\&#42; \\&copy;",
            "C:\\Users\\x\\*y\\                     | C:\\Users\\x\\\\\\*y\\\\",
    })
    void escapesOnlyWhatMarkdownWouldMisread(String text, String escaped) {
        assertEquals(escaped, CopyTexts.markdown(text));
    }

    /** The text of a rendered line, as a reader sees it, and whether anything in it became markup. */
    private static String rendered(String markdown) {
        Node doc = PARSER.parse(markdown);
        StringBuilder text = new StringBuilder();
        List<String> markup = new ArrayList<>();
        doc.accept(new AbstractVisitor() {
            @Override
            public void visit(Text t) {
                text.append(t.getLiteral());
            }

            @Override
            protected void visitChildren(Node parent) {
                String kind = parent.getClass().getSimpleName();
                if (!List.of("Document", "Paragraph", "BulletList", "ListItem", "StrongEmphasis", "Text").contains(kind)) {
                    markup.add(kind);
                }
                super.visitChildren(parent);
            }
        });
        return markup.isEmpty() ? text.toString() : "markup " + markup + ": " + text;
    }

    @ParameterizedTest
    @ValueSource(strings = {"**bold** and *em* and _em_ and __s__ x_", "`tick` ``two`` [l](u) ![i](s) <a href=x>",
            "<http://x.test> &amp; &#42; \\*not\\* \\", "snake_case_name and _lead trail_ x", "a*b*c a_b_c ~x~",
            "sub-agent's agent-a3c5 #1. + - > 1) | a | !"})
    void aRendererShowsTheEscapedTextAsWrittenInAListItemAndInBold(String text) {
        assertEquals(text, rendered("- reason: " + CopyTexts.markdown(text)).substring("reason: ".length()));
        assertEquals(text, rendered("**" + CopyTexts.markdown(text) + "**"));
    }
}

package dev.coroner.core.scripts;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.IndentedCodeBlock;
import org.commonmark.node.Node;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

/** What commonmark-java (the reference implementation we test against) makes of a Markdown text's code blocks. */
final class CommonMarkReference {
    private static final Parser PARSER = Parser.builder().build();
    private static final HtmlRenderer RENDERER = HtmlRenderer.builder().build();
    private static final Pattern PRE = Pattern.compile("<pre><code(?: class=\"[^\"]*\")?>(.*?)</code></pre>", Pattern.DOTALL);

    /** One code block as commonmark-java parsed it. */
    record Code(boolean fenced, String literal, String info) {
    }

    private CommonMarkReference() {
    }

    /** Every code block, fenced or indented, in document order (the order the HTML shows them). */
    static List<Code> codeBlocks(Node document) {
        List<Code> out = new ArrayList<>();
        document.accept(new AbstractVisitor() {
            @Override
            public void visit(FencedCodeBlock b) {
                out.add(new Code(true, b.getLiteral(), b.getInfo() == null ? "" : b.getInfo()));
            }

            @Override
            public void visit(IndentedCodeBlock b) {
                out.add(new Code(false, b.getLiteral(), null));
            }
        });
        return out;
    }

    static Node parse(String markdown) {
        return PARSER.parse(markdown);
    }

    /** The fenced blocks' literals as commonmark-java's own HTML renderer writes them, decoded. */
    static List<String> fencedFromHtml(String markdown) {
        Node doc = parse(markdown);
        return fencedFromHtml(doc, RENDERER.render(doc));
    }

    /**
     * The fenced blocks' contents in {@code html} (the renderer's or the spec's expected output), decoded: the i-th
     * {@code <pre>} is the i-th code block of the parsed document.
     */
    static List<String> fencedFromHtml(Node document, String html) {
        List<Code> blocks = codeBlocks(document);
        List<String> pres = new ArrayList<>();
        Matcher m = PRE.matcher(html);
        while (m.find()) {
            pres.add(decode(m.group(1)));
        }
        if (pres.size() != blocks.size()) {
            throw new AssertionError("the HTML holds " + pres.size() + " code blocks, the tree " + blocks.size());
        }
        List<String> fenced = new ArrayList<>();
        for (int i = 0; i < blocks.size(); i++) {
            if (blocks.get(i).fenced()) {
                fenced.add(pres.get(i));
            }
        }
        return fenced;
    }

    static String decode(String html) {
        return html.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&");
    }

    /**
     * Our block's content in CommonMark's own form, for a text whose lines all end with {@code \n}: every line, the
     * last included, ends with one {@code \n}. (We keep terminators as written and drop the last one.)
     */
    static String asCommonMark(FencedBlock block) {
        if (block.content().indexOf('\r') >= 0) {
            throw new IllegalArgumentException("only for texts with \\n line endings");
        }
        return block.lines() == 0 ? "" : block.content() + "\n";
    }
}

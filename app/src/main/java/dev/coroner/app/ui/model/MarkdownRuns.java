package dev.coroner.app.ui.model;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import org.commonmark.node.BlockQuote;
import org.commonmark.node.Code;
import org.commonmark.node.Emphasis;
import org.commonmark.node.Heading;
import org.commonmark.node.Link;
import org.commonmark.node.ListItem;
import org.commonmark.node.Node;
import org.commonmark.node.SourceSpan;
import org.commonmark.node.StrongEmphasis;
import org.commonmark.node.ThematicBreak;
import org.commonmark.parser.IncludeSourceSpans;
import org.commonmark.parser.Parser;

/**
 * An answer's Markdown, styled where it stands (docs/WORKBENCH.md, "The detail panel"): headings, emphasis, strong
 * emphasis, inline code, links, quotes, list markers and rules get a style run over their own characters, found by
 * commonmark-java with source positions. The text itself is never changed — the {@code #}, the {@code **}, the
 * backticks stay, so what the detail panel shows is still every character the agent wrote, at the offsets the fenced
 * blocks were found at. Fenced code blocks are left to the fence scanner, whose blocks are the ones linked to calls.
 */
final class MarkdownRuns {
    private static final Parser PARSER = Parser.builder().includeSourceSpans(IncludeSourceSpans.BLOCKS_AND_INLINES)
            .build();
    /** The style of each kind of node marked over its own characters. */
    private static final Map<Class<? extends Node>, String> STYLES = Map.of(Heading.class, "md-heading",
            Emphasis.class, "md-em", StrongEmphasis.class, "md-strong", Code.class, "md-code", Link.class, "md-link",
            BlockQuote.class, "md-quote", ThematicBreak.class, "md-rule");

    private MarkdownRuns() {
    }

    /** The style runs of {@code text}'s Markdown, offsets into {@code text}, each moved by {@code at}. */
    static List<StyledText.Run> of(String text, int at) {
        List<StyledText.Run> runs = new ArrayList<>();
        // a loop, not a recursion: a hostile answer nests quotes thousands deep
        Deque<Node> todo = new ArrayDeque<>(List.of(PARSER.parse(text)));
        while (!todo.isEmpty()) {
            Node n = todo.pop();
            String style = STYLES.get(n.getClass());
            if (style != null) {
                for (SourceSpan s : n.getSourceSpans()) {
                    add(runs, text, at, s.getInputIndex(), s.getLength(), style);
                }
            }
            if (n instanceof ListItem item && !item.getSourceSpans().isEmpty() && item.getMarkerIndent() != null
                    && item.getContentIndent() != null) {
                // the marker ("-", "*", "1.") is the item's first characters, up to where its content starts
                SourceSpan first = item.getSourceSpans().get(0);
                add(runs, text, at, first.getInputIndex(),
                        Math.min(first.getLength(), item.getContentIndent() - item.getMarkerIndent()), "md-list-marker");
            }
            for (Node c = n.getLastChild(); c != null; c = c.getPrevious()) {
                todo.push(c);
            }
        }
        return runs;
    }

    private static void add(List<StyledText.Run> runs, String text, int at, int start, int length, String style) {
        if (start >= 0 && length > 0 && start + length <= text.length()) {
            runs.add(new StyledText.Run(at + start, at + start + length, style));
        }
    }
}

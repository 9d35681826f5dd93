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
 *
 * <p>So that an answer reads as rendered, the marks themselves — the {@code **} and {@code _} around emphasis, a
 * heading's {@code #}s, a link's {@code [}, {@code ](url)} and an inline code's backticks — are styled
 * {@code md-marker}: dim, never hidden, so a selection still copies what the agent wrote (docs/ARCHITECTURE.md,
 * "Workbench").
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
            markers(n, text, at, runs);
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

    /** The marks of {@code n} that a renderer would not show, styled {@code md-marker}. */
    private static void markers(Node n, String text, int at, List<StyledText.Run> runs) {
        List<SourceSpan> spans = n.getSourceSpans();
        if (spans.isEmpty()) {
            return;
        }
        int start = spans.get(0).getInputIndex();
        SourceSpan last = spans.get(spans.size() - 1);
        int end = last.getInputIndex() + last.getLength();
        if (start < 0 || end > text.length() || start >= end) {
            return;
        }
        if (n instanceof Emphasis e) {
            around(runs, text, at, start, end, e.getOpeningDelimiter().length());
        } else if (n instanceof StrongEmphasis e) {
            around(runs, text, at, start, end, e.getOpeningDelimiter().length());
        } else if (n instanceof Code) {
            around(runs, text, at, start, end, run(text, start, end, '`'));
        } else if (n instanceof Heading && text.charAt(start) == '#') {
            int marks = run(text, start, end, '#');
            while (start + marks < end && (text.charAt(start + marks) == ' ' || text.charAt(start + marks) == '\t')) {
                marks++;
            }
            add(runs, text, at, start, marks, "md-marker");
        } else if (n instanceof Link && n.getFirstChild() != null && !n.getFirstChild().getSourceSpans().isEmpty()
                && !n.getLastChild().getSourceSpans().isEmpty()) {
            // "[" … "](url)", or "<" … ">": everything of the link but its text
            int textStart = n.getFirstChild().getSourceSpans().get(0).getInputIndex();
            List<SourceSpan> lastSpans = n.getLastChild().getSourceSpans();
            SourceSpan l = lastSpans.get(lastSpans.size() - 1);
            int textEnd = l.getInputIndex() + l.getLength();
            if (start <= textStart && textStart <= textEnd && textEnd <= end) {
                add(runs, text, at, start, textStart - start, "md-marker");
                add(runs, text, at, textEnd, end - textEnd, "md-marker");
            }
        }
    }

    /** The first and the last {@code n} characters of {@code start}..{@code end}, when they do not overlap. */
    private static void around(List<StyledText.Run> runs, String text, int at, int start, int end, int n) {
        if (n > 0 && 2 * n <= end - start) {
            add(runs, text, at, start, n, "md-marker");
            add(runs, text, at, end - n, n, "md-marker");
        }
    }

    /** How many {@code c} in a row from {@code start}, before {@code end}. */
    private static int run(String text, int start, int end, char c) {
        int i = start;
        while (i < end && text.charAt(i) == c) {
            i++;
        }
        return i - start;
    }

    private static void add(List<StyledText.Run> runs, String text, int at, int start, int length, String style) {
        if (start >= 0 && length > 0 && start + length <= text.length()) {
            runs.add(new StyledText.Run(at + start, at + start + length, style));
        }
    }
}

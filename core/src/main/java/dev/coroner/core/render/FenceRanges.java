package dev.coroner.core.render;

import java.util.ArrayList;
import java.util.List;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.SourceSpan;
import org.commonmark.parser.IncludeSourceSpans;
import org.commonmark.parser.Parser;

/**
 * Where the fenced code blocks of a text are, for highlighting them in the detail view: CommonMark's reading of
 * fences (DESIGN §5), numbered 1.. in order. Which call a block matches is the scripts matcher's business; this
 * only says where each block is.
 */
public final class FenceRanges {
    /**
     * One fenced block.
     *
     * @param number 1-based, in the order of the text
     * @param start  the first character of the opening fence
     * @param end    just past the closing fence (or the end of the text when the fence is never closed)
     * @param info   the info string ("bash", "python"…), "" when none
     */
    public record Fence(int number, int start, int end, String info) {
    }

    private static final Parser PARSER = Parser.builder().includeSourceSpans(IncludeSourceSpans.BLOCKS).build();

    private FenceRanges() {
    }

    public static List<Fence> of(String text) {
        List<Fence> out = new ArrayList<>();
        PARSER.parse(text).accept(new AbstractVisitor() {
            @Override
            public void visit(FencedCodeBlock block) {
                List<SourceSpan> spans = block.getSourceSpans();
                if (!spans.isEmpty()) {
                    SourceSpan first = spans.get(0);
                    SourceSpan last = spans.get(spans.size() - 1);
                    String info = block.getInfo() == null ? "" : block.getInfo().strip();
                    out.add(new Fence(out.size() + 1, first.getInputIndex(),
                            last.getInputIndex() + last.getLength(), info));
                }
            }
        });
        return out;
    }
}

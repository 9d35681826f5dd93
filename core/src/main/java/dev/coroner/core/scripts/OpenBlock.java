package dev.coroner.core.scripts;

/** A block the fence scanner has open while it reads lines: a container, or the leaf that takes the lines. */
final class OpenBlock {
    enum Kind {
        DOCUMENT, QUOTE, LIST, ITEM, PARAGRAPH, FENCE, INDENTED_CODE, HTML, ONE_LINE;

        boolean isContainer() {
            return this == DOCUMENT || this == QUOTE || this == LIST || this == ITEM;
        }
    }

    final Kind kind;

    // LIST: the marker that began it, so the next item joins the same list or starts another.
    BlockSyntax.ListMarker marker;
    // ITEM: columns of the item's content from where its marker's line started, and whether it holds anything.
    int contentIndent;
    boolean hasChild;
    // HTML: the start condition's kind (1-7) and whether the end condition was met.
    int htmlKind;
    boolean htmlEnded;
    // FENCE: the opener, and the content read so far.
    char fenceChar;
    int fenceLength;
    int fenceIndent;
    int fenceStart;
    String info;
    int lastLineEnd;
    int lines;
    final StringBuilder content;
    private String pendingTerminator = "";

    OpenBlock(Kind kind) {
        this.kind = kind;
        this.content = kind == Kind.FENCE ? new StringBuilder() : null;
    }

    boolean canContain(Kind child) {
        return kind == Kind.LIST ? child == Kind.ITEM : kind.isContainer();
    }

    /** Adds one content line to a fence; the terminator before it joins only once a next line arrives. */
    void addFenceLine(LineCursor cursor, String terminator) {
        content.append(pendingTerminator);
        cursor.appendRest(content);
        pendingTerminator = terminator;
        lastLineEnd = cursor.lineEnd;
        lines++;
    }
}

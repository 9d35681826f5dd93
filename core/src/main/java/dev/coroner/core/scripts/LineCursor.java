package dev.coroner.core.scripts;

/**
 * Where the fence scanner stands on the current line: a character index and a column, with tab stops every four
 * columns as CommonMark counts them. A container prefix can end inside a tab; then {@code partialTab} is set and the
 * tab's remaining columns are still to be read.
 */
final class LineCursor {
    static final int TAB_STOP = 4;

    private final String text;
    int lineStart;
    int lineEnd;
    int index;
    int column;
    boolean partialTab;

    // Filled by findNextNonSpace(): the first character that is not a space or tab, its column, and how far it
    // is indented from the cursor.
    int nextNonSpace;
    int nextNonSpaceColumn;
    int indent;
    boolean blank;

    LineCursor(String text) {
        this.text = text;
    }

    void begin(int start, int end) {
        lineStart = start;
        lineEnd = end;
        index = start;
        column = 0;
        partialTab = false;
    }

    char at(int i) {
        return text.charAt(i);
    }

    boolean isSpaceOrTab(int i) {
        return i < lineEnd && (text.charAt(i) == ' ' || text.charAt(i) == '\t');
    }

    void findNextNonSpace() {
        int i = index;
        int cols = column;
        while (i < lineEnd) {
            char c = text.charAt(i);
            if (c == ' ') {
                cols++;
            } else if (c == '\t') {
                cols += TAB_STOP - cols % TAB_STOP;
            } else {
                break;
            }
            i++;
        }
        nextNonSpace = i;
        nextNonSpaceColumn = cols;
        indent = cols - column;
        blank = i == lineEnd;
    }

    /** Moves to a character index; an index is never inside a tab. */
    void toIndex(int newIndex) {
        while (index < newIndex && index < lineEnd) {
            advance();
        }
        partialTab = false;
    }

    /** Moves to a column; stopping inside a tab leaves the rest of that tab unread. */
    void toColumn(int newColumn) {
        while (column < newColumn && index < lineEnd) {
            advance();
        }
        if (column > newColumn) {
            index--;
            column = newColumn;
            partialTab = true;
        } else {
            partialTab = false;
        }
    }

    private void advance() {
        column += text.charAt(index) == '\t' ? TAB_STOP - column % TAB_STOP : 1;
        index++;
    }

    /** The rest of the line from the cursor; the unread columns of a partly read tab become spaces, as in CommonMark. */
    void appendRest(StringBuilder out) {
        if (partialTab) {
            for (int n = TAB_STOP - column % TAB_STOP; n > 0; n--) {
                out.append(' ');
            }
            out.append(text, index + 1, lineEnd);
        } else {
            out.append(text, index, lineEnd);
        }
    }
}

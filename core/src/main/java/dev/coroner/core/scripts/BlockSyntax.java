package dev.coroner.core.scripts;

import java.util.regex.Pattern;

/**
 * The CommonMark line patterns the fence scanner needs to know where blocks start (CommonMark 0.31.2, sections
 * "Leaf blocks" and "Container blocks"). Each method looks at one line from a given index; none allocates unless it
 * matches.
 */
final class BlockSyntax {
    /** A line indented this many columns or more is indented code, never a block start. */
    static final int CODE_INDENT = 4;

    private BlockSyntax() {
    }

    /** Length of a fence opener at {@code at} ({@code ```} or {@code ~~~}, three or more), or 0. */
    static int fenceOpener(String s, int at, int end) {
        char c = s.charAt(at);
        if (c != '`' && c != '~') {
            return 0;
        }
        int n = run(s, at, end, c);
        if (n < 3) {
            return 0;
        }
        // A backtick fence's info string may not hold a backtick (it would read as inline code).
        if (c == '`') {
            for (int i = at + n; i < end; i++) {
                if (s.charAt(i) == '`') {
                    return 0;
                }
            }
        }
        return n;
    }

    /** Whether the line from {@code at} closes a fence of {@code c} opened {@code length} long. */
    static boolean closesFence(String s, int at, int end, char c, int length) {
        int n = run(s, at, end, c);
        return n >= length && onlySpaceOrTab(s, at + n, end);
    }

    /** The info string after a fence opener: the rest of the line, without surrounding spaces and tabs. */
    static String info(String s, int from, int end) {
        while (from < end && isSpaceOrTab(s.charAt(from))) {
            from++;
        }
        while (end > from && isSpaceOrTab(s.charAt(end - 1))) {
            end--;
        }
        return s.substring(from, end);
    }

    static boolean atxHeading(String s, int at, int end) {
        int n = run(s, at, end, '#');
        return n >= 1 && n <= 6 && (at + n == end || isSpaceOrTab(s.charAt(at + n)));
    }

    static boolean setextUnderline(String s, int at, int end) {
        char c = s.charAt(at);
        if (c != '=' && c != '-') {
            return false;
        }
        return onlySpaceOrTab(s, at + run(s, at, end, c), end);
    }

    static boolean thematicBreak(String s, int at, int end) {
        char c = s.charAt(at);
        if (c != '-' && c != '_' && c != '*') {
            return false;
        }
        int count = 0;
        for (int i = at; i < end; i++) {
            char d = s.charAt(i);
            if (d == c) {
                count++;
            } else if (!isSpaceOrTab(d)) {
                return false;
            }
        }
        return count >= 3;
    }

    /** A list marker at {@code at}, or null. */
    record ListMarker(char bullet, char delimiter, int start, int length) {
        boolean ordered() {
            return delimiter != 0;
        }

        /** Whether an item with this marker continues a list begun by {@code other}. */
        boolean sameListAs(ListMarker other) {
            return ordered() ? other.ordered() && delimiter == other.delimiter : bullet == other.bullet;
        }
    }

    static ListMarker listMarker(String s, int at, int end) {
        char c = s.charAt(at);
        if (c == '-' || c == '+' || c == '*') {
            return at + 1 == end || isSpaceOrTab(s.charAt(at + 1)) ? new ListMarker(c, (char) 0, 0, 1) : null;
        }
        int i = at;
        int number = 0;
        while (i < end && i - at < 10 && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            number = number * 10 + (s.charAt(i) - '0');
            i++;
        }
        int digits = i - at;
        if (digits < 1 || digits > 9 || i == end) {
            return null;
        }
        char d = s.charAt(i);
        if ((d != '.' && d != ')') || !(i + 1 == end || isSpaceOrTab(s.charAt(i + 1)))) {
            return null;
        }
        return new ListMarker((char) 0, d, number, digits + 1);
    }

    // HTML block start conditions 1-7 and the end conditions of 1-5 (CommonMark "HTML blocks").
    private static final String TAG_NAME = "[A-Za-z][A-Za-z0-9-]*";
    private static final String ATTRIBUTE = "(?:[ \\t]+[A-Za-z_:][A-Za-z0-9_.:-]*"
            + "(?:[ \\t]*=[ \\t]*(?:[^\"'=<>`\\x00-\\x20]+|'[^']*'|\"[^\"]*\"))?)";
    private static final Pattern[] HTML_START = {
            null,
            Pattern.compile("<(?:script|pre|style|textarea)(?:[ \\t>]|$)", Pattern.CASE_INSENSITIVE),
            Pattern.compile("<!--"),
            Pattern.compile("<\\?"),
            Pattern.compile("<![A-Za-z]"),
            Pattern.compile("<!\\[CDATA\\["),
            Pattern.compile("</?(?:address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd"
                    + "|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset"
                    + "|h1|h2|h3|h4|h5|h6|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes"
                    + "|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr"
                    + "|track|ul)(?:[ \\t]|/?>|$)", Pattern.CASE_INSENSITIVE),
            Pattern.compile("(?:<" + TAG_NAME + ATTRIBUTE + "*[ \\t]*/?>|</" + TAG_NAME + "[ \\t]*>)[ \\t]*$"),
    };
    private static final Pattern[] HTML_END = {
            null,
            Pattern.compile("</(?:script|pre|style|textarea)>", Pattern.CASE_INSENSITIVE),
            Pattern.compile("-->"),
            Pattern.compile("\\?>"),
            Pattern.compile(">"),
            Pattern.compile("]]>"),
    };
    private static final Pattern RAW_TEXT_OPEN_TAG = Pattern.compile("<(?:script|pre|style|textarea)(?![A-Za-z0-9-])",
            Pattern.CASE_INSENSITIVE);

    /**
     * The kind (1-7) of HTML block that starts at {@code at}, or 0. Kind 7 cannot interrupt a paragraph.
     */
    static int htmlBlockStart(String s, int at, int end, boolean interruptsParagraph) {
        if (s.charAt(at) != '<') {
            return 0;
        }
        CharSequence line = s.subSequence(at, end);
        for (int kind = 1; kind <= 7; kind++) {
            if (kind == 7 && (interruptsParagraph || RAW_TEXT_OPEN_TAG.matcher(line).lookingAt())) {
                continue;
            }
            if (HTML_START[kind].matcher(line).lookingAt()) {
                return kind;
            }
        }
        return 0;
    }

    /** Whether a line of an HTML block of {@code kind} meets its end condition (kinds 6 and 7 end at a blank line). */
    static boolean endsHtmlBlock(int kind, CharSequence line) {
        return kind <= 5 && HTML_END[kind].matcher(line).find();
    }

    static boolean isSpaceOrTab(char c) {
        return c == ' ' || c == '\t';
    }

    private static boolean onlySpaceOrTab(String s, int from, int end) {
        for (int i = from; i < end; i++) {
            if (!isSpaceOrTab(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static int run(String s, int at, int end, char c) {
        int i = at;
        while (i < end && s.charAt(i) == c) {
            i++;
        }
        return i - at;
    }
}

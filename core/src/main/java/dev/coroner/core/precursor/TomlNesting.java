package dev.coroner.core.precursor;

/**
 * How deeply a TOML text nests arrays and inline tables, found without parsing it: tomlj descends one Java frame per
 * level, so a few kilobytes of {@code [[[[…} would overflow the stack. Brackets inside strings and comments do not
 * count; table headers ({@code [a]}, {@code [[a]]}) count as the brackets they are, which keeps the count an upper
 * bound of the real nesting. docs/VERDICTS.md, "Precursor gate".
 */
final class TomlNesting {
    /** Where the text first goes deeper than the limit: 1-based line and column (code points, as tomlj counts). */
    record TooDeep(int line, int column) {
    }

    private TomlNesting() {
    }

    /** The first bracket that opens level {@code max + 1}, or null when the text stays within {@code max}. */
    static TooDeep firstBeyond(String text, int max) {
        int depth = 0;
        int line = 1;
        int column = 1;
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c == '\n') {
                line++;
                column = 1;
                i++;
                continue;
            }
            if (c == '#') {
                while (i < n && text.charAt(i) != '\n') {
                    i++;
                }
                continue;
            }
            if (c == '"' || c == '\'') {
                int end = stringEnd(text, i, c);
                for (int j = i; j < end; ) {
                    int cp = text.codePointAt(j);
                    j += Character.charCount(cp);
                    if (cp == '\n') {
                        line++;
                        column = 1;
                    } else {
                        column++;
                    }
                }
                i = end;
                continue;
            }
            if (c == '[' || c == '{') {
                if (++depth > max) {
                    return new TooDeep(line, column);
                }
            } else if ((c == ']' || c == '}') && depth > 0) {
                depth--;
            }
            i += Character.charCount(text.codePointAt(i));
            column++;
        }
        return null;
    }

    /**
     * Just past the string that starts at {@code from} with {@code quote}: basic strings take backslash escapes,
     * literal ones do not; a one-line string ends at the line's end if it is not closed (tomlj reports that).
     */
    private static int stringEnd(String text, int from, char quote) {
        int n = text.length();
        boolean escapes = quote == '"';
        if (text.startsWith(String.valueOf(quote).repeat(3), from)) {
            String close = String.valueOf(quote).repeat(3);
            int i = from + 3;
            while (i < n) {
                if (escapes && text.charAt(i) == '\\') {
                    i += 2;
                } else if (text.startsWith(close, i)) {
                    // up to two more quotes may end the content: """a""""" is "a" followed by two quotes
                    int j = i + 3;
                    while (j < n && j < i + 5 && text.charAt(j) == quote) {
                        j++;
                    }
                    return j;
                } else {
                    i++;
                }
            }
            return n;
        }
        int i = from + 1;
        while (i < n) {
            char c = text.charAt(i);
            if (c == '\n') {
                return i;
            }
            if (escapes && c == '\\') {
                // an escape never carries a one-line string past its line's end
                i += i + 1 < n && text.charAt(i + 1) != '\n' ? 2 : 1;
                continue;
            }
            i++;
            if (c == quote) {
                return i;
            }
        }
        return n;
    }
}

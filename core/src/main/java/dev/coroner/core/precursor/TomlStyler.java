package dev.coroner.core.precursor;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;

/**
 * Colours for a TOML text, for the grammar editor (docs/WORKBENCH.md, "The grammar panel"): text in, spans out,
 * nothing else. It never fails: the editor calls it on every keystroke, on text that is half-typed and often not TOML
 * yet, so an unterminated string or bracket is coloured as far as it goes. Positions are {@code char} offsets.
 */
public final class TomlStyler {
    /** What a span of text is. */
    public enum Kind {
        COMMENT, TABLE, KEY, STRING, NUMBER, BOOLEAN, PUNCTUATION
    }

    /** {@code [start, end)} of the text is a {@code kind}. */
    public record Span(int start, int end, Kind kind) {
        public Span {
            Objects.requireNonNull(kind);
            if (start < 0 || end <= start) {
                throw new IllegalArgumentException("bad span " + start + ".." + end);
            }
        }
    }

    private final String s;
    private final List<Span> spans = new ArrayList<>();
    /** Open brackets of the value being read: '[' for an array, '{' for an inline table. */
    private final Deque<Character> open = new ArrayDeque<>();
    private int i;
    private boolean expectKey = true;

    private TomlStyler(String text) {
        this.s = text;
    }

    /** The spans of {@code text}, in order, never overlapping; text in no span (blanks, stray characters) is plain. */
    public static List<Span> spans(String text) {
        TomlStyler t = new TomlStyler(text);
        t.run();
        return List.copyOf(t.spans);
    }

    private void run() {
        boolean lineStart = true;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '\n') {
                i++;
                lineStart = true;
                if (open.isEmpty()) {
                    expectKey = true;
                }
                continue;
            }
            if (c == ' ' || c == '\t' || c == '\r') {
                i++;
                continue;
            }
            boolean header = lineStart && open.isEmpty() && c == '[';
            lineStart = false;
            if (c == '#') {
                int from = i;
                toLineEnd();
                add(from, i, Kind.COMMENT);
            } else if (header) {
                int from = i;
                while (i < s.length() && s.charAt(i) != '\n' && s.charAt(i) != '#') {
                    char h = s.charAt(i);
                    i++;
                    if (h == ']' && (i >= s.length() || s.charAt(i) != ']')) {
                        break;
                    }
                }
                add(from, i, Kind.TABLE);
            } else if (c == '"' || c == '\'') {
                int from = i;
                string(c);
                add(from, i, expectKey ? Kind.KEY : Kind.STRING);
            } else if (c == '=') {
                add(i, ++i, Kind.PUNCTUATION);
                expectKey = false;
            } else if (c == '[' || c == '{') {
                open.push(c);
                add(i, ++i, Kind.PUNCTUATION);
                expectKey = c == '{';
            } else if (c == ']' || c == '}') {
                if (!open.isEmpty()) {
                    open.pop();
                }
                add(i, ++i, Kind.PUNCTUATION);
                expectKey = false;
            } else if (c == ',') {
                add(i, ++i, Kind.PUNCTUATION);
                expectKey = !open.isEmpty() && open.peek() == '{';
            } else if (c == '.' && expectKey) {
                add(i, ++i, Kind.PUNCTUATION);
            } else if (expectKey && bareKeyChar(c)) {
                int from = i;
                while (i < s.length() && bareKeyChar(s.charAt(i))) {
                    i++;
                }
                add(from, i, Kind.KEY);
            } else if (Character.isDigit(c) || ((c == '+' || c == '-') && i + 1 < s.length()
                    && (Character.isDigit(s.charAt(i + 1)) || s.startsWith("inf", i + 1) || s.startsWith("nan", i + 1)))) {
                int from = i;
                i++;
                while (i < s.length() && numberChar(s.charAt(i))) {
                    i++;
                }
                add(from, i, Kind.NUMBER);
            } else if (word("true") || word("false")) {
                int from = i;
                i += s.startsWith("true", i) ? 4 : 5;
                add(from, i, Kind.BOOLEAN);
            } else if (word("inf") || word("nan")) {
                add(i, i += 3, Kind.NUMBER);
            } else {
                i++; // a stray character: plain
            }
        }
    }

    private boolean word(String w) {
        int end = i + w.length();
        return s.startsWith(w, i) && (end >= s.length() || !bareKeyChar(s.charAt(end)));
    }

    private void toLineEnd() {
        while (i < s.length() && s.charAt(i) != '\n') {
            i++;
        }
    }

    /** Skips a string that starts at i: basic or literal, one-line or multi-line; an unterminated one ends its line. */
    private void string(char quote) {
        boolean multi = s.startsWith(String.valueOf(quote).repeat(3), i);
        i += multi ? 3 : 1;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '\\' && quote == '"') {
                i = Math.min(s.length(), i + 2);
                continue;
            }
            if (c == '\n' && !multi) {
                return;
            }
            if (c == quote) {
                if (!multi) {
                    i++;
                    return;
                }
                if (s.startsWith(String.valueOf(quote).repeat(3), i)) {
                    i += 3;
                    while (i < s.length() && s.charAt(i) == quote) {
                        i++;
                    }
                    return;
                }
            }
            i++;
        }
    }

    private void add(int from, int to, Kind kind) {
        if (to > from) {
            spans.add(new Span(from, to, kind));
        }
    }

    private static boolean bareKeyChar(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    }

    private static boolean numberChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == ':' || c == '+' || c == '-';
    }
}

package dev.coroner.core.render;

import java.util.ArrayList;
import java.util.List;

/**
 * Highlighting for pretty-printed JSON: text in, spans out (the RichTextFX demos' shape: a plain class, testable
 * without a toolkit). Spans cover only what is styled; the rest is plain.
 */
public final class JsonStyles {
    /** What a span is. */
    public enum Kind { KEY, STRING, NUMBER, LITERAL, PUNCTUATION }

    /** {@code [start, end)} of the text is a {@code kind}. */
    public record Span(int start, int end, Kind kind) {
    }

    private JsonStyles() {
    }

    public static List<Span> of(String json) {
        List<Span> out = new ArrayList<>();
        int n = json.length();
        int i = 0;
        while (i < n) {
            char c = json.charAt(i);
            if (c == '"') {
                int end = stringEnd(json, i);
                int j = end;
                while (j < n && (json.charAt(j) == ' ' || json.charAt(j) == '\t')) {
                    j++;
                }
                out.add(new Span(i, end, j < n && json.charAt(j) == ':' ? Kind.KEY : Kind.STRING));
                i = end;
            } else if (c == '-' || (c >= '0' && c <= '9')) {
                int j = i + 1;
                while (j < n && "0123456789.eE+-".indexOf(json.charAt(j)) >= 0) {
                    j++;
                }
                out.add(new Span(i, j, Kind.NUMBER));
                i = j;
            } else if (Character.isLetter(c)) {
                int j = i + 1;
                while (j < n && Character.isLetter(json.charAt(j))) {
                    j++;
                }
                out.add(new Span(i, j, Kind.LITERAL)); // true, false, null, NaN, Infinity
                i = j;
            } else if ("{}[],:".indexOf(c) >= 0) {
                out.add(new Span(i, i + 1, Kind.PUNCTUATION));
                i++;
            } else {
                i++;
            }
        }
        return out;
    }

    private static int stringEnd(String s, int open) {
        int i = open + 1;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (c == '"') {
                return i + 1;
            } else {
                i++;
            }
        }
        return s.length();
    }
}

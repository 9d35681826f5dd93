package dev.coroner.core.filter;

import java.util.List;

/**
 * Why an expression does not parse, where ({@code line} and {@code column} from 1; {@link #offset()} from 0, in
 * chars) and, for a mistyped name or word, what it may have meant, best first.
 */
public record FilterError(int line, int column, String message, List<String> suggestions, int offset) {
    public FilterError {
        suggestions = List.copyOf(suggestions);
    }

    public FilterError(int line, int column, String message, List<String> suggestions) {
        this(line, column, message, suggestions, 0);
    }

    /** The error at {@code offset} of {@code text}, its line and column counted there. */
    static FilterError at(String text, int offset, String message, List<String> suggestions) {
        int line = 1;
        int lineStart = 0;
        int end = Math.min(offset, text.length());
        for (int i = 0; i < end; i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new FilterError(line, offset - lineStart + 1, message, suggestions, offset);
    }

    /** {@code 1:6: unknown field 'stat': did you mean 'state'?} */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder().append(line).append(':').append(column).append(": ").append(message);
        if (!suggestions.isEmpty()) {
            s.append(": did you mean ");
            for (int i = 0; i < suggestions.size(); i++) {
                s.append(i == 0 ? "" : i == suggestions.size() - 1 ? " or " : ", ");
                s.append('\'').append(suggestions.get(i)).append('\'');
            }
            s.append('?');
        }
        return s.toString();
    }
}

package dev.coroner.core.precursor;

import java.util.Objects;

/**
 * One change to a grammar's text: {@code [start, end)} of the text is replaced by {@code replacement} ({@code char}
 * offsets). The editor applies it as one undoable edit, in the text a person sees, never behind it
 * (docs/WORKBENCH.md, "The grammar panel").
 *
 * @param summary what the edit does, for a person ("Edit now requires Read")
 */
public record GrammarEdit(int start, int end, String replacement, String summary) {
    public GrammarEdit {
        Objects.requireNonNull(replacement);
        Objects.requireNonNull(summary);
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("bad range " + start + ".." + end);
        }
    }

    /** {@code text} with this edit made. */
    public String apply(String text) {
        return text.substring(0, start) + replacement + text.substring(end);
    }
}

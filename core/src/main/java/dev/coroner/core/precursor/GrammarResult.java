package dev.coroner.core.precursor;

import java.util.Comparator;
import java.util.List;

/**
 * What loading a grammar gave: a grammar and no errors, or errors and no grammar. There is no third case: a
 * grammar with a mistake in it is never half-used, and a bad file never turns into a default. Either way it may
 * carry notes: what the loader left alone on purpose (the other tables of a {@code dos.toml}), never a mistake.
 *
 * @param grammar the grammar, or null when there are errors
 * @param errors  every error found, in file order
 * @param notes   what was left alone, in file order
 */
public record GrammarResult(PrecursorGrammar grammar, List<GrammarError> errors, List<GrammarNote> notes) {
    public GrammarResult {
        errors = errors.stream().sorted(GrammarError.IN_FILE_ORDER).toList();
        notes = notes.stream().sorted(Comparator.comparingInt(GrammarNote::line).thenComparingInt(GrammarNote::column))
                .toList();
        if ((grammar == null) == errors.isEmpty()) {
            throw new IllegalArgumentException("a grammar result holds a grammar or errors, not both or neither");
        }
    }

    public GrammarResult(PrecursorGrammar grammar, List<GrammarError> errors) {
        this(grammar, errors, List.of());
    }

    static GrammarResult of(PrecursorGrammar grammar) {
        return new GrammarResult(grammar, List.of());
    }

    static GrammarResult failed(List<GrammarError> errors) {
        return new GrammarResult(null, errors);
    }

    public boolean ok() {
        return grammar != null;
    }
}

package dev.coroner.core.precursor;

import java.util.List;

/**
 * What loading a grammar gave: a grammar and no errors, or errors and no grammar. There is no third case: a
 * grammar with a mistake in it is never half-used, and a bad file never turns into a default.
 *
 * @param grammar the grammar, or null when there are errors
 * @param errors  every error found, in file order
 */
public record GrammarResult(PrecursorGrammar grammar, List<GrammarError> errors) {
    public GrammarResult {
        errors = errors.stream().sorted(GrammarError.IN_FILE_ORDER).toList();
        if ((grammar == null) == errors.isEmpty()) {
            throw new IllegalArgumentException("a grammar result holds a grammar or errors, not both or neither");
        }
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

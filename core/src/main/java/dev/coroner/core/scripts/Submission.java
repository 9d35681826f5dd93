package dev.coroner.core.scripts;

import java.util.Objects;

/**
 * A program one call submitted: the first string among its input's {@code command}, {@code code}, {@code script},
 * {@code program} and {@code source} (docs/VERDICTS.md, "Code blocks"), with what became of the call.
 *
 * @param toolUseId the call's {@code tool_use.id} ("" when it has none)
 * @param tool      the tool's name ("" when it has none)
 * @param program   the program text, exactly as submitted
 * @param turn      the number of the call's turn (0 for calls before the first prompt)
 * @param dispatch  1-based position of the call among all calls of its turn, programs or not
 * @param line      1-based physical line of the assistant record that holds the call
 * @param offset    byte offset of that record in its file
 * @param exitCode  the exit code the result states, or null when it states none (never inferred from {@code ok})
 */
public record Submission(String toolUseId, String tool, String program, int turn, int dispatch, long line, long offset,
                         Outcome outcome, Integer exitCode) {
    public Submission {
        Objects.requireNonNull(toolUseId);
        Objects.requireNonNull(tool);
        Objects.requireNonNull(program);
        Objects.requireNonNull(outcome);
        if (dispatch < 1 || turn < 0) {
            throw new IllegalArgumentException("bad dispatch " + dispatch + " in turn " + turn);
        }
    }
}

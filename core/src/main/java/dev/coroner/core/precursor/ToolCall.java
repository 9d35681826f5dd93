package dev.coroner.core.precursor;

import java.util.Objects;

/**
 * One {@code tool_use} of a transcript.
 *
 * @param index the call's place among the transcript's calls, in file order, from 0
 * @param id    the {@code tool_use.id} its result pairs with, or null when the block had none
 * @param tool  the tool's name as the transcript spells it
 * @param line  the 1-based physical line of the record that holds the call
 */
public record ToolCall(int index, String id, String tool, long line) {
    public ToolCall {
        Objects.requireNonNull(tool);
    }
}

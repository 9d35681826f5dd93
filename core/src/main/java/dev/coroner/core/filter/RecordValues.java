package dev.coroner.core.filter;

import dev.coroner.core.index.RowFlags;
import dev.coroner.core.index.Timestamps;
import dev.coroner.core.index.TranscriptIndex;

/**
 * A timeline row's {@link FieldSchemas#RECORD} fields, read from what the pass kept in the index: no file is read.
 * {@code text} is null here; a frontend that shows summaries wraps this and answers it.
 */
public final class RecordValues implements FieldValues {
    private final TranscriptIndex index;
    private final int row;

    private RecordValues(TranscriptIndex index, int row) {
        this.index = index;
        this.row = row;
    }

    public static RecordValues of(TranscriptIndex index, int row) {
        return new RecordValues(index, row);
    }

    @Override
    public Object get(String field) {
        return switch (field) {
            case "line" -> index.line(row);
            case "kind" -> index.kind(row);
            case "role" -> index.role(row);
            case "model" -> index.model(row);
            case "tool" -> index.tool(row);
            case "error" -> index.has(row, RowFlags.TOOL_ERROR | RowFlags.API_ERROR | RowFlags.PROBLEM);
            case "problem" -> index.has(row, RowFlags.PROBLEM);
            case "call" -> index.has(row, RowFlags.TOOL_USE);
            case "result" -> index.has(row, RowFlags.TOOL_RESULT);
            case "tool_error" -> index.has(row, RowFlags.TOOL_ERROR);
            case "api_error" -> index.has(row, RowFlags.API_ERROR);
            case "synthetic" -> index.has(row, RowFlags.SYNTHETIC);
            case "sidechain" -> index.has(row, RowFlags.SIDECHAIN);
            case "thinking" -> index.has(row, RowFlags.THINKING);
            case "fence" -> index.has(row, RowFlags.FENCE);
            case "prompt" -> index.has(row, RowFlags.PROMPT);
            case "meta" -> index.has(row, RowFlags.META);
            case "bytes" -> index.length(row);
            case "time" -> {
                long t = index.time(row);
                yield t == Timestamps.NONE ? null : t;
            }
            default -> null;
        };
    }
}

package dev.coroner.core.precursor;

import com.fasterxml.jackson.databind.JsonNode;
import dev.coroner.core.read.ProblemLine;
import dev.coroner.core.read.TranscriptReader;
import dev.coroner.core.read.TranscriptRecord;
import dev.coroner.core.read.UnreadableTranscriptException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Collects a {@link CallStream} from records in file order: fed by {@link CallStream#read} or by an indexer that
 * is reading the transcript anyway. Pairing follows FORMAT.md §5: {@code tool_use.id} = {@code
 * tool_result.tool_use_id}. A result whose call was never seen (or was already answered) is not a call
 * entering the stream, so it is ignored.
 */
public final class CallStreamBuilder {
    private final Map<String, Integer> toolIndex = new HashMap<>();
    private String[] tools = new String[16];
    private int toolCount;

    private int[] callTool = new int[64];
    private String[] callId = new String[64];
    private long[] callLine = new long[64];
    private int[] callRank = new int[64];
    private int calls;

    private int[] streamCall = new int[64];
    private int results;

    /** Calls waiting for their result, by {@code tool_use.id}. */
    private final Map<String, Integer> pending = new HashMap<>();
    /** The stream length when each API message was first seen, by {@code message.id}. */
    private final Map<String, Integer> messageRank = new HashMap<>();

    private long line;
    private int rank;
    private long problemLines;

    static CallStream read(Path transcript) throws UnreadableTranscriptException {
        CallStreamBuilder b = new CallStreamBuilder();
        TranscriptReader.read(transcript, l -> {
            if (l instanceof TranscriptRecord r) {
                b.accept(r);
            } else if (l instanceof ProblemLine) {
                b.problemLine();
            }
            return true;
        });
        return b.build();
    }

    /** Takes one record's {@code tool_use} and {@code tool_result} blocks. */
    public void accept(TranscriptRecord record) {
        var message = record.message();
        if (message == null) {
            return;
        }
        JsonNode content = message.get("content");
        if (content == null || !content.isArray()) {
            return;
        }
        JsonNode id = message.get("id");
        record(record.span().line(), id != null && id.isTextual() ? id.textValue() : null);
        for (JsonNode block : content) {
            JsonNode type = block.get("type");
            if (type == null || !type.isTextual()) {
                continue;
            }
            if ("tool_use".equals(type.textValue())) {
                JsonNode name = block.get("name");
                JsonNode useId = block.get("id");
                if (name != null && name.isTextual()) { // a call with no name cannot be gated or be a precursor
                    toolUse(useId != null && useId.isTextual() ? useId.textValue() : null, name.textValue());
                }
            } else if ("tool_result".equals(type.textValue())) {
                JsonNode useId = block.get("tool_use_id");
                if (useId != null && useId.isTextual()) {
                    toolResult(useId.textValue());
                }
            }
        }
    }

    /** Counts a line that is not a record. */
    public void problemLine() {
        problemLines++;
    }

    /**
     * Starts a record at {@code line}. Its calls see the results read before it, or, when it continues an API
     * message already seen ({@code messageId}), the results read before that message began: calls made in
     * one message were all written before any of their results came back, whatever order the file shows.
     */
    public void record(long line, String messageId) {
        this.line = line;
        this.rank = messageId == null || messageId.isEmpty() ? results : messageRank.computeIfAbsent(messageId, k -> results);
    }

    /** A call in the current record. */
    public void toolUse(String id, String tool) {
        if (calls == callTool.length) {
            int n = calls * 2;
            callTool = Arrays.copyOf(callTool, n);
            callId = Arrays.copyOf(callId, n);
            callLine = Arrays.copyOf(callLine, n);
            callRank = Arrays.copyOf(callRank, n);
        }
        callTool[calls] = intern(tool);
        callId[calls] = id;
        callLine[calls] = line;
        callRank[calls] = rank;
        if (id != null) {
            pending.put(id, calls); // a reused id pairs with its latest call
        }
        calls++;
    }

    /** A result in the current record: its call enters the stream now. */
    public void toolResult(String toolUseId) {
        Integer call = pending.remove(toolUseId);
        if (call == null) {
            return;
        }
        if (results == streamCall.length) {
            streamCall = Arrays.copyOf(streamCall, results * 2);
        }
        streamCall[results++] = call;
    }

    public CallStream build() {
        return new CallStream(Arrays.copyOf(tools, toolCount), Arrays.copyOf(callTool, calls),
                Arrays.copyOf(callId, calls), Arrays.copyOf(callLine, calls), Arrays.copyOf(callRank, calls),
                Arrays.copyOf(streamCall, results), problemLines);
    }

    private int intern(String tool) {
        Integer known = toolIndex.get(tool);
        if (known != null) {
            return known;
        }
        if (toolCount == tools.length) {
            tools = Arrays.copyOf(tools, toolCount * 2);
        }
        tools[toolCount] = tool;
        toolIndex.put(tool, toolCount);
        return toolCount++;
    }
}

package dev.coroner.core.precursor;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Collects a {@link CallStream} from records in file order, fed by the one pass
 * ({@link dev.coroner.core.index.TranscriptPass}), which also pairs each result with its call by the one pairing rule
 * (docs/VERDICTS.md, "Pairing") and says here which call was answered.
 */
public final class CallStreamBuilder {
    private final Map<String, Integer> toolIndex = new HashMap<>();
    private String[] tools = new String[16];
    private int toolCount;

    private int[] callTool = new int[64];
    private String[] callId = new String[64];
    private long[] callLine = new long[64];
    private long[] callOffset = new long[64];
    private long[] callLength = new long[64];
    private int[] callRank = new int[64];
    private int calls;

    private int[] streamCall = new int[64];
    private int results;

    /** The stream length when each API message was first seen, by {@code message.id}. */
    private final Map<String, Integer> messageRank = new HashMap<>();

    private long line;
    private long offset;
    private long length;
    private int rank;
    private long problemLines;

    /** Counts a line that is not a record. */
    public void problemLine() {
        problemLines++;
    }

    /**
     * Starts a record at {@code line}, {@code length} bytes from {@code offset}. Its calls see the results read before it, or, when it continues an API
     * message already seen ({@code messageId}), the results read before that message began: calls made in
     * one message were all written before any of their results came back, whatever order the file shows.
     */
    public void record(long line, long offset, long length, String messageId) {
        this.line = line;
        this.offset = offset;
        this.length = length;
        this.rank = messageId == null || messageId.isEmpty() ? results : messageRank.computeIfAbsent(messageId, k -> results);
    }

    /** A named call in the current record; returns its index, for {@link #answered}. */
    public int toolUse(String id, String tool) {
        if (calls == callTool.length) {
            int n = calls * 2;
            callTool = Arrays.copyOf(callTool, n);
            callId = Arrays.copyOf(callId, n);
            callLine = Arrays.copyOf(callLine, n);
            callOffset = Arrays.copyOf(callOffset, n);
            callLength = Arrays.copyOf(callLength, n);
            callRank = Arrays.copyOf(callRank, n);
        }
        callTool[calls] = intern(tool);
        callId[calls] = id;
        callLine[calls] = line;
        callOffset[calls] = offset;
        callLength[calls] = length;
        callRank[calls] = rank;
        return calls++;
    }

    /** The call at {@code call} got its result: it enters the stream now. */
    public void answered(int call) {
        if (results == streamCall.length) {
            streamCall = Arrays.copyOf(streamCall, results * 2);
        }
        streamCall[results++] = call;
    }

    public CallStream build() {
        return new CallStream(Arrays.copyOf(tools, toolCount), Arrays.copyOf(callTool, calls),
                Arrays.copyOf(callId, calls), Arrays.copyOf(callLine, calls), Arrays.copyOf(callOffset, calls), Arrays.copyOf(callLength, calls), Arrays.copyOf(callRank, calls),
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

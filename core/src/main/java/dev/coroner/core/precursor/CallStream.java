package dev.coroner.core.precursor;

import dev.coroner.core.read.SourceSpan;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A transcript's tool calls and the order their results came in, built once per transcript so that a grammar
 * can be judged against it again and again without touching the file (docs/VERDICTS.md, "Precursor gate"; docs/ARCHITECTURE.md, "The pass"). Compact: per call a few
 * numbers and its {@code tool_use} id; each distinct tool name is stored once.
 *
 * <p>The stream a call sees is the calls whose {@code tool_result} was read in a record before the call was
 * made, in the order the results came; a call whose result never came never enters it. "Before the call was
 * made" means before the first record of the call's API message ({@code message.id}), so calls made together
 * in one message never see each other even when the harness wrote a sibling's result between their records.
 */
public final class CallStream {
    /** Result bits: the call's result came and its {@code is_error} was not true. */
    static final byte SUCCEEDED = 1;
    /** Result bits: the result says it created the file (docs/VERDICTS.md, "Forensic exemptions"). */
    static final byte CREATED = 2;

    private final String[] tools;
    private final int[] callTool;
    private final String[] callId;
    private final long[] callLine;
    private final long[] callOffset;
    private final long[] callLength;
    private final int[] callRank;
    private final int[] callStreamPosition;
    private final int[] streamCall;
    private final int[] firstStreamPosition;
    private final long problemLines;
    private final String[] paths;
    private final int[] callPath;
    private final byte[] callResult;

    CallStream(String[] tools, int[] callTool, String[] callId, long[] callLine, long[] callOffset, long[] callLength, int[] callRank,
               int[] streamCall, long problemLines, String[] paths, int[] callPath, byte[] callResult) {
        this.paths = paths;
        this.callPath = callPath;
        this.callResult = callResult;
        this.tools = tools;
        this.callTool = callTool;
        this.callId = callId;
        this.callLine = callLine;
        this.callOffset = callOffset;
        this.callLength = callLength;
        this.callRank = callRank;
        this.streamCall = streamCall;
        this.problemLines = problemLines;
        this.callStreamPosition = new int[callTool.length];
        Arrays.fill(callStreamPosition, -1);
        this.firstStreamPosition = new int[tools.length];
        Arrays.fill(firstStreamPosition, Integer.MAX_VALUE);
        for (int p = streamCall.length - 1; p >= 0; p--) {
            int call = streamCall[p];
            callStreamPosition[call] = p;
            firstStreamPosition[callTool[call]] = p;
        }
    }

    /** The number of tool calls, answered or not. */
    public int size() {
        return callTool.length;
    }

    public ToolCall call(int index) {
        return new ToolCall(index, callId[index], tools[callTool[index]], callLine[index]);
    }

    /** Every call in file order. */
    public List<ToolCall> calls() {
        return new AbstractList<>() {
            @Override
            public ToolCall get(int index) {
                return call(index);
            }

            @Override
            public int size() {
                return callTool.length;
            }
        };
    }

    /** Where the record that holds {@code call} is: the evidence of a verdict on it. */
    public SourceSpan span(int call) {
        return new SourceSpan(callLine[call], callOffset[call], callLength[call]);
    }

    /** How many results had entered the stream when {@code call} was made: the length of the stream it sees. */
    public int seen(int call) {
        return callRank[call];
    }

    /** The tools whose results {@code call} could have seen, as the transcript spells them, in result order. */
    public List<String> streamBefore(int call) {
        int n = callRank[call];
        return new AbstractList<>() {
            @Override
            public String get(int p) {
                return tools[callTool[streamCall[Objects.checkIndex(p, n)]]];
            }

            @Override
            public int size() {
                return n;
            }
        };
    }

    /** Whether {@code call}'s result was ever read. */
    public boolean answered(int call) {
        return callStreamPosition[call] >= 0;
    }

    /** The {@code file_path} of {@code call}'s input, or null when it named none. */
    public String filePath(int call) {
        int p = callPath[call];
        return p < 0 ? null : paths[p];
    }

    /** Whether {@code call}'s result came and did not say {@code is_error: true}. */
    public boolean succeeded(int call) {
        return (callResult[call] & SUCCEEDED) != 0;
    }

    /** Whether {@code call}'s result succeeded and says it created the file ("File created successfully at: …"). */
    public boolean created(int call) {
        return (callResult[call] & CREATED) != 0;
    }

    /** How many calls entered the stream: the results read, each call counted once. */
    public int results() {
        return streamCall.length;
    }

    /** Lines of the transcript that are not records (torn, not JSON): a result on one cannot count. */
    public long problemLines() {
        return problemLines;
    }

    // The gate reads these directly: no per-call objects while a grammar is judged.

    int distinctTools() {
        return tools.length;
    }

    String tool(int toolIndex) {
        return tools[toolIndex];
    }

    int toolOf(int call) {
        return callTool[call];
    }

    /** Index of {@code call}'s {@code file_path} among the stream's distinct paths, or -1. */
    int pathOf(int call) {
        return callPath[call];
    }

    int distinctPaths() {
        return paths.length;
    }

    /** The call at stream position {@code p}. */
    int streamCall(int p) {
        return streamCall[p];
    }

    /** Where {@code toolIndex}'s first result sits in the stream, or {@link Integer#MAX_VALUE} when never. */
    int firstStreamPosition(int toolIndex) {
        return firstStreamPosition[toolIndex];
    }
}

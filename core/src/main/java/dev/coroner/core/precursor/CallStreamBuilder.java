package dev.coroner.core.precursor;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
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

    /** Each distinct {@code file_path} once: calls hold its index (-1 for none). */
    private final Map<String, Integer> pathIndex = new HashMap<>();
    private String[] paths = new String[16];
    private int pathCount;
    private int[] callPath = new int[64];
    /**
     * Each distinct shell command that {@link ShellCommand} can read once, with its simple commands: calls hold its
     * index (-1 for none, or a command it refuses, which no grammar can count as a lookup).
     */
    private final Map<String, Integer> commandIndex = new HashMap<>();
    private String[] commands = new String[16];
    private List<List<String>>[] commandParts = newParts(16);
    private int commandCount;
    private int[] callCommand = new int[64];
    /** Per call: {@link CallStream#SUCCEEDED}, {@link CallStream#CREATED}, from its result. */
    private byte[] callResult = new byte[64];

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
        return toolUse(id, tool, null);
    }

    /**
     * A named call in the current record whose input names {@code filePath} and runs the shell {@code command} (each
     * null: none); returns its index. The command is what the grammar's command lookups read.
     */
    public int toolUse(String id, String tool, String filePath, String command) {
        int call = toolUse(id, tool, filePath);
        callCommand[call] = command == null ? -1 : command(command);
        return call;
    }

    /** A named call in the current record whose input names {@code filePath} (null: none); returns its index. */
    public int toolUse(String id, String tool, String filePath) {
        if (calls == callTool.length) {
            int n = calls * 2;
            callTool = Arrays.copyOf(callTool, n);
            callId = Arrays.copyOf(callId, n);
            callLine = Arrays.copyOf(callLine, n);
            callOffset = Arrays.copyOf(callOffset, n);
            callLength = Arrays.copyOf(callLength, n);
            callRank = Arrays.copyOf(callRank, n);
            callPath = Arrays.copyOf(callPath, n);
            callResult = Arrays.copyOf(callResult, n);
            callCommand = Arrays.copyOf(callCommand, n);
        }
        callCommand[calls] = -1;
        callPath[calls] = filePath == null ? -1 : path(filePath);
        callTool[calls] = intern(tool);
        callId[calls] = id;
        callLine[calls] = line;
        callOffset[calls] = offset;
        callLength[calls] = length;
        callRank[calls] = rank;
        return calls++;
    }

    /** The call at {@code call} got a successful result that created nothing: it enters the stream now. */
    public void answered(int call) {
        answered(call, false, false);
    }

    /**
     * The call at {@code call} got its result: it enters the stream now. {@code error}: the result's
     * {@code is_error} is true; {@code created}: it says it created the file (docs/VERDICTS.md, "Forensic exemptions").
     */
    public void answered(int call, boolean error, boolean created) {
        if (results == streamCall.length) {
            streamCall = Arrays.copyOf(streamCall, results * 2);
        }
        streamCall[results++] = call;
        callResult[call] = (byte) ((error ? 0 : CallStream.SUCCEEDED) | (!error && created ? CallStream.CREATED : 0));
    }

    public CallStream build() {
        return new CallStream(Arrays.copyOf(tools, toolCount), Arrays.copyOf(callTool, calls),
                Arrays.copyOf(callId, calls), Arrays.copyOf(callLine, calls), Arrays.copyOf(callOffset, calls), Arrays.copyOf(callLength, calls), Arrays.copyOf(callRank, calls),
                Arrays.copyOf(streamCall, results), problemLines,
                Arrays.copyOf(paths, pathCount), Arrays.copyOf(callPath, calls), Arrays.copyOf(callResult, calls),
                Arrays.copyOf(commands, commandCount), Arrays.copyOf(commandParts, commandCount),
                Arrays.copyOf(callCommand, calls));
    }

    private int command(String command) {
        Integer known = commandIndex.get(command);
        if (known != null) {
            return known;
        }
        List<List<String>> parts = ShellCommand.simpleCommands(command);
        if (parts == null || parts.isEmpty()) {
            return -1; // no grammar can count it: the string is not kept
        }
        if (commandCount == commands.length) {
            commands = Arrays.copyOf(commands, commandCount * 2);
            commandParts = Arrays.copyOf(commandParts, commandCount * 2);
        }
        commands[commandCount] = command;
        commandParts[commandCount] = parts;
        commandIndex.put(command, commandCount);
        return commandCount++;
    }

    @SuppressWarnings("unchecked")
    private static List<List<String>>[] newParts(int n) {
        return (List<List<String>>[]) new List<?>[n];
    }

    private int path(String filePath) {
        Integer known = pathIndex.get(filePath);
        if (known != null) {
            return known;
        }
        if (pathCount == paths.length) {
            paths = Arrays.copyOf(paths, pathCount * 2);
        }
        paths[pathCount] = filePath;
        pathIndex.put(filePath, pathCount);
        return pathCount++;
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

package dev.coroner.core.index;

/** What a row of the index is and holds, one bit each, read in the indexing pass (docs/VERDICTS.md, "Reading", docs/ARCHITECTURE.md, "The pass"). */
public final class RowFlags {
    /** The line is a problem, not a record. */
    public static final int PROBLEM = 1;
    /** {@code message} is an object whose role is "assistant": a candidate for the terminal record. */
    public static final int ASSISTANT_TURN = 1 << 1;
    /** Holds at least one {@code tool_use} block. */
    public static final int TOOL_USE = 1 << 2;
    /** Holds at least one {@code tool_result} block. */
    public static final int TOOL_RESULT = 1 << 3;
    /** A {@code tool_result} block has {@code is_error: true}. */
    public static final int TOOL_ERROR = 1 << 4;
    /** {@code message.model} is exactly {@code "<synthetic>"}: written by the harness. */
    public static final int SYNTHETIC = 1 << 5;
    /** Top-level {@code isApiErrorMessage} is truthy (Python truthiness, docs/VERDICTS.md, "Terminal verdict"). */
    public static final int API_ERROR = 1 << 6;
    /** Holds a {@code text} block (or string content). */
    public static final int TEXT = 1 << 7;
    /** A text holds a code fence ({@code ```} or {@code ~~~}): a hint that it may quote a program. */
    public static final int FENCE = 1 << 8;
    /** Holds a {@code thinking} block. */
    public static final int THINKING = 1 << 9;
    /** Holds an {@code image} block. */
    public static final int IMAGE = 1 << 10;
    /** {@code isSidechain: true}: a 1.0.x sub-agent record inside the session file. */
    public static final int SIDECHAIN = 1 << 11;
    /** {@code isMeta: true}. */
    public static final int META = 1 << 12;
    /** {@code isCompactSummary: true}. */
    public static final int COMPACT_SUMMARY = 1 << 13;
    /** A user record that carries a prompt: the start of a turn (docs/VERDICTS.md, "Turns"). */
    public static final int PROMPT = 1 << 14;
    /** {@code toolUseResult.agentId} names the sub-agent this result came from (docs/ARCHITECTURE.md, "The corpus engine"). */
    public static final int AGENT_LINK = 1 << 15;
    /** The last line has no newline (torn, or still being written). */
    public static final int UNTERMINATED = 1 << 16;

    private RowFlags() {
    }
}

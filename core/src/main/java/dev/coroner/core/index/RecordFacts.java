package dev.coroner.core.index;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.coroner.core.read.Harness;
import dev.coroner.core.read.JsonLine;
import dev.coroner.core.read.TranscriptScan;
import dev.coroner.core.usage.TokenCounts;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The facts the one pass takes from a record, whatever harness wrote it (docs/ARCHITECTURE.md, "The pass"; docs/FORMAT.md, "Harnesses"):
 * the index's fields and flags, the calls and results with their ids, the text an answer shows, the programs and shell
 * commands calls ran, and a result's stated exit code. Each harness has one reader, a subclass that fills these facts
 * from a streaming parser without building the record ({@link ClaudeCodeFacts}, {@link CodexFacts}), and one {@link
 * TerminalTrack} that judges how a file of its records ended. One instance is reused for every line of a pass; the
 * pass picks it from the file's first record ({@link HarnessReader}).
 */
abstract class RecordFacts implements TranscriptScan.FieldReader<RecordFacts> {
    /** An assistant record's JSON is kept for the terminal verdict when it is at most this long; else re-read. */
    static final int KEPT_ASSISTANT_BYTES = 1 << 20;
    /**
     * On a line longer than {@link #longLine} bytes, an answer's text (a text block's {@code text}, a string
     * {@code content}) keeps only its first this many characters, decoded from the bytes while the rest is skipped
     * undecoded, so a 300 MB text never becomes a string (docs/VERDICTS.md, "Reading").
     */
    static final int KEPT_TEXT_CHARS = 64 * 1024;
    /** A {@code file_path} longer than this is no path any tool wrote: it is not kept. */
    static final int MAX_FILE_PATH_CHARS = 4096;

    /** One item of {@code message.content} when it is a list. */
    static final class Item {
        static final int OTHER = 0;
        static final int TEXT = 1;
        static final int TOOL_USE = 2;
        static final int TOOL_RESULT = 3;

        int kind;
        /** text: the text when a string. */
        String text;
        /** tool_use: id, name and program (each null when not a string); tool_result: {@code tool_use_id}. */
        String id;
        String name;
        String program;
        /** tool_use: the input's {@code file_path} when a string of at most {@link RecordFacts#MAX_FILE_PATH_CHARS}, else null. */
        String filePath;
        /**
         * tool_use: the shell command the call runs, for the grammar's command lookups ({@code [precursor.commands]},
         * docs/VERDICTS.md): Claude Code {@code Bash}'s {@code input.command}; Codex {@code exec_command}'s {@code cmd},
         * {@code shell}'s {@code command}. Null for any other call. Filled by the harness's reader.
         */
        String command;
        /** tool_result: {@code is_error} is JSON true; the exit code the failure states, or null. */
        boolean error;
        Integer exitCode;
        /** tool_result: not an error, and its string content begins {@link ClaudeCodeFacts#CREATED_PREFIX}. */
        boolean created;
        /** text: {@link #text} is only the first {@link RecordFacts#KEPT_TEXT_CHARS} characters of a longer text. */
        boolean cut;
        /** Claude Code tool_result: where its content starts, its text read eagerly, whether it is a string. */
        long contentAt;
        String eagerText;
        boolean stringContent;
        /** Claude Code tool_use: the strings of the input's program keys. */
        final String[] programs = new String[ClaudeCodeFacts.PROGRAM_KEYS.length];

        /** Forgets the block it held before: items are pooled across records. */
        void reset() {
            kind = OTHER;
            text = id = name = program = filePath = command = null;
            error = created = stringContent = cut = false;
            exitCode = null;
            contentAt = -1;
            eagerText = null;
            Arrays.fill(programs, null);
        }
    }

    /** The index's kind name: Claude Code's top-level {@code type}; Codex's payload type (docs/FORMAT.md). */
    String type;
    String role;
    String model;
    String messageId;
    /** The session this record belongs to (Claude Code {@code sessionId}; Codex {@code session_meta} {@code id}). */
    String sessionId;
    String agentId;
    String linkedAgentId;
    /**
     * The harness's version this record states (Claude Code's top-level {@code version}, Codex's {@code session_meta}
     * {@code cli_version}), read only while {@link #wantVersion}: null otherwise, and when it states none.
     */
    String version;
    /** Whether the pass still looks for the harness's version: false once its index has one (no string decoded then). */
    boolean wantVersion = true;
    long time;
    int flags;
    /** The record holds items ({@link #items}): Claude Code's {@code message.content} list, a Codex call or answer. */
    boolean contentList;
    /** {@code message.content} when it is a string. */
    String contentText;
    /** {@link #contentText} is only the first {@link #KEPT_TEXT_CHARS} characters of a longer string. */
    boolean contentCut;
    final List<Item> items = new ArrayList<>();
    /** This record's JSON when it is an assistant turn of at most {@link #KEPT_ASSISTANT_BYTES}. */
    byte[] assistantJson;
    /**
     * The record is the model's call, written apart from its answer (Codex's {@code function_call} and kin): its calls
     * are submissions of the turn, as an assistant turn's are (docs/VERDICTS.md, "Code blocks"). Claude Code writes
     * calls inside the assistant turn: always false there.
     */
    boolean modelCalls;
    /**
     * The record bills model usage (docs/COST.md, "Counting"): Claude Code's {@code message.usage} is an object (its four
     * counts in {@link #usageTokens}); Codex's {@code token_count} event has an {@code info} object ({@link
     * #usageTokens} its {@code last_token_usage}, {@link #usageTotal} its {@code total_token_usage}, each null when
     * absent).
     */
    boolean usage;
    /** Whether usage is read at all ({@link TranscriptPass.Scope#readsUsage}): its object and ids only stepped over. */
    boolean forUsage = true;
    TokenCounts usageTokens;
    TokenCounts usageTotal;
    /** The usage is an event of the harness's running count (Codex's {@code token_count}), not one message's. */
    boolean usageEvent;
    /** Claude Code: the record's {@code requestId} when a string. */
    String requestId;
    /** The record's {@code timestamp} as written, when a string. */
    String timestampText;
    /** Codex: the model a {@code turn_context} or {@code session_meta} names for the calls after it, else null. */
    String modelInForce;

    private final List<Item> pool = new ArrayList<>();
    /** Whether the parser reports byte offsets into {@link #line}: a tree-backed parser reports none. */
    boolean byteOffsets;
    /** Lines longer than this many bytes have their answers' texts cut ({@link #KEPT_TEXT_CHARS}). */
    private final long longLine;
    JsonLine line;
    private boolean cutting;
    /** Whether calls' programs and failed results' stated exit codes are read: only the block linker uses them. */
    boolean forBlocks = true;
    /**
     * Whether results are read for "File created": only the call stream uses it (docs/VERDICTS.md, "Forensic
     * exemptions").
     */
    boolean forCalls = true;

    /** @param longLine texts of lines longer than this many bytes are cut; tests lower it */
    RecordFacts(long longLine) {
        this.longLine = longLine;
    }

    /** The harness whose records this reader reads. */
    abstract Harness harness();

    /** A new judge of how a file of this harness's records ended, fed every record of one file. */
    abstract TerminalTrack track();

    /** What this record counts as when a file that delivered nothing says what it holds ({@code "user"} for a prompt's kind). */
    String tallyType() {
        return type;
    }

    /**
     * These facts reading only what {@code scope} builds on: without the block linker's programs and exit codes
     * ({@link TranscriptPass.Scope#CALLS}: each stays null, its strings only stepped over), or without the call
     * stream's "File created" ({@link TranscriptPass.Scope#BLOCKS}).
     */
    RecordFacts scoped(TranscriptPass.Scope scope) {
        forBlocks = scope.buildsBlocks();
        forCalls = scope.buildsCalls();
        forUsage = scope.readsUsage();
        return this;
    }

    /** Starts reading a record: notes whether byte offsets are at hand and whether its texts are cut. */
    final void startLine(JsonParser p, JsonLine line) {
        byteOffsets = p.currentTokenLocation().getByteOffset() >= 0; // a tree-backed parser reports none
        this.line = line;
        cutting = byteOffsets && line.length() > longLine;
    }

    /** Forgets the previous record's items (they go back to the pool). */
    final void clearItems() {
        pool.addAll(items);
        items.clear();
    }

    /** A new, reset item appended to {@link #items}. */
    final Item addItem() {
        Item item = pool.isEmpty() ? new Item() : pool.remove(pool.size() - 1);
        items.add(item);
        item.reset();
        return item;
    }

    /**
     * The same facts from a record already built into a tree (the reader from the end builds one per line): its fields
     * are streamed from the tree, not parsed again. No bytes are kept ({@link #assistantJson} stays null: the tree is
     * at hand), and a result's text is read from the tree.
     */
    RecordFacts read(ObjectNode json) throws IOException {
        try (JsonParser p = json.traverse()) {
            p.nextToken();
            return read(p, NO_BYTES);
        }
    }

    /** A line whose bytes are not at hand: nothing is kept and nothing is read again by offset. */
    static final JsonLine NO_BYTES = new JsonLine() {
        @Override
        public JsonParser valueAt(long byteOffset) {
            throw new IllegalStateException("a tree-backed record has no byte offsets");
        }

        @Override
        public StringPrefix stringPrefix(long byteOffset, int maxChars) {
            throw new IllegalStateException("a tree-backed record has no byte offsets");
        }

        @Override
        public byte[] bytes(int max) {
            return null;
        }
    };

    /** Marks a text that holds a fenced block (docs/VERDICTS.md, "Code blocks"). */
    final void fence(String s) {
        if (s != null && (s.contains("```") || s.contains("~~~"))) {
            flags |= RowFlags.FENCE;
        }
    }

    /** Whether the value is JSON {@code true} (these flags count only then); consumes it, a container included. */
    static boolean isTrue(JsonParser p, JsonToken v) throws IOException {
        p.skipChildren();
        return v == JsonToken.VALUE_TRUE;
    }

    /** An integer that fits an int, else null (a float, a string, a huge number). */
    static Integer integer(JsonParser p, JsonToken v) throws IOException {
        if (v == JsonToken.VALUE_NUMBER_INT && p.getNumberType() == JsonParser.NumberType.INT) {
            return p.getIntValue();
        }
        p.skipChildren();
        return null;
    }

    /** An integer value as a long (0 when not an integer that fits); consumes it. */
    static long count(JsonParser p, JsonToken v) throws IOException {
        if (v == JsonToken.VALUE_NUMBER_INT && p.getNumberType() != JsonParser.NumberType.BIG_INTEGER) {
            return p.getLongValue();
        }
        p.skipChildren();
        return 0;
    }

    /** Whether the last {@link #answerText} was cut. */
    boolean lastCut;

    /**
     * An answer's text: the string, or on a long line ({@link #cutting}) its first {@link #KEPT_TEXT_CHARS}
     * characters, decoded from the line's bytes; the parser then skips the string without decoding it.
     */
    final String answerText(JsonParser p, JsonToken v) throws IOException {
        lastCut = false;
        if (!cutting || v != JsonToken.VALUE_STRING) {
            return text(p, v);
        }
        JsonLine.StringPrefix head = line.stringPrefix(p.currentTokenLocation().getByteOffset(), KEPT_TEXT_CHARS);
        if (head == null) {
            return text(p, v);
        }
        lastCut = !head.whole();
        return head.text();
    }

    /** The value when a string, else null; consumes it. */
    static String text(JsonParser p, JsonToken v) throws IOException {
        if (v == JsonToken.VALUE_STRING) {
            return p.getText();
        }
        p.skipChildren();
        return null;
    }
}

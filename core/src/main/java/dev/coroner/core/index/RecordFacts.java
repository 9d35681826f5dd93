package dev.coroner.core.index;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.coroner.core.read.JsonLine;
import dev.coroner.core.read.PyTruth;
import dev.coroner.core.read.PyWhitespace;
import dev.coroner.core.read.ReadLimits;
import dev.coroner.core.read.TranscriptScan;
import dev.coroner.core.terminal.AgentKind;
import dev.coroner.core.terminal.TerminalClassifier;
import dev.coroner.core.terminal.TrailingFailure;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Everything the one pass needs from a record, read from a streaming parser without building the record
 * (docs/ARCHITECTURE.md, "The pass"): the index's fields and flags, the calls and results with their ids, the text
 * an answer shows, the programs calls submitted, and a failed result's stated exit code. Tool outputs are skipped,
 * never turned into strings, unless a result failed and its first text is needed. Duplicate keys: the last wins, as
 * in the tree the reader builds. One instance is reused for every line of a pass.
 */
final class RecordFacts implements TranscriptScan.FieldReader<RecordFacts> {
    /** The input keys that hold a program, in the order they are looked at (docs/VERDICTS.md, "Code blocks"). */
    static final String[] PROGRAM_KEYS = {"command", "code", "script", "program", "source"};
    /** An assistant record's JSON is kept for the terminal verdict when it is at most this long; else re-read. */
    static final int KEPT_ASSISTANT_BYTES = 1 << 20;
    /**
     * On a line longer than {@link #longLine} bytes, an answer's text (a text block's {@code text}, a string
     * {@code content}) keeps only its first this many characters, decoded from the bytes while the rest is skipped
     * undecoded, so a 300 MB text never becomes a string (docs/VERDICTS.md, "Reading").
     */
    static final int KEPT_TEXT_CHARS = 64 * 1024;

    // Claude Code 2.0.x begins a failed Bash result with "Exit code N" on a line of its own, and writes the same text
    // after "Error: " in toolUseResult. 1.0.x states no exit code at all (raw output only).
    private static final Pattern RESULT_EXIT = Pattern.compile("\\AExit code (-?\\d{1,9})(?:\\r?\\n|\\z)");
    private static final Pattern TOOL_USE_RESULT_EXIT = Pattern.compile("\\AError: Exit code (-?\\d{1,9})(?:\\r?\\n|\\z)");
    /** Enough of a string for either statement: "Error: Exit code -123456789\r\n" is 29 characters. */
    private static final int STATED_EXIT_CHARS = 32;
    /**
     * How Claude Code's Write result begins when the file did not exist before (docs/VERDICTS.md, "Forensic
     * exemptions"); an overwrite says "The file … has been updated" instead.
     */
    static final String CREATED_PREFIX = "File created successfully at: ";
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
        /** tool_use: the input's {@code file_path} when a string of at most {@link #MAX_FILE_PATH_CHARS}, else null. */
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
        /** tool_result: not an error, and its string content begins {@link #CREATED_PREFIX}. */
        boolean created;
        /** text: {@link #text} is only the first {@link #KEPT_TEXT_CHARS} characters of a longer text. */
        boolean cut;
        private long contentAt;
        private String eagerText;
        private boolean stringContent;
        private final String[] programs = new String[PROGRAM_KEYS.length];

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

    String type;
    /** Top-level {@code subtype} when a string. */
    String subtype;
    /** A {@code system} record's retry: {@code retryAttempt}, {@code maxRetries} (integers, else null). */
    Integer retryAttempt;
    Integer maxRetries;
    /** Top-level {@code error} when an object: its {@code status} (an integer) and {@code cause.code} (a string). */
    Integer errorStatus;
    String errorCause;
    String role;
    String model;
    String messageId;
    String sessionId;
    String agentId;
    String linkedAgentId;
    long time;
    int flags;
    /** {@code message} is an object and its {@code content} a list: {@link #items} are its objects' facts. */
    boolean contentList;
    /** {@code message.content} when it is a string. */
    String contentText;
    /** {@link #contentText} is only the first {@link #KEPT_TEXT_CHARS} characters of a longer string. */
    boolean contentCut;
    final List<Item> items = new ArrayList<>();
    /** This record's JSON when it is an assistant turn of at most {@link #KEPT_ASSISTANT_BYTES}. */
    byte[] assistantJson;

    private final List<Item> pool = new ArrayList<>();
    private boolean messageObject;
    private boolean textBlock;
    private int results;
    private long toolUseResultAt;
    private String toolUseResultText;
    private boolean byteOffsets;
    /** Lines longer than this many bytes have their answers' texts cut ({@link #KEPT_TEXT_CHARS}). */
    private final long longLine;
    private JsonLine line;
    private boolean cutting;
    /** Whether calls' programs and failed results' stated exit codes are read: only the block linker uses them. */
    private boolean forBlocks = true;
    /**
     * Whether results are read for "File created": only the call stream uses it (docs/VERDICTS.md, "Forensic
     * exemptions").
     */
    private boolean forCalls = true;

    RecordFacts() {
        this(ReadLimits.MAX_IN_MEMORY_LINE);
    }

    /** @param longLine texts of lines longer than this many bytes are cut; tests lower it */
    RecordFacts(long longLine) {
        this.longLine = longLine;
    }

    /**
     * These facts reading only what {@code scope} builds on: without the block linker's programs and exit codes
     * ({@link TranscriptPass.Scope#CALLS}: each stays null, its strings only stepped over), or without the call
     * stream's "File created" ({@link TranscriptPass.Scope#BLOCKS}).
     */
    RecordFacts scoped(TranscriptPass.Scope scope) {
        forBlocks = scope.buildsBlocks();
        forCalls = scope.buildsCalls();
        return this;
    }

    private static final int CONTENT_FLAGS = RowFlags.TOOL_USE | RowFlags.TOOL_RESULT | RowFlags.TOOL_ERROR
            | RowFlags.TEXT | RowFlags.FENCE | RowFlags.THINKING | RowFlags.IMAGE;

    @Override
    public RecordFacts read(JsonParser p, JsonLine line) throws IOException {
        type = subtype = sessionId = agentId = linkedAgentId = null;
        retryAttempt = maxRetries = errorStatus = null;
        errorCause = null;
        time = Timestamps.NONE;
        flags = 0;
        toolUseResultAt = -1;
        toolUseResultText = null;
        assistantJson = null;
        byteOffsets = p.currentTokenLocation().getByteOffset() >= 0; // a tree-backed parser reports none
        this.line = line;
        cutting = byteOffsets && line.length() > longLine;
        resetMessage();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken v = p.nextToken();
            switch (name) {
                case "type" -> type = text(p, v);
                case "subtype" -> subtype = text(p, v);
                case "retryAttempt" -> retryAttempt = integer(p, v);
                case "maxRetries" -> maxRetries = integer(p, v);
                case "error" -> error(p, v);
                case "timestamp" -> time = Timestamps.parse(text(p, v));
                case "sessionId" -> sessionId = text(p, v);
                case "agentId" -> agentId = text(p, v);
                case "isSidechain" -> flag(RowFlags.SIDECHAIN, isTrue(p, v));
                case "isMeta" -> flag(RowFlags.META, isTrue(p, v));
                case "isCompactSummary" -> flag(RowFlags.COMPACT_SUMMARY, isTrue(p, v));
                case "isApiErrorMessage" -> flag(RowFlags.API_ERROR, PyTruth.consume(p, v));
                case "toolUseResult" -> toolUseResult(p, v);
                case "message" -> {
                    resetMessage();
                    if (v == JsonToken.START_OBJECT) {
                        message(p);
                    } else {
                        p.skipChildren();
                    }
                }
                default -> p.skipChildren();
            }
        }
        if ("assistant".equals(role)) {
            flags |= RowFlags.ASSISTANT_TURN;
            assistantJson = line.bytes(KEPT_ASSISTANT_BYTES);
        }
        if (TerminalClassifier.SYNTHETIC_MODEL.equals(model)) {
            flags |= RowFlags.SYNTHETIC;
        }
        if (linkedAgentId != null) {
            flags |= RowFlags.AGENT_LINK;
        }
        if (isPrompt()) {
            flags |= RowFlags.PROMPT;
        }
        if (forBlocks) {
            exitCodes(line);
        }
        if (forCalls) {
            createdFiles(line);
        }
        return this;
    }

    /**
     * The same facts from a record already built into a tree (the reader from the end builds one per line): its fields
     * are streamed from the tree, not parsed again. No bytes are kept ({@link #assistantJson} stays null: the tree is
     * at hand), and a failed result's exit code is read from the tree.
     */
    RecordFacts read(ObjectNode json) throws IOException {
        try (JsonParser p = json.traverse()) {
            p.nextToken();
            return read(p, NO_BYTES);
        }
    }

    /** A line whose bytes are not at hand: nothing is kept and nothing is read again by offset. */
    private static final JsonLine NO_BYTES = new JsonLine() {
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

    /**
     * The one rule for a prompt, which starts a turn (docs/VERDICTS.md, "Turns"): a {@code user} record whose
     * message is an object, not {@code isMeta} or {@code isCompactSummary} (JSON true), whose content is a non-empty
     * string, or a list with a text block and no {@code tool_result}. An assistant turn is never a prompt.
     */
    boolean isPrompt() {
        if (!"user".equals(type) || !messageObject || "assistant".equals(role)
                || (flags & (RowFlags.META | RowFlags.COMPACT_SUMMARY)) != 0) {
            return false;
        }
        return contentText != null ? !contentText.isEmpty()
                : contentList && textBlock && (flags & RowFlags.TOOL_RESULT) == 0;
    }

    /**
     * The trailing-failure shape (docs/VERDICTS.md, "Trailing API failure"): a {@code system} record of subtype
     * {@code api_error}, the harness's note that an API call failed and was or was not retried.
     */
    boolean isApiFailure() {
        return "system".equals(type) && "api_error".equals(subtype);
    }

    /** This record as a trailing failure at {@code line}; only meaningful when {@link #isApiFailure()}. */
    TrailingFailure apiFailure(long line) {
        return TrailingFailure.of(line, retryAttempt, maxRetries, errorStatus, errorCause);
    }

    /**
     * A prompt whose whole text is {@value AgentKind#WARMUP_PROMPT}, trimmed: what the 2.0.x harness sent the warm-up
     * agents it ran for itself (docs/VERDICTS.md, "Agent kind"). Only meaningful for a prompt.
     */
    boolean isWarmupPrompt() {
        if (contentText != null) {
            return AgentKind.WARMUP_PROMPT.equals(PyWhitespace.strip(contentText));
        }
        StringBuilder all = new StringBuilder();
        for (Item item : items) {
            if (item.kind == Item.TEXT && item.text != null) {
                all.append(item.text);
            }
        }
        return AgentKind.WARMUP_PROMPT.equals(PyWhitespace.strip(all.toString()));
    }

    private void resetMessage() {
        role = model = messageId = null;
        messageObject = false;
        resetContent();
    }

    private void resetContent() {
        flags &= ~CONTENT_FLAGS;
        pool.addAll(items);
        items.clear();
        contentList = false;
        contentText = null;
        contentCut = false;
        textBlock = false;
        results = 0;
    }

    private void message(JsonParser p) throws IOException {
        messageObject = true;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken v = p.nextToken();
            switch (name) {
                case "role" -> role = text(p, v);
                case "model" -> model = text(p, v);
                case "id" -> messageId = text(p, v);
                case "content" -> content(p, v);
                default -> p.skipChildren();
            }
        }
    }

    private void content(JsonParser p, JsonToken v) throws IOException {
        resetContent();
        if (v == JsonToken.VALUE_STRING) {
            flags |= RowFlags.TEXT;
            contentText = answerText(p, v);
            contentCut = lastCut;
            fence(contentText);
            return;
        }
        if (v != JsonToken.START_ARRAY) {
            p.skipChildren();
            return;
        }
        contentList = true;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            Item item = pool.isEmpty() ? new Item() : pool.remove(pool.size() - 1);
            items.add(item);
            item.reset();
            if (p.currentToken() == JsonToken.START_OBJECT) {
                block(p, item);
            } else {
                p.skipChildren();
            }
        }
    }

    private void block(JsonParser p, Item item) throws IOException {
        String bt = null;
        String id = null;
        String name = null;
        String useId = null;
        String text = null;
        boolean cut = false;
        boolean error = false;
        boolean input = false;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            JsonToken v = p.nextToken();
            switch (key) {
                case "type" -> bt = text(p, v);
                case "id" -> id = text(p, v);
                case "name" -> name = text(p, v);
                case "tool_use_id" -> useId = text(p, v);
                case "is_error" -> error = isTrue(p, v);
                case "text" -> {
                    text = answerText(p, v);
                    cut = lastCut;
                }
                case "input" -> input = input(p, v, item);
                case "content" -> resultContent(p, v, item);
                default -> p.skipChildren();
            }
        }
        if (bt == null) {
            return;
        }
        switch (bt) {
            case "text" -> {
                flags |= RowFlags.TEXT;
                textBlock = true;
                item.kind = Item.TEXT;
                item.text = text;
                item.cut = cut;
                fence(text);
            }
            case "tool_use" -> {
                flags |= RowFlags.TOOL_USE;
                item.kind = Item.TOOL_USE;
                item.id = id;
                item.name = name;
                item.program = input ? program(item) : null;
                item.command = "Bash".equals(name) ? item.programs[0] : null; // [h/commands] stand-in until the reader fills it
            }
            case "tool_result" -> {
                flags |= RowFlags.TOOL_RESULT;
                item.kind = Item.TOOL_RESULT;
                item.id = useId;
                item.error = error;
                results++;
                if (error) {
                    flags |= RowFlags.TOOL_ERROR;
                }
            }
            case "thinking", "redacted_thinking" -> flags |= RowFlags.THINKING;
            case "image" -> flags |= RowFlags.IMAGE;
            default -> { }
        }
    }

    /**
     * A call's input: only the program keys' strings and {@code file_path} are read (last wins), the rest is
     * skipped.
     */
    private boolean input(JsonParser p, JsonToken v, Item item) throws IOException {
        Arrays.fill(item.programs, null); // a later "input" key replaces an earlier one
        item.filePath = null;
        if (v != JsonToken.START_OBJECT) {
            p.skipChildren();
            return false;
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            JsonToken value = p.nextToken();
            int k = programKey(key);
            if (k >= 0 && (forBlocks || k == 0)) {
                item.programs[k] = text(p, value);
            } else if ("file_path".equals(key)) {
                String path = value == JsonToken.VALUE_STRING && p.getTextLength() <= MAX_FILE_PATH_CHARS ? p.getText() : null;
                p.skipChildren();
                item.filePath = path;
            } else {
                p.skipChildren();
            }
        }
        return true;
    }

    private static int programKey(String key) {
        for (int k = 0; k < PROGRAM_KEYS.length; k++) {
            if (PROGRAM_KEYS[k].equals(key)) {
                return k;
            }
        }
        return -1;
    }

    /** The first string among the input's program keys, or null when the call submitted no program. */
    private static String program(Item item) {
        for (String s : item.programs) {
            if (s != null) {
                return s;
            }
        }
        return null;
    }

    /** A result's content is skipped; where it starts is kept, to read its first text if the result failed. */
    private void resultContent(JsonParser p, JsonToken v, Item item) throws IOException {
        item.contentAt = -1;
        item.eagerText = null;
        item.stringContent = v == JsonToken.VALUE_STRING;
        if (v != JsonToken.VALUE_STRING && v != JsonToken.START_ARRAY) {
            p.skipChildren();
            return;
        }
        if (byteOffsets) {
            item.contentAt = p.currentTokenLocation().getByteOffset();
            p.skipChildren();
        } else {
            item.eagerText = firstText(p, v);
        }
    }

    private void toolUseResult(JsonParser p, JsonToken v) throws IOException {
        linkedAgentId = null;
        toolUseResultAt = -1;
        toolUseResultText = null;
        if (v == JsonToken.START_OBJECT) {
            linkedAgentId = agentIdIn(p);
        } else if (v == JsonToken.VALUE_STRING) {
            if (byteOffsets) {
                toolUseResultAt = p.currentTokenLocation().getByteOffset();
            } else {
                toolUseResultText = p.getText();
            }
        } else {
            p.skipChildren();
        }
    }

    /**
     * The exit code each failed result states (docs/VERDICTS.md, "Code blocks"): "Exit code N" opening its first
     * text, or, when the record holds just this one result, "Error: Exit code N" opening a string
     * {@code toolUseResult}. Read only for failed results: the same words in a successful one are the program's own.
     */
    private void exitCodes(JsonLine line) throws IOException {
        if ((flags & RowFlags.TOOL_ERROR) == 0) {
            return;
        }
        for (Item item : items) {
            if (item.kind != Item.TOOL_RESULT || !item.error) {
                continue;
            }
            String first = item.eagerText;
            if (item.contentAt >= 0) {
                JsonLine.StringPrefix head = line.stringPrefix(item.contentAt, STATED_EXIT_CHARS);
                if (head != null) { // string content: only its start is decoded
                    first = head.whole() ? head.text() : head.text() + CUT;
                } else {
                    try (JsonParser q = line.valueAt(item.contentAt)) {
                        first = q == null ? null : firstText(q, q.currentToken());
                    }
                }
            }
            Integer code = firstGroup(RESULT_EXIT, first);
            if (code == null && results == 1) {
                String tur = toolUseResultText;
                if (toolUseResultAt >= 0) {
                    JsonLine.StringPrefix head = line.stringPrefix(toolUseResultAt, STATED_EXIT_CHARS);
                    tur = head == null ? null : head.whole() ? head.text() : head.text() + CUT;
                }
                code = firstGroup(TOOL_USE_RESULT_EXIT, tur);
            }
            item.exitCode = code;
        }
    }

    /**
     * Which successful results say they created a file (docs/VERDICTS.md, "Forensic exemptions"): a string content
     * that begins {@link #CREATED_PREFIX}, as Claude Code writes a Write's result. Only that many characters of it
     * are decoded.
     */
    private void createdFiles(JsonLine line) throws IOException {
        if ((flags & RowFlags.TOOL_RESULT) == 0) {
            return;
        }
        for (Item item : items) {
            if (item.kind != Item.TOOL_RESULT || item.error || !item.stringContent) {
                continue;
            }
            String head = item.eagerText;
            if (item.contentAt >= 0) {
                JsonLine.StringPrefix prefix = line.stringPrefix(item.contentAt, CREATED_PREFIX.length());
                head = prefix == null ? null : prefix.text();
            }
            item.created = head != null && head.startsWith(CREATED_PREFIX);
        }
    }

    /**
     * Marks a prefix that is not the whole string: neither a line end nor the string's end, so "Exit code 5" cut
     * there never passes for a statement that ends the string.
     */
    private static final String CUT = "\u0000";

    /** A result's text: its string content, or the first text item of its list content; consumes the value. */
    private static String firstText(JsonParser p, JsonToken v) throws IOException {
        if (v == JsonToken.VALUE_STRING) {
            return p.getText();
        }
        if (v != JsonToken.START_ARRAY) {
            p.skipChildren();
            return null;
        }
        String found = null;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_OBJECT) {
                p.skipChildren();
                continue;
            }
            String type = null;
            String text = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                JsonToken t = p.nextToken();
                if (found == null && "type".equals(key)) {
                    type = text(p, t);
                } else if (found == null && "text".equals(key)) {
                    text = text(p, t);
                } else {
                    p.skipChildren();
                }
            }
            if (found == null && "text".equals(type) && text != null) {
                found = text;
            }
        }
        return found;
    }

    private static Integer firstGroup(Pattern pattern, String s) {
        if (s == null) {
            return null;
        }
        Matcher m = pattern.matcher(s);
        return m.lookingAt() ? Integer.valueOf(m.group(1)) : null;
    }

    private void fence(String s) {
        if (s != null && (s.contains("```") || s.contains("~~~"))) {
            flags |= RowFlags.FENCE;
        }
    }

    private static String agentIdIn(JsonParser p) throws IOException {
        String id = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            JsonToken v = p.nextToken();
            if ("agentId".equals(key)) {
                id = text(p, v);
            } else {
                p.skipChildren();
            }
        }
        return id;
    }

    /** Whether the value is JSON {@code true} (these flags count only then); consumes it, a container included. */
    private static boolean isTrue(JsonParser p, JsonToken v) throws IOException {
        p.skipChildren();
        return v == JsonToken.VALUE_TRUE;
    }

    private void flag(int bit, boolean on) {
        flags = on ? flags | bit : flags & ~bit;
    }

    /** An integer that fits an int, else null (a float, a string, a huge number). */
    private static Integer integer(JsonParser p, JsonToken v) throws IOException {
        if (v == JsonToken.VALUE_NUMBER_INT && p.getNumberType() == JsonParser.NumberType.INT) {
            return p.getIntValue();
        }
        p.skipChildren();
        return null;
    }

    /** Top-level {@code error}: an assistant record's is a string (read from the tree); an api_error's an object. */
    private void error(JsonParser p, JsonToken v) throws IOException {
        errorStatus = null;
        errorCause = null;
        if (v != JsonToken.START_OBJECT) {
            p.skipChildren();
            return;
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            JsonToken value = p.nextToken();
            if ("status".equals(key)) {
                errorStatus = integer(p, value);
            } else if ("cause".equals(key) && value == JsonToken.START_OBJECT) {
                errorCause = null;
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String k = p.currentName();
                    JsonToken cv = p.nextToken();
                    if ("code".equals(k)) {
                        errorCause = text(p, cv);
                    } else {
                        p.skipChildren();
                    }
                }
            } else {
                if ("cause".equals(key)) {
                    errorCause = null;
                }
                p.skipChildren();
            }
        }
    }

    /** Whether the last {@link #answerText} was cut. */
    private boolean lastCut;

    /**
     * An answer's text: the string, or on a long line ({@link #cutting}) its first {@link #KEPT_TEXT_CHARS}
     * characters, decoded from the line's bytes; the parser then skips the string without decoding it.
     */
    private String answerText(JsonParser p, JsonToken v) throws IOException {
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

    private static String text(JsonParser p, JsonToken v) throws IOException {
        if (v == JsonToken.VALUE_STRING) {
            return p.getText();
        }
        p.skipChildren();
        return null;
    }
}

package dev.coroner.core.index;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.coroner.core.read.JsonLine;
import dev.coroner.core.read.KnownNames;
import dev.coroner.core.read.PyTruth;
import dev.coroner.core.read.PyWhitespace;
import dev.coroner.core.read.Harness;
import dev.coroner.core.read.ReadLimits;
import dev.coroner.core.read.TranscriptScan;
import dev.coroner.core.terminal.AgentKind;
import dev.coroner.core.terminal.TerminalClassifier;
import dev.coroner.core.terminal.TrailingFailure;
import dev.coroner.core.usage.TokenCounts;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Claude Code reader: everything the one pass needs from a Claude Code record, read from a streaming parser without
 * building the record (docs/ARCHITECTURE.md, "The pass"): the index's fields and flags, the calls and results with
 * their ids, the text an answer shows, the programs calls submitted, a {@code Bash} call's command, and a failed
 * result's stated exit code. Its terminal rules are {@link ClaudeCodeTrack}'s. Tool outputs are skipped,
 * never turned into strings, unless a result failed and its first text is needed. Duplicate keys: the last wins, as
 * in the tree the reader builds. One instance is reused for every line of a pass.
 */
final class ClaudeCodeFacts extends RecordFacts {
    /** The input keys that hold a program, in the order they are looked at (docs/VERDICTS.md, "Code blocks"). */
    static final String[] PROGRAM_KEYS = {"command", "code", "script", "program", "source"};
    /** The tool whose {@code input.command} is a shell command ({@link Item#command}). */
    static final String BASH = "Bash";

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

    /** Top-level {@code subtype} when a string. */
    String subtype;
    /** A {@code system} record's retry: {@code retryAttempt}, {@code maxRetries} (integers, else null). */
    Integer retryAttempt;
    Integer maxRetries;
    /** Top-level {@code error} when an object: its {@code status} (an integer) and {@code cause.code} (a string). */
    Integer errorStatus;
    String errorCause;
    private boolean messageObject;
    private boolean textBlock;
    private int results;
    private long toolUseResultAt;
    private String toolUseResultText;
    ClaudeCodeFacts() {
        super(ReadLimits.MAX_IN_MEMORY_LINE);
    }

    /** @param longLine texts of lines longer than this many bytes are cut; tests lower it */
    ClaudeCodeFacts(long longLine) {
        super(longLine);
    }

    @Override
    Harness harness() {
        return Harness.CLAUDE_CODE;
    }

    @Override
    TerminalTrack track() {
        return new ClaudeCodeTrack();
    }

    private static final int CONTENT_FLAGS = RowFlags.TOOL_USE | RowFlags.TOOL_RESULT | RowFlags.TOOL_ERROR
            | RowFlags.TEXT | RowFlags.FENCE | RowFlags.THINKING | RowFlags.IMAGE;

    @Override
    public ClaudeCodeFacts read(JsonParser p, JsonLine line) throws IOException {
        type = subtype = sessionId = agentId = linkedAgentId = requestId = timestampText = version = null;
        usage = false;
        usageTokens = null;
        retryAttempt = maxRetries = errorStatus = null;
        errorCause = null;
        time = Timestamps.NONE;
        flags = 0;
        toolUseResultAt = -1;
        toolUseResultText = null;
        assistantJson = null;
        startLine(p, line);
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
                case "timestamp" -> time = Timestamps.parse(timestampText = text(p, v));
                case "requestId" -> {
                    if (forUsage) {
                        requestId = text(p, v);
                    } else {
                        p.skipChildren();
                    }
                }
                case "sessionId" -> sessionId = text(p, v);
                case "version" -> {
                    if (wantVersion) {
                        version = text(p, v);
                    } else {
                        p.skipChildren();
                    }
                }
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
        usage = false;
        usageTokens = null;
        messageObject = false;
        resetContent();
    }

    private void resetContent() {
        flags &= ~CONTENT_FLAGS;
        clearItems();
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
                case "usage" -> {
                    if (forUsage) {
                        usage(p, v);
                    } else {
                        p.skipChildren();
                    }
                }
                default -> p.skipChildren();
            }
        }
    }

    /** {@code message.usage}'s members the pass reads, in the order of {@link #usage}'s cases. */
    private static final KnownNames USAGE = new KnownNames("input_tokens", "output_tokens",
            "cache_creation_input_tokens", "cache_read_input_tokens", "cache_creation");
    private static final KnownNames ONE_HOUR = new KnownNames("ephemeral_1h_input_tokens");

    /** {@code usage.cache_creation.ephemeral_1h_input_tokens}, else 0; consumes the value. */
    private static long oneHourWrites(JsonParser p, JsonToken v) throws IOException {
        if (v != JsonToken.START_OBJECT) {
            p.skipChildren();
            return 0;
        }
        long hour = 0;
        for (int k; (k = ONE_HOUR.next(p)) != KnownNames.END; ) {
            JsonToken t = p.nextToken();
            if (k == 0) {
                hour = KnownNames.count(p, t);
            } else {
                p.skipChildren();
            }
        }
        return hour;
    }

    /** {@code message.usage}: its four counts (docs/COST.md, "Counting"); the rest is skipped. Last key wins. */
    private void usage(JsonParser p, JsonToken v) throws IOException {
        usage = v == JsonToken.START_OBJECT;
        usageTokens = null;
        if (!usage) {
            p.skipChildren();
            return;
        }
        long in = 0;
        long out = 0;
        long write = 0;
        long read = 0;
        long hour = 0;
        // matched by their bytes (KnownNames): every assistant record has these, and the pass must not slow for them
        for (int k; (k = USAGE.next(p)) != KnownNames.END; ) {
            JsonToken t = p.nextToken();
            switch (k) {
                case 0 -> in = KnownNames.count(p, t);
                case 1 -> out = KnownNames.count(p, t);
                case 2 -> write = KnownNames.count(p, t);
                case 3 -> read = KnownNames.count(p, t);
                case 4 -> hour = oneHourWrites(p, t);
                default -> p.skipChildren();
            }
        }
        // the one-hour writes are a part of the cache writes, priced apart; never more than the whole
        usageTokens = new TokenCounts(in, out, write, read, Math.max(0, Math.min(hour, write)));
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
            Item item = addItem();
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
                if (!input || !BASH.equals(name)) {
                    item.command = null;
                }
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
        item.command = null;
        if (v != JsonToken.START_OBJECT) {
            p.skipChildren();
            return false;
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            JsonToken value = p.nextToken();
            int k = programKey(key);
            if (k == 0) { // "command": Bash's shell command, for the grammar's command lookups in every scope
                String command = text(p, value);
                item.command = command;
                if (forBlocks) {
                    item.programs[k] = command;
                }
            } else if (k >= 0 && forBlocks) {
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

    private void flag(int bit, boolean on) {
        flags = on ? flags | bit : flags & ~bit;
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
}

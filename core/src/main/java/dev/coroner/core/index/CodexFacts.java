package dev.coroner.core.index;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.coroner.core.read.Harness;
import dev.coroner.core.read.JsonLine;
import dev.coroner.core.read.KnownNames;
import dev.coroner.core.read.PyWhitespace;
import dev.coroner.core.read.ReadLimits;
import dev.coroner.core.read.TranscriptJson;
import dev.coroner.core.terminal.TerminalRecords;
import dev.coroner.core.usage.TokenCounts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Codex CLI reader (docs/FORMAT.md, "Codex CLI rollouts"): the facts of one {@code {timestamp, type, payload}}
 * record, read from a streaming parser. The index's kind is the payload's {@code type} for {@code response_item} and
 * {@code event_msg}, else the top-level {@code type}. Calls ({@code function_call}, {@code custom_tool_call}, {@code
 * local_shell_call}, {@code web_search_call}) and their outputs pair by {@code call_id}; an output's stated exit code
 * ("Process exited with code N", or a legacy JSON output's {@code metadata.exit_code}) makes it a failure when not 0.
 * Stateless from record to record: the file's own {@code session_meta} (its first) is told apart by {@link CodexTrack}.
 */
final class CodexFacts extends RecordFacts {
    static final int NO_LIFECYCLE = 0;
    /** {@code task_started} / {@code turn_started}. */
    static final int TURN_STARTED = 1;
    /** {@code task_complete} / {@code turn_complete}. */
    static final int TURN_COMPLETE = 2;
    /** {@code turn_aborted}. */
    static final int TURN_ABORTED = 3;

    /** The shells whose {@code [shell, -c|-lc, script]} command array runs {@code script} (docs/VERDICTS.md, "Code blocks"). */
    private static final List<String> SHELLS = List.of("sh", "bash", "zsh", "/bin/sh", "/bin/bash", "/bin/zsh");
    /** An output's header line that states the exit code (Codex 0.118+), before its "Output:" line. */
    private static final Pattern PROCESS_EXITED = Pattern.compile("Process exited with code (-?\\d{1,9})");
    /** How much of an output is decoded to find its header: the header's "Command: …" line repeats the command. */
    private static final int OUTPUT_HEAD_CHARS = 16 * 1024;
    /** How much of a patch is decoded to find the first file it names. */
    private static final int PATCH_HEAD_CHARS = 16 * 1024;
    private static final Pattern PATCH_FILE = Pattern.compile("^\\*\\*\\* (?:Update|Add|Delete) File: (.+?)\\r?$",
            Pattern.MULTILINE);

    /** A {@code session_meta} record: its {@code id} is {@link #sessionId}. */
    boolean sessionMeta;
    /** session_meta: its {@code source} names a sub-agent ({@code {"subagent": …}}). */
    boolean subagent;
    /** session_meta: the parent thread id ({@code source.subagent.thread_spawn.parent_thread_id}, else {@code payload.parent_thread_id}). */
    String parentThread;
    /** An {@code event_msg}'s place in the turn lifecycle ({@link #TURN_STARTED} …). */
    int lifecycle;
    /** turn_aborted: its {@code reason} when a string. */
    String abortReason;
    /** An assistant message: some {@code output_text} is not blank; its first such text, trimmed, cut to 400 code points. */
    boolean answerHasText;
    String answerLead;

    private String top;
    private String payloadType;
    private String name;
    private String callId;
    private String arguments;
    private String input;
    private String output;
    private long outputAt;
    private List<String> actionCommand;
    private String payloadId;
    private String payloadParent;
    private String sourceParent;
    private boolean sourceSubagent;
    private final List<String> texts = new ArrayList<>();
    private final List<String> textKinds = new ArrayList<>();
    private final List<Boolean> textCuts = new ArrayList<>();
    private boolean image;

    CodexFacts() {
        super(ReadLimits.MAX_IN_MEMORY_LINE);
    }

    CodexFacts(long longLine) {
        super(longLine);
    }

    @Override
    Harness harness() {
        return Harness.CODEX;
    }

    @Override
    TerminalTrack track() {
        return new CodexTrack();
    }

    /** A user message counts as {@code "user"}, any other message by its role: "only metadata" means no user or assistant message. */
    @Override
    String tallyType() {
        if ("message".equals(type) && role != null) {
            return "user".equals(role) ? "user" : role + " message";
        }
        return type;
    }

    @Override
    public CodexFacts read(JsonParser p, JsonLine line) throws IOException {
        type = role = model = messageId = sessionId = agentId = linkedAgentId = null;
        timestampText = modelInForce = null;
        usage = false;
        usageTokens = usageTotal = null;
        time = Timestamps.NONE;
        flags = 0;
        contentList = modelCalls = false;
        contentText = null;
        contentCut = false;
        assistantJson = null;
        clearItems();
        sessionMeta = subagent = answerHasText = false;
        parentThread = abortReason = answerLead = null;
        lifecycle = NO_LIFECYCLE;
        top = payloadType = name = callId = arguments = input = output = payloadId = payloadParent = sourceParent = null;
        version = null;
        outputAt = -1;
        actionCommand = null;
        sourceSubagent = image = false;
        texts.clear();
        textKinds.clear();
        textCuts.clear();
        startLine(p, line);
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            JsonToken v = p.nextToken();
            switch (key) {
                case "timestamp" -> time = Timestamps.parse(timestampText = text(p, v));
                case "type" -> top = text(p, v);
                case "payload" -> {
                    if (v == JsonToken.START_OBJECT) {
                        payload(p);
                    } else {
                        p.skipChildren();
                    }
                }
                default -> p.skipChildren();
            }
        }
        boolean item = "response_item".equals(top);
        type = item || "event_msg".equals(top) ? payloadType : top;
        if (item) {
            responseItem();
        } else if ("event_msg".equals(top) && payloadType != null) {
            switch (payloadType) {
                case "task_started", "turn_started" -> lifecycle = TURN_STARTED;
                case "task_complete", "turn_complete" -> lifecycle = TURN_COMPLETE;
                case "turn_aborted" -> lifecycle = TURN_ABORTED;
                default -> { }
            }
            if (lifecycle != TURN_ABORTED) {
                abortReason = null;
            }
        } else if ("session_meta".equals(top)) {
            sessionMeta = true;
            sessionId = payloadId;
            subagent = sourceSubagent;
            parentThread = sourceParent != null ? sourceParent : payloadParent;
        }
        if ("turn_context".equals(top) || "session_meta".equals(top)) {
            modelInForce = model;
        }
        if (!"session_meta".equals(top)) {
            version = null; // only a session_meta's cli_version is the harness's
        }
        if (!"turn_context".equals(top)) {
            model = null;
        }
        if (usage && !("event_msg".equals(top) && "token_count".equals(payloadType))) {
            usage = false; // only a token_count event bills (docs/COST.md, "Codex")
            usageTokens = usageTotal = null;
        }
        usageEvent = usage;
        return this;
    }

    private void responseItem() throws IOException {
        if (payloadType == null) {
            return;
        }
        switch (payloadType) {
            case "message" -> message();
            case "function_call" -> call(name, command(name, arguments), null);
            case "custom_tool_call" -> call(name, null, "apply_patch".equals(name) ? patchedFile(input) : null);
            case "local_shell_call" -> call("local_shell", actionCommand == null ? null : program(actionCommand), null);
            case "web_search_call" -> call("web_search", null, null);
            case "function_call_output", "custom_tool_call_output" -> result();
            case "reasoning" -> flags |= RowFlags.THINKING;
            default -> { }
        }
    }

    private void message() {
        contentList = true;
        boolean assistant = "assistant".equals(role);
        boolean prompt = false;
        for (int i = 0; i < texts.size(); i++) {
            String kind = textKinds.get(i);
            String text = texts.get(i);
            if (text == null) {
                continue;
            }
            Item it = addItem();
            it.kind = Item.TEXT;
            it.text = text;
            it.cut = textCuts.get(i);
            flags |= RowFlags.TEXT;
            fence(text);
            if (assistant && "output_text".equals(kind)) {
                String stripped = PyWhitespace.strip(text);
                if (!stripped.isEmpty() && !answerHasText) {
                    answerHasText = true;
                    answerLead = TerminalRecords.leading(stripped);
                }
            } else if ("user".equals(role) && "input_text".equals(kind)) {
                prompt |= !PyWhitespace.strip(text).isEmpty() && !isContext(text);
            }
        }
        if (image) {
            flags |= RowFlags.IMAGE;
            prompt |= "user".equals(role);
        }
        if (assistant) {
            flags |= RowFlags.ASSISTANT_TURN;
        } else if (prompt) {
            flags |= RowFlags.PROMPT;
        }
    }

    /**
     * Whether a user message's text is context the harness added, not a prompt (docs/VERDICTS.md, "Codex CLI"): an
     * AGENTS.md preamble, or one tagged element such as {@code <environment_context>…</environment_context>},
     * {@code <user_instructions>}, {@code <subagent_notification>}, {@code <turn_aborted>}, {@code <user_action>}.
     */
    static boolean isContext(String text) {
        String t = PyWhitespace.strip(text);
        if (t.startsWith("# AGENTS.md instructions")) {
            return true;
        }
        if (!t.startsWith("<")) {
            return false;
        }
        int close = t.indexOf('>');
        if (close < 2) {
            return false;
        }
        String tag = t.substring(1, close);
        for (int i = 0; i < tag.length(); i++) {
            char c = tag.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c == '_' || c == '-')) {
                return false;
            }
        }
        return t.endsWith("</" + tag + ">");
    }

    private void call(String tool, String command, String filePath) {
        contentList = modelCalls = true;
        flags |= RowFlags.TOOL_USE;
        Item it = addItem();
        it.kind = Item.TOOL_USE;
        it.id = callId;
        it.name = tool;
        it.command = command;
        it.program = command;
        it.filePath = filePath;
    }

    private void result() throws IOException {
        contentList = true;
        flags |= RowFlags.TOOL_RESULT;
        Item it = addItem();
        it.kind = Item.TOOL_RESULT;
        it.id = callId;
        Integer code = exitCode();
        it.exitCode = code;
        it.error = code != null && code != 0;
        if (it.error) {
            flags |= RowFlags.TOOL_ERROR;
        }
    }

    /** The command a function call runs: {@code exec_command}'s {@code cmd}, legacy {@code shell}'s {@code command} array. */
    private static String command(String tool, String arguments) throws IOException {
        if (arguments == null || !("exec_command".equals(tool) || "shell".equals(tool))) {
            return null;
        }
        byte[] bytes = arguments.getBytes(StandardCharsets.UTF_8);
        String cmd = null;
        List<String> array = null;
        try (JsonParser p = TranscriptJson.parser(bytes, 0, bytes.length)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                JsonToken v = p.nextToken();
                if ("exec_command".equals(tool) && "cmd".equals(key)) {
                    cmd = text(p, v);
                } else if ("shell".equals(tool) && "command".equals(key)) {
                    array = strings(p, v);
                } else {
                    p.skipChildren();
                }
            }
        } catch (IOException | RuntimeException e) {
            return null; // arguments that are not JSON name no command
        }
        return cmd != null ? cmd : array == null ? null : program(array);
    }

    /** A command array as a program: the script of {@code [sh|bash|zsh, -c|-lc, script]}, else the words joined by a space. */
    static String program(List<String> words) {
        if (words.size() == 3 && SHELLS.contains(words.get(0))
                && ("-c".equals(words.get(1)) || "-lc".equals(words.get(1)))) {
            return words.get(2);
        }
        return String.join(" ", words);
    }

    /** The strings of an array of strings, else null; consumes the value. */
    private static List<String> strings(JsonParser p, JsonToken v) throws IOException {
        if (v != JsonToken.START_ARRAY) {
            p.skipChildren();
            return null;
        }
        List<String> out = new ArrayList<>();
        boolean all = true;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() == JsonToken.VALUE_STRING) {
                out.add(p.getText());
            } else {
                all = false;
                p.skipChildren();
            }
        }
        return all ? out : null;
    }

    /** The first file a patch names ({@code *** Update File:}, {@code Add File:}, {@code Delete File:}), or null. */
    static String patchedFile(String patch) {
        if (patch == null) {
            return null;
        }
        Matcher m = PATCH_FILE.matcher(patch);
        if (!m.find()) {
            return null;
        }
        String path = m.group(1).strip();
        return path.isEmpty() || path.length() > MAX_FILE_PATH_CHARS ? null : path;
    }

    /**
     * The exit code an output states: a "Process exited with code N" line in its header (before "Output:"), or a legacy
     * JSON output's {@code metadata.exit_code}; null when it states none (a command still running, a tool's reply).
     */
    private Integer exitCode() throws IOException {
        String head = output;
        boolean whole = true;
        if (outputAt >= 0) {
            JsonLine.StringPrefix prefix = line.stringPrefix(outputAt, OUTPUT_HEAD_CHARS);
            if (prefix == null) {
                return null;
            }
            head = prefix.text();
            whole = prefix.whole();
        }
        if (head == null) {
            return null;
        }
        if (head.startsWith("{")) {
            String json = head;
            if (!whole) {
                try (JsonParser q = line.valueAt(outputAt)) {
                    json = q == null ? null : text(q, q.currentToken());
                }
            }
            return json == null ? null : metadataExitCode(json);
        }
        int from = 0;
        while (from < head.length()) {
            int end = head.indexOf('\n', from);
            if (end < 0) {
                end = head.length();
                if (!whole) {
                    return null; // the header goes on past what was decoded
                }
            }
            String l = head.substring(from, end);
            if (l.endsWith("\r")) {
                l = l.substring(0, l.length() - 1);
            }
            if (l.equals("Output:")) {
                return null;
            }
            Matcher m = PROCESS_EXITED.matcher(l);
            if (m.matches()) {
                return Integer.valueOf(m.group(1));
            }
            from = end + 1;
        }
        return null;
    }

    private static Integer metadataExitCode(String json) {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        Integer code = null;
        try (JsonParser p = TranscriptJson.parser(bytes, 0, bytes.length)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                JsonToken v = p.nextToken();
                if ("metadata".equals(key) && v == JsonToken.START_OBJECT) {
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String k = p.currentName();
                        JsonToken mv = p.nextToken();
                        if ("exit_code".equals(k)) {
                            code = integer(p, mv);
                        } else {
                            p.skipChildren();
                        }
                    }
                } else {
                    p.skipChildren();
                }
            }
        } catch (IOException | RuntimeException e) {
            return null; // output that only looks like JSON states no code
        }
        return code;
    }

    private void payload(JsonParser p) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            JsonToken v = p.nextToken();
            switch (key) {
                case "type" -> payloadType = text(p, v);
                case "role" -> role = text(p, v);
                case "name" -> name = text(p, v);
                case "call_id" -> callId = text(p, v);
                case "arguments" -> arguments = text(p, v);
                case "input" -> input = prefix(p, v, PATCH_HEAD_CHARS);
                case "output" -> {
                    output = null;
                    outputAt = -1;
                    if (v == JsonToken.VALUE_STRING && byteOffsets) {
                        outputAt = p.currentTokenLocation().getByteOffset();
                        p.skipChildren();
                    } else {
                        output = text(p, v);
                    }
                }
                case "content" -> content(p, v);
                case "action" -> action(p, v);
                case "id" -> payloadId = text(p, v);
                case "cli_version" -> {
                    if (wantVersion) {
                        version = text(p, v);
                    } else {
                        p.skipChildren();
                    }
                }
                case "parent_thread_id" -> payloadParent = text(p, v);
                case "source" -> source(p, v);
                case "reason" -> abortReason = text(p, v);
                case "model" -> model = text(p, v);
                case "info" -> info(p, v);
                default -> p.skipChildren();
            }
        }
    }

    /**
     * A {@code token_count} event's {@code info} (docs/COST.md, "Codex"): {@code last_token_usage} and the cumulative
     * {@code total_token_usage}. The cached part of the input is a cache read; the rest is fresh input.
     */
    private void info(JsonParser p, JsonToken v) throws IOException {
        usage = v == JsonToken.START_OBJECT;
        usageTokens = usageTotal = null;
        if (!usage) {
            p.skipChildren();
            return;
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            JsonToken t = p.nextToken();
            switch (key) {
                case "last_token_usage" -> usageTokens = tokenUsage(p, t);
                case "total_token_usage" -> usageTotal = tokenUsage(p, t);
                default -> p.skipChildren();
            }
        }
    }

    private static TokenCounts tokenUsage(JsonParser p, JsonToken v) throws IOException {
        if (v != JsonToken.START_OBJECT) {
            p.skipChildren();
            return null;
        }
        long in = 0;
        long cached = 0;
        long out = 0;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            JsonToken t = p.nextToken();
            switch (key) {
                case "input_tokens" -> in = KnownNames.count(p, t);
                case "cached_input_tokens" -> cached = KnownNames.count(p, t);
                case "output_tokens" -> out = KnownNames.count(p, t);
                default -> p.skipChildren();
            }
        }
        return new TokenCounts(Math.max(0, in - cached), out, 0, Math.min(cached, Math.max(0, in)));
    }

    /** A string's first {@code chars} characters (the whole string from a tree), else null; consumes the value. */
    private String prefix(JsonParser p, JsonToken v, int chars) throws IOException {
        if (v == JsonToken.VALUE_STRING && byteOffsets) {
            JsonLine.StringPrefix head = line.stringPrefix(p.currentTokenLocation().getByteOffset(), chars);
            p.skipChildren();
            return head == null ? null : head.text();
        }
        return text(p, v);
    }

    private void content(JsonParser p, JsonToken v) throws IOException {
        texts.clear();
        textKinds.clear();
        textCuts.clear();
        image = false;
        if (v != JsonToken.START_ARRAY) {
            p.skipChildren();
            return;
        }
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_OBJECT) {
                p.skipChildren();
                continue;
            }
            String bt = null;
            String text = null;
            boolean cut = false;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                JsonToken t = p.nextToken();
                if ("type".equals(key)) {
                    bt = text(p, t);
                } else if ("text".equals(key)) {
                    text = answerText(p, t);
                    cut = lastCut;
                } else {
                    p.skipChildren();
                }
            }
            if ("input_image".equals(bt)) {
                image = true;
            } else if (bt != null && bt.endsWith("_text")) {
                texts.add(text);
                textKinds.add(bt);
                textCuts.add(cut);
            }
        }
    }

    /** local_shell_call: its {@code action.command} array. */
    private void action(JsonParser p, JsonToken v) throws IOException {
        actionCommand = null;
        if (v != JsonToken.START_OBJECT) {
            p.skipChildren();
            return;
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            JsonToken t = p.nextToken();
            if ("command".equals(key)) {
                actionCommand = strings(p, t);
            } else {
                p.skipChildren();
            }
        }
    }

    /** session_meta {@code source}: a sub-agent's is an object with {@code subagent} (a string, or thread_spawn's object). */
    private void source(JsonParser p, JsonToken v) throws IOException {
        sourceSubagent = false;
        sourceParent = null;
        if (v != JsonToken.START_OBJECT) {
            p.skipChildren();
            return;
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            JsonToken t = p.nextToken();
            if (!"subagent".equals(key)) {
                p.skipChildren();
                continue;
            }
            sourceSubagent = true;
            if (t != JsonToken.START_OBJECT) {
                p.skipChildren();
                continue;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String k = p.currentName();
                JsonToken st = p.nextToken();
                if ("thread_spawn".equals(k) && st == JsonToken.START_OBJECT) {
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String kk = p.currentName();
                        JsonToken tv = p.nextToken();
                        if ("parent_thread_id".equals(kk)) {
                            sourceParent = text(p, tv);
                        } else {
                            p.skipChildren();
                        }
                    }
                } else {
                    p.skipChildren();
                }
            }
        }
    }
}

package dev.coroner.core.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.coroner.core.read.TranscriptJson;
import dev.coroner.core.read.TranscriptRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Codex CLI record ({@code {timestamp, type, payload}}: docs/FORMAT.md, "Codex CLI rollouts") as a timeline row's
 * summary and as the detail panel's blocks: a call says what it runs ({@code exec_command}'s command, the files an
 * {@code apply_patch} patches), an output its stated exit code and first line, a token count its totals, a turn its
 * start, end or abort; {@code session_meta} and {@code turn_context} are one line each, never their instructions.
 * Read from the record's JSON alone, as the Claude Code summaries are; the texts are the transcript's, escaped by
 * whoever shows them.
 */
final class CodexRecords {
    /**
     * A command output's stated exit code (docs/FORMAT.md, "Codex CLI rollouts"): {@code Process exited with code N} of
     * an {@code exec_command}, {@code Exit code: N} of a custom call's output.
     */
    private static final Pattern EXIT = Pattern.compile("^(?:Process exited with code|Exit code:) (-?\\d+)\\s*$",
            Pattern.MULTILINE);
    /** An {@code exec_command} output of a command still running: {@code write_stdin} polls it by this session. */
    private static final Pattern RUNNING = Pattern.compile("^Process running with session ID (\\d+)\\s*$",
            Pattern.MULTILINE);
    /** The lines of an {@code apply_patch} input that name a file. */
    private static final Pattern PATCH_FILE = Pattern.compile("^\\*\\*\\* (Update|Add|Delete) File: (.*)$",
            Pattern.MULTILINE);
    private static final List<String> ARGUMENT_KEYS = List.of("cmd", "command", "task_name", "message", "explanation",
            "query", "path", "url", "prompt");

    private CodexRecords() {
    }

    /**
     * The record's {@code payload} when it is a Codex record — a string {@code type}, an object {@code payload} and no
     * {@code message} — else null. Claude Code records carry no {@code payload}.
     */
    static ObjectNode payload(TranscriptRecord r) {
        ObjectNode json = r.json();
        return json.get("payload") instanceof ObjectNode p && json.path("type").isTextual() && !json.has("message")
                ? p : null;
    }

    // ---- the row summary ----

    /** The one-line summary of a Codex record whose payload is {@code p}; not yet cut or escaped. */
    static String summary(String type, ObjectNode p) {
        String kind = RecordSummary.text(p.get("type"));
        return switch (type) {
            case "session_meta" -> sessionMeta(p);
            case "turn_context" -> join("model " + orDash(p.get("model")), "cwd " + orDash(p.get("cwd")),
                    "approval " + orDash(p.get("approval_policy")),
                    "sandbox " + orDash(p.path("sandbox_policy").get("type")));
            case "compacted" -> join("history compacted", p.path("replacement_history").isArray()
                    ? p.path("replacement_history").size() + " items kept" : "",
                    RecordSummary.firstLine(RecordSummary.text(p.get("message"))));
            case "response_item" -> responseItem(kind, p);
            case "event_msg" -> event(kind, p);
            default -> join(kind, firstStrings(p));
        };
    }

    private static String sessionMeta(ObjectNode p) {
        String id = RecordSummary.text(p.get("id"));
        JsonNode source = p.get("source");
        String from;
        if (source != null && source.isObject() && source.has("subagent")) {
            JsonNode sub = source.get("subagent");
            JsonNode spawn = sub.path("thread_spawn");
            String parent = spawn.isObject() ? RecordSummary.text(spawn.get("parent_thread_id"))
                    : RecordSummary.text(p.get("parent_thread_id"));
            String role = spawn.isObject() ? join(RecordSummary.text(spawn.get("agent_nickname")),
                    RecordSummary.text(spawn.get("agent_role"))) : sub.isTextual() ? sub.textValue() : "";
            from = join("sub-agent" + (role.isEmpty() ? "" : " " + role), parent.isEmpty() ? "" : "of " + parent);
        } else {
            from = RecordSummary.text(source);
        }
        return join("session " + (id.isEmpty() ? "(no id)" : id), from,
                join(RecordSummary.text(p.get("originator")), RecordSummary.text(p.get("cli_version"))),
                RecordSummary.text(p.get("cwd")));
    }

    private static String responseItem(String kind, ObjectNode p) {
        switch (kind) {
            case "message" -> {
                return RecordSummary.firstLine(texts(p.get("content")));
            }
            case "function_call", "custom_tool_call" -> {
                String name = RecordSummary.text(p.get("name"));
                return join(name, RecordSummary.firstLine(callHint(name, p)));
            }
            case "function_call_output", "custom_tool_call_output" -> {
                Output o = output(p.get("output"));
                String first = RecordSummary.firstLine(o.body());
                if (o.exitCode() != null) {
                    return join("exit " + o.exitCode(), first);
                }
                Matcher running = RUNNING.matcher(o.text());
                if (running.find()) {
                    return join("running · session " + running.group(1), first);
                }
                return first.isEmpty() ? RecordSummary.firstLine(o.text()) : first;
            }
            case "local_shell_call" -> {
                return join("local_shell", program(p.path("action").get("command")));
            }
            case "web_search_call" -> {
                JsonNode a = p.path("action");
                return join("web_search", firstText(a, "query", "url", "pattern"));
            }
            case "reasoning" -> {
                String s = RecordSummary.firstLine(summaryTexts(p));
                return s.isEmpty() ? p.has("encrypted_content") ? "reasoning (encrypted, no summary)" : "reasoning"
                        : "reasoning: " + s;
            }
            case "agent_message" -> {
                return join(RecordSummary.text(p.get("author")) + " → " + RecordSummary.text(p.get("recipient")),
                        RecordSummary.firstLine(texts(p.get("content"))));
            }
            default -> {
                return join(kind, firstStrings(p));
            }
        }
    }

    private static String event(String kind, ObjectNode p) {
        switch (kind) {
            case "token_count" -> {
                return tokens(p);
            }
            case "task_started", "turn_started" -> {
                return join("▶ turn started", contextWindow(p.get("model_context_window")));
            }
            case "task_complete", "turn_complete" -> {
                JsonNode ms = p.get("duration_ms");
                return join("■ turn complete", ms != null && ms.isNumber()
                        ? String.format(Locale.ROOT, "%.1f s", ms.asDouble() / 1000) : "",
                        RecordSummary.firstLine(RecordSummary.text(p.get("last_agent_message"))));
            }
            case "turn_aborted" -> {
                return join("✖ turn aborted", RecordSummary.text(p.get("reason")));
            }
            case "user_message", "agent_message" -> {
                return RecordSummary.firstLine(RecordSummary.text(p.get("message")));
            }
            case "agent_reasoning" -> {
                return "reasoning: " + RecordSummary.firstLine(RecordSummary.text(p.get("text")));
            }
            case "exec_command_end" -> {
                JsonNode code = p.get("exit_code");
                return join(code != null && code.isIntegralNumber() ? "exit " + code.asText() : "",
                        program(p.get("command")));
            }
            case "patch_apply_end" -> {
                List<String> files = new ArrayList<>();
                p.path("changes").fieldNames().forEachRemaining(files::add);
                return join(p.path("success").asBoolean(false) ? "patch applied" : "patch failed",
                        String.join(", ", files));
            }
            default -> {
                return join(kind, firstStrings(p));
            }
        }
    }

    /** "tokens 22,215 · last 1,024 · context 258,400 · rate limit 96% used": the totals a person compares. */
    private static String tokens(ObjectNode p) {
        JsonNode info = p.path("info");
        List<String> parts = new ArrayList<>();
        JsonNode total = info.path("total_token_usage").get("total_tokens");
        JsonNode last = info.path("last_token_usage").get("total_tokens");
        if (total != null && total.isNumber()) {
            parts.add(String.format(Locale.ROOT, "tokens %,d", total.asLong()));
        }
        if (last != null && last.isNumber()) {
            parts.add(String.format(Locale.ROOT, "last %,d", last.asLong()));
        }
        String window = contextWindow(info.get("model_context_window"));
        if (!window.isEmpty()) {
            parts.add(window);
        }
        JsonNode used = p.path("rate_limits").path("primary").get("used_percent");
        if (used != null && used.isNumber()) {
            parts.add("rate limit " + used.asText() + "% used");
        }
        return parts.isEmpty() ? "token count (no usage)" : String.join(" · ", parts);
    }

    private static String contextWindow(JsonNode n) {
        return n != null && n.isNumber() ? String.format(Locale.ROOT, "context %,d", n.asLong()) : "";
    }

    /** What a call does, from its arguments (a JSON string for a function call) or its input (a custom call). */
    private static String callHint(String name, ObjectNode p) {
        if (name.equals("apply_patch")) {
            return patchFiles(inputText(p));
        }
        JsonNode args = arguments(p);
        if (args == null) {
            return inputText(p);
        }
        switch (name) {
            case "exec_command" -> {
                return RecordSummary.text(args.get("cmd"));
            }
            case "shell", "container.exec" -> {
                return program(args.get("command"));
            }
            case "write_stdin" -> {
                String chars = RecordSummary.text(args.get("chars"));
                return join("session " + args.path("session_id").asText("?"),
                        chars.isEmpty() ? "(poll)" : "chars " + chars);
            }
            case "update_plan" -> {
                JsonNode plan = args.path("plan");
                String steps = plan.isArray() ? plan.size() + (plan.size() == 1 ? " step" : " steps") : "";
                return join(steps, RecordSummary.firstLine(RecordSummary.text(args.get("explanation"))));
            }
            default -> {
                if (args.isObject()) {
                    String hint = firstText(args, ARGUMENT_KEYS.toArray(String[]::new));
                    return hint.isEmpty() ? firstStrings(args) : hint;
                }
                return args.isTextual() ? args.textValue() : args.toString();
            }
        }
    }

    /** "U a.go · A b.go · D c.go": the files an {@code apply_patch} names, in its order. */
    static String patchFiles(String patch) {
        StringBuilder s = new StringBuilder();
        Matcher m = PATCH_FILE.matcher(patch);
        while (m.find() && s.length() < RecordSummary.MAX_CHARS) {
            s.append(s.length() == 0 ? "" : " · ").append(m.group(1).charAt(0)).append(' ').append(m.group(2).strip());
        }
        return s.length() == 0 ? RecordSummary.firstLine(patch) : s.toString();
    }

    /**
     * A shell call's command as a program: {@code [sh|bash|zsh, -c|-lc, X]} is X, any other array its elements joined
     * by one space, a string itself.
     */
    static String program(JsonNode command) {
        if (command == null) {
            return "";
        }
        if (command.isTextual()) {
            return command.textValue();
        }
        if (!command.isArray()) {
            return "";
        }
        if (command.size() == 3 && command.get(2).isTextual()
                && command.get(0).asText("").matches("(.*/)?(sh|bash|zsh)") && command.get(1).asText("").matches("-l?c")) {
            return command.get(2).textValue();
        }
        List<String> parts = new ArrayList<>();
        command.forEach(c -> parts.add(c.asText("")));
        return String.join(" ", parts);
    }

    // ---- the detail blocks ----

    /** The detail panel's blocks for a Codex record whose payload is {@code p}. */
    static List<ContentBlock> content(String type, ObjectNode p) {
        String kind = RecordSummary.text(p.get("type"));
        List<ContentBlock> out = new ArrayList<>();
        if (type.equals("response_item")) {
            switch (kind) {
                case "message", "agent_message" -> {
                    for (JsonNode c : p.path("content")) {
                        String t = RecordSummary.text(c.get("text"));
                        out.add(c.has("text") ? new ContentBlock.Text(CutJson.cut(t, RecordContent.MAX_TEXT_CHARS))
                                : new ContentBlock.Other(RecordSummary.text(c.get("type")), CutJson.pretty(c)));
                    }
                    if (!p.path("content").isArray() && p.has("content")) {
                        out.add(new ContentBlock.Other("content", CutJson.pretty(p.get("content"))));
                    }
                }
                case "reasoning" -> {
                    String s = summaryTexts(p);
                    if (!s.isEmpty()) {
                        out.add(new ContentBlock.Thinking(CutJson.cut(s.strip(), RecordContent.MAX_TEXT_CHARS)));
                    }
                    out.add(new ContentBlock.Other("reasoning", CutJson.pretty(p)));
                }
                case "function_call", "custom_tool_call", "local_shell_call" -> out.add(call(kind, p));
                case "function_call_output", "custom_tool_call_output" -> {
                    Output o = output(p.get("output"));
                    out.add(new ContentBlock.Output(RecordSummary.text(p.get("call_id")), o.exitCode(),
                            CutJson.cut(o.text(), RecordContent.MAX_TEXT_CHARS)));
                }
                default -> out.add(new ContentBlock.Other(kind.isEmpty() ? type : kind, CutJson.pretty(p)));
            }
            return out;
        }
        if (type.equals("event_msg")) {
            switch (kind) {
                case "user_message", "agent_message" -> out.add(new ContentBlock.Text(
                        CutJson.cut(RecordSummary.text(p.get("message")), RecordContent.MAX_TEXT_CHARS)));
                case "agent_reasoning" -> out.add(new ContentBlock.Thinking(
                        CutJson.cut(RecordSummary.text(p.get("text")), RecordContent.MAX_TEXT_CHARS)));
                default -> {
                    // the whole payload: an event's fields are its evidence
                }
            }
        }
        out.add(new ContentBlock.Other(kind.isEmpty() ? type : kind, CutJson.pretty(p)));
        return out;
    }

    private static ContentBlock call(String kind, ObjectNode p) {
        String id = RecordSummary.text(p.get("call_id"));
        String name = kind.equals("local_shell_call") ? "local_shell" : RecordSummary.text(p.get("name"));
        if (name.equals("apply_patch")) {
            String patch = inputText(p);
            return new ContentBlock.Patch(id, CutJson.cut(patch, RecordContent.MAX_TEXT_CHARS));
        }
        JsonNode args = kind.equals("local_shell_call") ? p.path("action") : arguments(p);
        String input = args == null ? inputText(p) : CutJson.pretty(args);
        String command = switch (name) {
            case "exec_command" -> args == null ? null : args.get("cmd") != null && args.get("cmd").isTextual()
                    ? args.get("cmd").textValue() : null;
            case "shell", "local_shell", "container.exec" -> args == null || !args.has("command") ? null
                    : program(args.get("command"));
            default -> null;
        };
        if (command != null) {
            String workdir = args.path("workdir").isTextual() ? args.get("workdir").textValue()
                    : args.path("working_directory").asText("");
            return new ContentBlock.Command(id, name, CutJson.cut(command, RecordContent.MAX_TEXT_CHARS), workdir,
                    input);
        }
        return new ContentBlock.ToolUse(id, name, input);
    }

    // ---- shared ----

    /** A call's {@code arguments} parsed (a function call's are a JSON string), or null when there are none. */
    private static JsonNode arguments(ObjectNode p) {
        JsonNode a = p.get("arguments");
        if (a == null) {
            return null;
        }
        if (a.isTextual()) {
            try {
                return TranscriptJson.readTree(a.textValue().getBytes(StandardCharsets.UTF_8));
            } catch (IOException | RuntimeException e) {
                return a; // not JSON: the string as it is
            }
        }
        return a;
    }

    private static String inputText(ObjectNode p) {
        JsonNode in = p.get("input");
        return in == null ? "" : in.isTextual() ? in.textValue() : in.toString();
    }

    /**
     * A command output: its text, the exit code it states ({@code Process exited with code N}, or a legacy
     * {@code shell} output's {@code metadata.exit_code}) and what follows its {@code Output:} line.
     */
    record Output(String text, Integer exitCode, String body) {
    }

    static Output output(JsonNode output) {
        String text = output == null ? "" : output.isTextual() ? output.textValue() : texts(output);
        if (text.startsWith("{")) {
            try {
                JsonNode legacy = TranscriptJson.readTree(text.getBytes(StandardCharsets.UTF_8));
                JsonNode code = legacy.path("metadata").get("exit_code");
                if (legacy.path("output").isTextual()) {
                    String body = legacy.get("output").textValue();
                    return new Output(body, code != null && code.isIntegralNumber() ? code.asInt() : null, body);
                }
            } catch (IOException | RuntimeException e) {
                // not the legacy shape: the text as it is
            }
        }
        Matcher m = EXIT.matcher(text);
        Integer code = null;
        if (m.find()) {
            try {
                code = Integer.valueOf(m.group(1));
            } catch (NumberFormatException e) {
                code = null; // too large to be an exit code
            }
        }
        int at = text.startsWith("Output:\n") ? 0 : text.indexOf("\nOutput:\n");
        String body = at >= 0 ? text.substring(at + (at == 0 ? 8 : 9)) : text;
        return new Output(text, code, body);
    }

    /** The texts of content items ({@code input_text}, {@code output_text}, …), one after another. */
    private static String texts(JsonNode content) {
        if (content == null) {
            return "";
        }
        if (content.isTextual()) {
            return content.textValue();
        }
        StringBuilder s = new StringBuilder();
        for (JsonNode c : content) {
            if (c.path("text").isTextual()) {
                s.append(c.get("text").textValue()).append('\n');
            }
        }
        return s.toString();
    }

    private static String summaryTexts(ObjectNode p) {
        StringBuilder s = new StringBuilder();
        for (JsonNode c : p.path("summary")) {
            if (c.path("text").isTextual()) {
                s.append(c.get("text").textValue()).append("\n\n");
            }
        }
        return s.toString();
    }

    private static String firstText(JsonNode n, String... keys) {
        for (String k : keys) {
            JsonNode v = n.get(k);
            if (v != null && v.isTextual() && !v.textValue().isBlank()) {
                return v.textValue();
            }
        }
        return "";
    }

    private static String firstStrings(JsonNode node) {
        StringBuilder s = new StringBuilder();
        node.fields().forEachRemaining(e -> {
            if (e.getValue().isTextual() && s.length() < RecordSummary.MAX_CHARS && !e.getKey().equals("type")
                    && !e.getKey().endsWith("id")) {
                s.append(s.length() == 0 ? "" : "  ").append(e.getKey()).append('=')
                        .append(RecordSummary.firstLine(e.getValue().textValue()));
            }
        });
        return s.toString();
    }

    private static String orDash(JsonNode n) {
        String s = RecordSummary.text(n);
        return s.isEmpty() ? "—" : s;
    }

    private static String join(String... parts) {
        StringBuilder s = new StringBuilder();
        for (String p : parts) {
            if (p != null && !p.isEmpty()) {
                s.append(s.length() == 0 ? "" : " · ").append(p);
            }
        }
        return s.toString();
    }
}

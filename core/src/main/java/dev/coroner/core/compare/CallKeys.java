package dev.coroner.core.compare;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.coroner.core.durable.Sha256;
import dev.coroner.core.precursor.CallStream;
import dev.coroner.core.read.RecordReader;
import dev.coroner.core.read.SourceSpan;
import dev.coroner.core.read.TranscriptJson;
import dev.coroner.core.read.TranscriptLine;
import dev.coroner.core.read.TranscriptRecord;
import dev.coroner.core.read.UnreadableTranscriptException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The key of every call of a transcript (docs/COMPARE.md, "Call keys"). The pass keeps no call's input, so the keys
 * are read again from the calls' own records, by the spans the pass recorded: one positional read per call record,
 * never a second read of the whole file.
 */
public final class CallKeys {
    /** The family of every shell command, whichever harness ran it. */
    public static final String COMMAND = "command";
    /** How many hex digits of a SHA-256 stand for what an edit or a write puts in a file. */
    static final int DIGEST_HEX = 12;

    private static final Set<String> SHELLS = Set.of("sh", "bash", "zsh", "/bin/sh", "/bin/bash", "/bin/zsh");

    private CallKeys() {
    }

    /** The key of each call of {@code calls}, in call order, re-read from {@code path}. */
    public static List<CallKey> read(Path path, CallStream calls) throws UnreadableTranscriptException {
        List<CallKey> keys = new ArrayList<>(calls.size());
        if (calls.size() == 0) {
            return keys;
        }
        try (RecordReader reader = RecordReader.open(path)) {
            SourceSpan lastSpan = null;
            TranscriptLine last = null;
            int ordinal = 0;
            for (int i = 0; i < calls.size(); i++) {
                SourceSpan span = calls.span(i);
                if (span.equals(lastSpan)) {
                    ordinal++; // one more call of the same record (Claude Code writes several tool_use blocks in one)
                } else {
                    last = reader.read(span);
                    lastSpan = span;
                    ordinal = 0;
                }
                String tool = calls.call(i).tool();
                JsonNode input = last instanceof TranscriptRecord r ? input(r, calls.call(i).id(), ordinal) : null;
                keys.add(input == null
                        ? new CallKey(tool, tool, "(the call's input could not be read again from line "
                                + span.line() + ")")
                        : of(tool, input));
            }
        }
        return keys;
    }

    /**
     * The input of a call in its record: a Claude Code {@code tool_use} block's {@code input} (the one with {@code id},
     * else the {@code ordinal}-th of the record), a Codex {@code function_call}'s {@code arguments} (a JSON text,
     * parsed), a {@code custom_tool_call}'s {@code input}, a {@code local_shell_call}'s or {@code web_search_call}'s
     * {@code action}. Null when the record holds no such call (the file changed since the pass).
     */
    static JsonNode input(TranscriptRecord record, String id, int ordinal) {
        JsonNode payload = record.json().get("payload");
        if (payload instanceof ObjectNode p && p.get("type") != null && p.get("type").isTextual()) {
            return switch (p.get("type").textValue()) {
                case "function_call" -> arguments(p.get("arguments"));
                case "custom_tool_call" -> p.get("input");
                case "local_shell_call", "web_search_call" -> p.get("action");
                default -> null;
            };
        }
        ObjectNode message = record.message();
        JsonNode content = message == null ? null : message.get("content");
        if (content == null || !content.isArray()) {
            return null;
        }
        List<JsonNode> uses = new ArrayList<>();
        for (JsonNode block : content) {
            if (block.isObject() && "tool_use".equals(block.path("type").asText(null))) {
                if (id != null && id.equals(block.path("id").asText(null))) {
                    return block.get("input");
                }
                uses.add(block);
            }
        }
        return ordinal < uses.size() ? uses.get(ordinal).get("input") : null;
    }

    /** A function call's arguments: a JSON text parsed, or the text itself when it is not JSON. */
    private static JsonNode arguments(JsonNode arguments) {
        if (arguments == null || !arguments.isTextual()) {
            return arguments;
        }
        try {
            byte[] bytes = arguments.textValue().getBytes(StandardCharsets.UTF_8);
            return TranscriptJson.readTree(bytes);
        } catch (IOException | RuntimeException e) {
            return arguments;
        }
    }

    /** The key of one call of {@code tool} with {@code input} (docs/COMPARE.md, "Call keys"). */
    public static CallKey of(String tool, JsonNode input) {
        String text = switch (tool) {
            case "Bash" -> string(input, "command");
            case "exec_command" -> string(input, "cmd");
            case "shell", "local_shell" -> command(input.get("command"));
            case "Read" -> read(input);
            case "Write" -> withDigest(input, "file_path", input.get("content"));
            case "Edit", "MultiEdit" -> withDigest(input, "file_path", without(input, "file_path"));
            case "NotebookEdit" -> withDigest(input, "notebook_path", without(input, "notebook_path"));
            case "apply_patch" -> input.isTextual() ? input.textValue() : null;
            default -> null;
        };
        if (text == null) {
            return new CallKey(tool, tool, canonical(input));
        }
        boolean command = switch (tool) {
            case "Bash", "exec_command", "shell", "local_shell" -> true;
            default -> false;
        };
        return new CallKey(tool, command ? COMMAND : tool, text);
    }

    private static String string(JsonNode input, String field) {
        JsonNode v = input.get(field);
        return v != null && v.isTextual() ? v.textValue() : null;
    }

    /** A command array as the program it runs: the script of {@code [sh|bash|zsh, -c|-lc, script]}, else the words joined by a space. */
    static String command(JsonNode words) {
        if (words == null) {
            return null;
        }
        if (words.isTextual()) {
            return words.textValue();
        }
        if (!words.isArray()) {
            return null;
        }
        List<String> w = new ArrayList<>();
        for (JsonNode word : words) {
            if (!word.isTextual()) {
                return null;
            }
            w.add(word.textValue());
        }
        if (w.size() == 3 && SHELLS.contains(w.get(0)) && ("-c".equals(w.get(1)) || "-lc".equals(w.get(1)))) {
            return w.get(2);
        }
        return String.join(" ", w);
    }

    /** {@code file_path}, then the lines asked for when the call names them: "src/a.py (offset 10, limit 20)". */
    private static String read(JsonNode input) {
        String path = string(input, "file_path");
        if (path == null) {
            return null;
        }
        JsonNode offset = input.get("offset");
        JsonNode limit = input.get("limit");
        if (offset == null && limit == null) {
            return path;
        }
        List<String> parts = new ArrayList<>();
        if (offset != null) {
            parts.add("offset " + canonical(offset));
        }
        if (limit != null) {
            parts.add("limit " + canonical(limit));
        }
        return path + " (" + String.join(", ", parts) + ")";
    }

    /** "src/a.py · sha256:3f2a9c01d4e7": the file and a digest of what the call writes into it. */
    private static String withDigest(JsonNode input, String pathField, JsonNode written) {
        String path = string(input, pathField);
        if (path == null) {
            return null;
        }
        String what = written == null ? "null" : written.isTextual() ? written.textValue() : canonical(written);
        return path + " · sha256:" + Sha256.of(what.getBytes(StandardCharsets.UTF_8)).substring(0, DIGEST_HEX);
    }

    private static JsonNode without(JsonNode input, String field) {
        if (!(input instanceof ObjectNode o)) {
            return input;
        }
        ObjectNode copy = o.deepCopy();
        copy.remove(field);
        return copy;
    }

    /** The input as compact JSON with every object's keys sorted (by UTF-16 code unit); a string stays itself. */
    public static String canonical(JsonNode input) {
        if (input == null) {
            return "null";
        }
        if (input.isTextual()) {
            return input.textValue();
        }
        try {
            return TranscriptJson.mapper().writeValueAsString(sorted(input));
        } catch (JsonProcessingException e) {
            return input.toString();
        }
    }

    private static JsonNode sorted(JsonNode n) {
        if (n.isObject()) {
            Map<String, JsonNode> fields = new TreeMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                fields.put(e.getKey(), sorted(e.getValue()));
            }
            ObjectNode o = JsonNodeFactory.instance.objectNode();
            fields.forEach(o::set);
            return o;
        }
        if (n.isArray()) {
            var a = JsonNodeFactory.instance.arrayNode();
            n.forEach(e -> a.add(sorted(e)));
            return a;
        }
        return n;
    }
}

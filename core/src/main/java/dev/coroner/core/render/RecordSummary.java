package dev.coroner.core.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.coroner.core.index.TerminalVerdicts;
import dev.coroner.core.read.ProblemLine;
import dev.coroner.core.read.TranscriptLine;
import dev.coroner.core.read.TranscriptRecord;
import dev.coroner.core.terminal.TrailingFailure;
import dev.coroner.core.text.ControlChars;
import dev.coroner.core.text.Cut;
import java.util.List;

/**
 * The one-line summary of a timeline row: what a person needs to recognise the record at a glance — the tool
 * and its command for a call, the outcome and first line for a result, the first line of a text. Control
 * characters are escaped: transcript text is hostile (docs/WORKBENCH.md, "Hostile text").
 */
public final class RecordSummary {
    /** Summaries are cut to this many characters. */
    public static final int MAX_CHARS = 240;
    /** Input keys that say best what a call does, in the order they are looked for. */
    private static final List<String> INPUT_KEYS = List.of("command", "file_path", "path", "pattern", "url", "query",
            "description", "prompt", "notebook_path", "skill", "subject");

    private RecordSummary() {
    }

    public static String of(TranscriptLine line) {
        return clean(raw(line));
    }

    /**
     * The summary as the transcript holds it, control characters and all, cut to {@link #MAX_CHARS}: for a frontend
     * that draws those characters apart from the text (the window's timeline, which shows a tab as a tab token and
     * not as the backslash and {@code t} a text can hold). Whoever shows it escapes it.
     */
    public static String unescaped(TranscriptLine line) {
        return Cut.to(raw(line), MAX_CHARS);
    }

    private static String raw(TranscriptLine line) {
        if (line instanceof ProblemLine p) {
            return p.kind() + ": " + p.message();
        }
        return record((TranscriptRecord) line);
    }

    /** "api_error · retry 3 of 10 · 529", "api_error · retry 1 of 10 · ConnectionRefused": what failed, at a glance. */
    private static String apiError(TrailingFailure f) {
        StringBuilder s = new StringBuilder("api_error");
        if (f.attempt() != null) {
            s.append(" · retry ").append(f.attempt());
            if (f.max() != null) {
                s.append(" of ").append(f.max());
            }
        }
        if (f.status() != null) {
            s.append(" · ").append(f.status());
        } else if (f.cause() != null) {
            s.append(" · ").append(f.cause());
        }
        return s.toString();
    }

    private static String record(TranscriptRecord r) {
        ObjectNode codex = CodexRecords.payload(r);
        if (codex != null) {
            return CodexRecords.summary(r.type(), codex);
        }
        ObjectNode msg = r.message();
        if (msg != null) {
            String s = content(msg.get("content"));
            if (!s.isEmpty()) {
                return s;
            }
        }
        ObjectNode json = r.json();
        switch (r.type()) {
            case "system" -> {
                String sub = text(json.get("subtype"));
                String content = firstLine(text(json.get("content")));
                if ("turn_duration".equals(sub) && json.has("durationMs")) {
                    return "turn_duration " + json.get("durationMs").asText() + " ms";
                }
                TrailingFailure failure = "api_error".equals(sub) ? TerminalVerdicts.apiFailure(r) : null;
                if (failure != null) {
                    return apiError(failure);
                }
                return join(sub, content);
            }
            case "summary" -> {
                return firstLine(text(json.get("summary")));
            }
            case "attachment" -> {
                JsonNode a = json.get("attachment");
                return a == null ? "" : join(text(a.get("type")), text(a.get("hookName")));
            }
            case "progress" -> {
                JsonNode d = json.get("data");
                return d == null ? "" : join(text(d.get("type")), text(d.get("hookEvent")));
            }
            case "queue-operation" -> {
                return join(text(json.get("operation")), firstLine(text(json.get("content"))));
            }
            default -> {
                return firstStrings(json);
            }
        }
    }

    private static String content(JsonNode content) {
        if (content == null) {
            return "";
        }
        if (content.isTextual()) {
            return firstLine(content.textValue());
        }
        if (!content.isArray()) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        for (JsonNode b : content) {
            String s = block(b);
            if (!s.isEmpty()) {
                if (out.length() > 0) {
                    out.append("  ·  ");
                }
                out.append(s);
            }
            if (out.length() > MAX_CHARS) {
                break;
            }
        }
        return out.toString();
    }

    private static String block(JsonNode b) {
        String type = text(b.get("type"));
        switch (type) {
            case "text":
                return firstLine(text(b.get("text")));
            case "thinking":
                return "thinking: " + firstLine(text(b.get("thinking")));
            case "redacted_thinking":
                return "thinking (redacted)";
            case "tool_use": {
                JsonNode input = b.get("input");
                return join(text(b.get("name")), firstLine(inputHint(input)));
            }
            case "tool_result": {
                boolean error = b.path("is_error").asBoolean(false) && b.path("is_error").isBoolean();
                return join(error ? "ERROR" : "ok", firstLine(resultText(b.get("content"))));
            }
            case "image": {
                JsonNode src = b.get("source");
                return "image " + (src == null ? "" : text(src.get("media_type")));
            }
            default:
                return type.isEmpty() ? "" : type;
        }
    }

    /** The text of a tool_result's content: a string, or its text blocks. */
    static String resultText(JsonNode content) {
        if (content == null) {
            return "";
        }
        if (content.isTextual()) {
            return content.textValue();
        }
        StringBuilder s = new StringBuilder();
        if (content.isArray()) {
            for (JsonNode c : content) {
                if ("text".equals(text(c.get("type")))) {
                    s.append(text(c.get("text"))).append('\n');
                }
            }
        }
        return s.toString();
    }

    private static String inputHint(JsonNode input) {
        if (input == null || !input.isObject()) {
            return "";
        }
        for (String key : INPUT_KEYS) {
            JsonNode v = input.get(key);
            if (v != null && v.isTextual() && !v.textValue().isBlank()) {
                return v.textValue();
            }
        }
        return firstStrings(input);
    }

    private static String firstStrings(JsonNode node) {
        StringBuilder s = new StringBuilder();
        node.fields().forEachRemaining(e -> {
            if (e.getValue().isTextual() && s.length() < MAX_CHARS && !e.getKey().equals("type")
                    && !e.getKey().endsWith("uuid") && !e.getKey().endsWith("Uuid")) {
                s.append(s.length() == 0 ? "" : "  ").append(e.getKey()).append('=')
                        .append(firstLine(e.getValue().textValue()));
            }
        });
        return s.toString();
    }

    private static String join(String a, String b) {
        if (a.isEmpty()) {
            return b;
        }
        return b.isEmpty() ? a : a + "  " + b;
    }

    static String text(JsonNode n) {
        return n != null && n.isTextual() ? n.textValue() : "";
    }

    /** The first non-blank line, trimmed. */
    static String firstLine(String s) {
        int i = 0;
        int n = s.length();
        while (i < n) {
            int end = s.indexOf('\n', i);
            if (end < 0) {
                end = n;
            }
            String line = s.substring(i, Math.min(end, i + MAX_CHARS * 2)).strip();
            if (!line.isEmpty()) {
                return line;
            }
            i = end + 1;
        }
        return "";
    }

    private static String clean(String s) {
        String one = ControlChars.escape(s);
        return one.length() <= MAX_CHARS ? one : one.substring(0, MAX_CHARS) + "…";
    }
}

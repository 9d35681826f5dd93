package dev.coroner.core.scripts;

import com.fasterxml.jackson.databind.JsonNode;
import dev.coroner.core.read.TranscriptRecord;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** How calls, programs, prompts and results are written in Claude Code records (FORMAT.md §4, §5; DESIGN §5). */
final class ToolCalls {
    /** The input keys that hold a program, in the order they are looked at. */
    static final String[] PROGRAM_KEYS = {"command", "code", "script", "program", "source"};

    // Claude Code 2.0.x begins a failed Bash result with "Exit code N" on a line of its own, and writes the same text
    // after "Error: " in toolUseResult. 1.0.x states no exit code at all (raw output only).
    private static final Pattern RESULT_EXIT = Pattern.compile("\\AExit code (-?\\d{1,9})(?:\\r?\\n|\\z)");
    private static final Pattern TOOL_USE_RESULT_EXIT = Pattern.compile("\\AError: Exit code (-?\\d{1,9})(?:\\r?\\n|\\z)");

    private ToolCalls() {
    }

    /** The first string among the input's program keys, or null when the call submitted no program. */
    static String programOf(JsonNode toolUse) {
        JsonNode input = toolUse.get("input");
        if (input == null || !input.isObject()) {
            return null;
        }
        for (String key : PROGRAM_KEYS) {
            JsonNode v = input.get(key);
            if (v != null && v.isTextual()) {
                return v.textValue();
            }
        }
        return null;
    }

    static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v != null && v.isTextual() ? v.textValue() : "";
    }

    static boolean isBlock(JsonNode node, String type) {
        return node.isObject() && type.equals(text(node, "type"));
    }

    /** Whether a user record starts a turn (DESIGN §5). Flags count only when they are JSON {@code true}. */
    static boolean isPrompt(TranscriptRecord record) {
        if (!"user".equals(record.type()) || record.message() == null
                || isTrue(record.json().get("isMeta")) || isTrue(record.json().get("isCompactSummary"))) {
            return false;
        }
        JsonNode content = record.message().get("content");
        if (content == null) {
            return false;
        }
        if (content.isTextual()) {
            return !content.textValue().isEmpty();
        }
        boolean text = false;
        for (JsonNode b : content) {
            if (isBlock(b, "tool_result")) {
                return false;
            }
            text |= isBlock(b, "text");
        }
        return text;
    }

    static boolean isTrue(JsonNode v) {
        return v != null && v.isBoolean() && v.booleanValue();
    }

    static Outcome outcomeOf(JsonNode toolResult) {
        return isTrue(toolResult.get("is_error")) ? Outcome.ERROR : Outcome.OK;
    }

    /**
     * The exit code a failed result states, or null. Only a result marked {@code is_error} is read: Claude Code writes
     * "Exit code N" only for a failed command, so the same words in a successful result are the program's own output.
     *
     * @param toolUseResult the record's {@code toolUseResult}, or null when the record holds several results
     */
    static Integer statedExitCode(JsonNode toolResult, JsonNode toolUseResult) {
        if (outcomeOf(toolResult) != Outcome.ERROR) {
            return null;
        }
        Integer code = firstGroup(RESULT_EXIT, resultText(toolResult.get("content")));
        if (code == null && toolUseResult != null && toolUseResult.isTextual()) {
            code = firstGroup(TOOL_USE_RESULT_EXIT, toolUseResult.textValue());
        }
        return code;
    }

    /** A result's text: its string content, or the first text item of its list content. */
    private static String resultText(JsonNode content) {
        if (content == null) {
            return null;
        }
        if (content.isTextual()) {
            return content.textValue();
        }
        for (JsonNode item : content) {
            JsonNode text = item.get("text");
            if (isBlock(item, "text") && text != null && text.isTextual()) {
                return text.textValue();
            }
        }
        return null;
    }

    private static Integer firstGroup(Pattern p, String s) {
        if (s == null) {
            return null;
        }
        Matcher m = p.matcher(s);
        return m.lookingAt() ? Integer.valueOf(m.group(1)) : null;
    }
}

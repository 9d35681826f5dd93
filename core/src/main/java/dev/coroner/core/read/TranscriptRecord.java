package dev.coroner.core.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A line that parsed to a JSON object. Unknown record kinds are kept as they are: the JSON is whole.
 * The node belongs to this record; callers must not mutate it.
 */
public record TranscriptRecord(SourceSpan span, ObjectNode json) implements TranscriptLine {

    /** The record's top-level {@code type} when it is a string ("user", "assistant", …), else "". */
    public String type() {
        JsonNode t = json.get("type");
        return t != null && t.isTextual() ? t.textValue() : "";
    }

    /** {@code message} when it is an object, else null. */
    public ObjectNode message() {
        JsonNode m = json.get("message");
        return m instanceof ObjectNode o ? o : null;
    }

    /** {@code message.role} when it is a string, else "". */
    public String role() {
        ObjectNode m = message();
        if (m == null) {
            return "";
        }
        JsonNode r = m.get("role");
        return r != null && r.isTextual() ? r.textValue() : "";
    }

    /** True for the record the terminal verdict looks for: {@code message} is an object whose role is "assistant". */
    public boolean isAssistantTurn() {
        return "assistant".equals(role());
    }
}

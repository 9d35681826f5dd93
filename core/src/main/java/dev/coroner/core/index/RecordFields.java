package dev.coroner.core.index;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.coroner.core.read.TranscriptScan;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The few fields of a record the index keeps, read from a streaming parser without building the record
 * (FORMAT §3–§7). Duplicate keys: the last wins, as in the tree the reader builds. One instance is reused for
 * every line of a pass.
 */
final class RecordFields implements TranscriptScan.FieldReader<RecordFields> {
    String type;
    String role;
    String model;
    String sessionId;
    String agentId;
    String linkedAgentId;
    long time;
    int flags;
    final List<String> callIds = new ArrayList<>();
    final List<String> callNames = new ArrayList<>();
    final List<String> resultIds = new ArrayList<>();
    private static final int CONTENT_FLAGS = RowFlags.TOOL_USE | RowFlags.TOOL_RESULT | RowFlags.TOOL_ERROR
            | RowFlags.TEXT | RowFlags.FENCE | RowFlags.THINKING | RowFlags.IMAGE;
    private boolean stringPrompt;
    private boolean textBlock;

    @Override
    public RecordFields read(JsonParser p) throws IOException {
        type = role = model = sessionId = agentId = linkedAgentId = null;
        time = Timestamps.NONE;
        flags = 0;
        resetMessage();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken v = p.nextToken();
            switch (name) {
                case "type" -> type = text(p, v);
                case "timestamp" -> time = Timestamps.parse(text(p, v));
                case "sessionId" -> sessionId = text(p, v);
                case "agentId" -> agentId = text(p, v);
                case "isSidechain" -> flag(RowFlags.SIDECHAIN, v == JsonToken.VALUE_TRUE);
                case "isMeta" -> flag(RowFlags.META, v == JsonToken.VALUE_TRUE);
                case "isCompactSummary" -> flag(RowFlags.COMPACT_SUMMARY, v == JsonToken.VALUE_TRUE);
                case "isApiErrorMessage" -> flag(RowFlags.API_ERROR, truthy(p, v));
                case "toolUseResult" -> linkedAgentId = v == JsonToken.START_OBJECT ? agentIdIn(p) : skip(p);
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
        }
        if ("<synthetic>".equals(model)) {
            flags |= RowFlags.SYNTHETIC;
        }
        if (linkedAgentId != null) {
            flags |= RowFlags.AGENT_LINK;
        }
        boolean prompt = stringPrompt || (textBlock && (flags & RowFlags.TOOL_RESULT) == 0);
        if ("user".equals(role) && prompt && (flags & (RowFlags.META | RowFlags.COMPACT_SUMMARY)) == 0) {
            flags |= RowFlags.PROMPT;
        }
        return this;
    }

    private void resetMessage() {
        role = model = null;
        resetContent();
    }

    private void resetContent() {
        flags &= ~CONTENT_FLAGS;
        callIds.clear();
        callNames.clear();
        resultIds.clear();
        stringPrompt = false;
        textBlock = false;
    }

    private void message(JsonParser p) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken v = p.nextToken();
            switch (name) {
                case "role" -> role = text(p, v);
                case "model" -> model = text(p, v);
                case "content" -> content(p, v);
                default -> p.skipChildren();
            }
        }
    }

    private void content(JsonParser p, JsonToken v) throws IOException {
        resetContent();
        if (v == JsonToken.VALUE_STRING) {
            flags |= RowFlags.TEXT;
            String s = p.getText();
            stringPrompt = !s.isEmpty();
            fence(s);
            return;
        }
        if (v != JsonToken.START_ARRAY) {
            p.skipChildren();
            return;
        }
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() == JsonToken.START_OBJECT) {
                block(p);
            } else {
                p.skipChildren();
            }
        }
    }

    private void block(JsonParser p) throws IOException {
        String bt = null;
        String id = null;
        String name = null;
        String useId = null;
        boolean error = false;
        String text = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            JsonToken v = p.nextToken();
            switch (key) {
                case "type" -> bt = text(p, v);
                case "id" -> id = text(p, v);
                case "name" -> name = text(p, v);
                case "tool_use_id" -> useId = text(p, v);
                case "is_error" -> error = v == JsonToken.VALUE_TRUE;
                case "text" -> text = text(p, v);
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
                fence(text);
            }
            case "tool_use" -> {
                flags |= RowFlags.TOOL_USE;
                callIds.add(id);
                callNames.add(name);
            }
            case "tool_result" -> {
                flags |= RowFlags.TOOL_RESULT;
                resultIds.add(useId);
                if (error) {
                    flags |= RowFlags.TOOL_ERROR;
                }
            }
            case "thinking", "redacted_thinking" -> flags |= RowFlags.THINKING;
            case "image" -> flags |= RowFlags.IMAGE;
            default -> { }
        }
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

    private static String skip(JsonParser p) throws IOException {
        p.skipChildren();
        return null;
    }

    private void flag(int bit, boolean on) {
        flags = on ? flags | bit : flags & ~bit;
    }

    private static String text(JsonParser p, JsonToken v) throws IOException {
        if (v == JsonToken.VALUE_STRING) {
            return p.getText();
        }
        p.skipChildren();
        return null;
    }

    /** Python truthiness of the value under the parser (DESIGN §3), consuming it. */
    private static boolean truthy(JsonParser p, JsonToken v) throws IOException {
        switch (v) {
            case VALUE_TRUE:
                return true;
            case VALUE_STRING:
                return p.getTextLength() > 0;
            case VALUE_NUMBER_INT:
                return p.getBigIntegerValue().signum() != 0;
            case VALUE_NUMBER_FLOAT:
                double d = p.getDoubleValue();
                return d != 0.0 || Double.isNaN(d);
            case START_OBJECT:
            case START_ARRAY:
                JsonToken first = p.nextToken();
                if (first == JsonToken.END_OBJECT || first == JsonToken.END_ARRAY) {
                    return false;
                }
                for (int depth = 1; depth > 0; ) {
                    JsonToken t = p.currentToken();
                    if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                        depth++;
                    } else if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
                        depth--;
                    }
                    if (depth > 0) {
                        p.nextToken();
                    }
                }
                return true;
            default:
                return false;
        }
    }
}

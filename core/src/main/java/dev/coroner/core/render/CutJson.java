package dev.coroner.core.render;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.coroner.core.read.TranscriptJson;
import java.util.Iterator;
import java.util.Map;

/**
 * A record as pretty JSON for the raw view, with huge strings cut (docs/WORKBENCH.md, "The panels": a 30 MB tool output or a base64
 * screenshot is shown cut, with its size). The cut is marked in the text itself, so nobody mistakes it for the
 * value: {@code "xxxx… [cut: 31,457,280 chars]"}.
 */
public final class CutJson {
    /** Strings longer than this are cut in the raw view. */
    public static final int MAX_STRING_CHARS = 4_000;

    private CutJson() {
    }

    public static String pretty(JsonNode node) {
        return pretty(node, MAX_STRING_CHARS);
    }

    public static String pretty(JsonNode node, int maxString) {
        try {
            return TranscriptJson.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(cut(node, maxString));
        } catch (JsonProcessingException e) {
            return String.valueOf(node);
        }
    }

    /** Whether any string in {@code node} is longer than {@code maxString}. */
    public static boolean needsCut(JsonNode node, int maxString) {
        if (node.isTextual()) {
            return node.textValue().length() > maxString;
        }
        for (JsonNode child : node) {
            if (needsCut(child, maxString)) {
                return true;
            }
        }
        return false;
    }

    /** {@code s} cut to {@code max} characters with the cut marked, or {@code s} when it is short enough. */
    public static String cut(String s, int max) {
        if (s.length() <= max) {
            return s;
        }
        return s.substring(0, max) + String.format("… [cut: %,d chars]", s.length());
    }

    private static JsonNode cut(JsonNode node, int max) {
        if (!needsCut(node, max)) {
            return node;
        }
        JsonNodeFactory f = JsonNodeFactory.instance;
        if (node.isTextual()) {
            return f.textNode(cut(node.textValue(), max));
        }
        if (node.isArray()) {
            ArrayNode a = f.arrayNode();
            node.forEach(c -> a.add(cut(c, max)));
            return a;
        }
        ObjectNode o = f.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            o.set(e.getKey(), cut(e.getValue(), max));
        }
        return o;
    }
}

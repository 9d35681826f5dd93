package dev.coroner.core.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.coroner.core.read.TranscriptRecord;
import java.util.ArrayList;
import java.util.List;

/** A record's message content as blocks to show in the detail view; a Codex record's payload as its blocks. */
public final class RecordContent {
    /** Texts longer than this are shown cut, with their size. */
    public static final int MAX_TEXT_CHARS = 100_000;
    /** Images whose base64 data is longer than this are described, not decoded. */
    public static final int MAX_IMAGE_BASE64 = 16 * 1024 * 1024;

    private RecordContent() {
    }

    public static List<ContentBlock> of(TranscriptRecord r) {
        ObjectNode codex = CodexRecords.payload(r);
        if (codex != null) {
            return CodexRecords.content(r.type(), codex);
        }
        ObjectNode msg = r.message();
        JsonNode content = msg == null ? null : msg.get("content");
        List<ContentBlock> out = new ArrayList<>();
        if (content == null) {
            return out;
        }
        if (content.isTextual()) {
            out.add(new ContentBlock.Text(CutJson.cut(content.textValue(), MAX_TEXT_CHARS)));
            return out;
        }
        if (!content.isArray()) {
            out.add(new ContentBlock.Other("content", CutJson.pretty(content)));
            return out;
        }
        for (JsonNode b : content) {
            out.add(block(b));
        }
        return out;
    }

    private static ContentBlock block(JsonNode b) {
        String type = RecordSummary.text(b.get("type"));
        switch (type) {
            case "text":
                return new ContentBlock.Text(CutJson.cut(RecordSummary.text(b.get("text")), MAX_TEXT_CHARS));
            case "thinking":
                return new ContentBlock.Thinking(CutJson.cut(RecordSummary.text(b.get("thinking")), MAX_TEXT_CHARS));
            case "tool_use":
                JsonNode input = b.get("input");
                return new ContentBlock.ToolUse(RecordSummary.text(b.get("id")), RecordSummary.text(b.get("name")),
                        input == null ? "" : CutJson.pretty(input));
            case "tool_result":
                JsonNode err = b.get("is_error");
                return new ContentBlock.ToolResult(RecordSummary.text(b.get("tool_use_id")),
                        err != null && err.isBoolean() && err.booleanValue(),
                        CutJson.cut(RecordSummary.resultText(b.get("content")), MAX_TEXT_CHARS));
            case "image":
                JsonNode src = b.path("source");
                String data = RecordSummary.text(src.get("data"));
                return new ContentBlock.Image(RecordSummary.text(src.get("media_type")),
                        data.length() <= MAX_IMAGE_BASE64 ? data : null, data.length());
            default:
                return new ContentBlock.Other(type.isEmpty() ? "(no type)" : type, CutJson.pretty(b));
        }
    }
}

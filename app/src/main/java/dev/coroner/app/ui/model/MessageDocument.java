package dev.coroner.app.ui.model;

import dev.coroner.core.render.ContentBlock;
import dev.coroner.core.scripts.FenceScanner;
import dev.coroner.core.scripts.FencedBlock;
import dev.coroner.core.render.JsonStyles;
import dev.coroner.core.text.ControlChars;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A record's content blocks as one styled document for the detail view: a heading per block (call, result,
 * thinking, text), texts with their fenced code blocks marked, tool inputs as highlighted JSON. Control characters
 * other than line breaks and tabs are shown as escapes (docs/ARCHITECTURE.md, "Workbench").
 */
final class MessageDocument {
    private final StringBuilder text = new StringBuilder();
    private final List<StyledText.Run> runs = new ArrayList<>();

    private MessageDocument() {
    }

    static StyledText of(List<ContentBlock> blocks) {
        MessageDocument d = new MessageDocument();
        for (ContentBlock b : blocks) {
            if (d.text.length() > 0) {
                d.append("\n", null);
            }
            d.block(b);
        }
        if (blocks.isEmpty()) {
            d.append("This record has no message content. Its fields are in Raw JSON.", "muted");
        }
        return new StyledText(d.text.toString(), d.runs);
    }

    /** Pretty JSON with its tokens styled ({@code json-key}, {@code json-string}, …). */
    static StyledText json(String pretty) {
        List<StyledText.Run> runs = new ArrayList<>();
        for (JsonStyles.Span s : JsonStyles.of(pretty)) {
            runs.add(new StyledText.Run(s.start(), s.end(), "json-" + s.kind().name().toLowerCase(Locale.ROOT)));
        }
        return new StyledText(pretty, runs);
    }

    private void block(ContentBlock b) {
        if (b instanceof ContentBlock.Text t) {
            heading("text");
            fenced(safe(t.text()));
        } else if (b instanceof ContentBlock.Thinking t) {
            heading("thinking");
            append(safe(t.text()), "thinking");
        } else if (b instanceof ContentBlock.ToolUse u) {
            heading("tool_use · " + safe(u.name()) + " · " + safe(u.id()));
            jsonBody(u.input());
        } else if (b instanceof ContentBlock.ToolResult r) {
            heading("tool_result" + (r.error() ? " · is_error: true" : "") + " · " + safe(r.toolUseId()));
            append(safe(r.text()), r.error() ? "error-text" : null);
        } else if (b instanceof ContentBlock.Image i) {
            heading("image · " + safe(i.mediaType()));
            append(String.format("%,d characters of base64%s", i.base64Chars(),
                    i.base64() == null ? " (too large to show)" : " (shown above)"), "muted");
        } else if (b instanceof ContentBlock.Other o) {
            heading(safe(o.type()));
            jsonBody(o.json());
        }
        if (text.length() > 0 && text.charAt(text.length() - 1) != '\n') {
            append("\n", null);
        }
    }

    private void heading(String h) {
        append(h + "\n", "block-title");
    }

    private void fenced(String s) {
        int at = text.length();
        append(s, null);
        for (FencedBlock f : FenceScanner.scan(s)) {
            runs.add(new StyledText.Run(at + f.start(), at + f.end(), "fence"));
        }
        runs.sort((a, b) -> Integer.compare(a.start(), b.start()));
    }

    private void jsonBody(String pretty) {
        int at = text.length();
        append(pretty, null);
        for (JsonStyles.Span s : JsonStyles.of(pretty)) {
            runs.add(new StyledText.Run(at + s.start(), at + s.end(),
                    "json-" + s.kind().name().toLowerCase(Locale.ROOT)));
        }
    }

    private void append(String s, String style) {
        int at = text.length();
        text.append(s);
        if (style != null && !s.isEmpty()) {
            runs.add(new StyledText.Run(at, at + s.length(), style));
        }
    }

    /** Line breaks and tabs stay (the text is multi-line); every other control character is escaped. */
    private static String safe(String s) {
        StringBuilder out = new StringBuilder(s.length());
        int from = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\n' || c == '\t') {
                out.append(ControlChars.escape(s.substring(from, i))).append(c);
                from = i + 1;
            }
        }
        return out.append(ControlChars.escape(s.substring(from))).toString();
    }
}

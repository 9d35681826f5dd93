package dev.coroner.app.ui.model;

import com.fasterxml.jackson.databind.JsonNode;
import dev.coroner.core.index.TerminalVerdicts;
import dev.coroner.core.read.TranscriptJson;
import dev.coroner.core.read.TranscriptRecord;
import dev.coroner.core.render.ContentBlock;
import dev.coroner.core.scripts.LineDiff;
import dev.coroner.core.scripts.FenceScanner;
import dev.coroner.core.scripts.FencedBlock;
import dev.coroner.core.terminal.TrailingFailure;
import dev.coroner.core.render.JsonStyles;
import dev.coroner.core.text.ControlChars;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.IntPredicate;
import java.util.regex.Matcher;

/**
 * A record's content blocks as one styled document for the detail view: a heading per block (call, result,
 * thinking, text), texts with their fenced code blocks marked, tool inputs as highlighted JSON, and under a
 * {@code Write}, {@code Edit} or {@code MultiEdit} call's JSON the text it writes or its edits as old → new diffs. Control characters
 * other than line breaks and tabs are shown as escapes (docs/WORKBENCH.md, "Hostile text").
 */
final class MessageDocument {
    /** The tools whose input is a file's text or edits to it (Claude Code's names). */
    private static final Set<String> FILE_TOOLS = Set.of("Write", "Edit", "MultiEdit");
    private final StringBuilder text = new StringBuilder();
    private final List<StyledText.Run> runs = new ArrayList<>();
    /** The badges to write over the fenced blocks, or null for none. */
    private final BlockBadges badges;
    /** How many fenced blocks the record's texts have shown so far: their numbers run across the record. */
    private int fencedBlocks;

    private MessageDocument(BlockBadges badges) {
        this.badges = badges;
    }

    static StyledText of(List<ContentBlock> blocks) {
        return of(blocks, null);
    }

    /** The document, with a badge over each fenced block when {@code badges} is not null. */
    static StyledText of(List<ContentBlock> blocks, BlockBadges badges) {
        MessageDocument d = new MessageDocument(badges);
        for (ContentBlock b : blocks) {
            if (d.text.length() > 0) {
                d.append("\n", null);
            }
            d.block(b);
        }
        if (blocks.isEmpty()) {
            d.append("This record has no message content. Its fields are in Raw JSON.", "muted");
        }
        return placeholders(new StyledText(d.text.toString(), d.runs), Drawable::canDraw);
    }

    /**
     * A record without message content: a {@code system} {@code api_error} says what failed — the retry, the status, the
     * error the harness wrote (docs/VERDICTS.md, "Trailing API failure") — any other points at its Raw JSON.
     */
    static StyledText withoutContent(TranscriptRecord r) {
        TrailingFailure f = TerminalVerdicts.apiFailure(r);
        MessageDocument d = new MessageDocument(null);
        if (f == null) {
            d.append("This record has no message content. Its fields are in Raw JSON.", "muted");
            return new StyledText(d.text.toString(), d.runs);
        }
        d.heading("api_error · the harness's call to the API failed");
        JsonNode json = r.json();
        String retry = f.attempt() == null ? "not given" : "attempt " + f.attempt() + (f.max() == null ? "" : " of " + f.max());
        JsonNode in = json.get("retryInMs");
        if (in != null && in.isNumber()) {
            retry += String.format(Locale.ROOT, " · next try in %.1f s", in.asDouble() / 1000);
        }
        d.field("retry", retry, null);
        d.field("status", f.status() == null ? "not given" : String.valueOf(f.status()), f.status() == null ? "muted" : "error-text");
        String error = apiErrorText(json.get("error"));
        d.field("error", error == null ? "no message (its fields are in Raw JSON)" : error, error == null ? "muted" : "error-text");
        if (f.cause() != null) {
            d.field("cause", f.cause(), "error-text");
        }
        d.field("class", f.cls().name(), null);
        return placeholders(new StyledText(d.text.toString(), d.runs), Drawable::canDraw);
    }

    /**
     * What the harness said failed, as it wrote it: {@code error.formatted} ("529 Overloaded"), else
     * {@code error.message}, else a nested {@code error.error.message}, else {@code connection.message}; null when none is
     * a string.
     */
    private static String apiErrorText(JsonNode error) {
        if (error == null || !error.isObject()) {
            return error != null && error.isTextual() ? error.asText() : null;
        }
        for (JsonNode n : List.of(error.path("formatted"), error.path("message"), error.path("error").path("message"),
                error.path("connection").path("message"))) {
            if (n.isTextual() && !n.asText().isBlank()) {
                return n.asText();
            }
        }
        return null;
    }

    /** "status  529": a label, then the value as the transcript has it (escaped), styled {@code style}. */
    private void field(String label, String value, String style) {
        append(String.format("%-7s", label) + " ", "muted");
        appendText(value, style);
        append("\n", null);
    }

    /**
     * {@code d} with each pictograph the fonts cannot draw written as its placeholder (":rocket:", {@link Drawable}),
     * styled {@code glyph-placeholder}, every run moved to where its characters went.
     */
    static StyledText placeholders(StyledText d, IntPredicate canDraw) {
        String s = d.text();
        StringBuilder out = null;
        int[] moved = null; // moved[i]: where the character at i of s is in out
        List<StyledText.Run> shown = new ArrayList<>();
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            int n = Character.charCount(cp);
            if (out == null && !canDraw.test(cp)) {
                out = new StringBuilder(s.length() + 32).append(s, 0, i);
                moved = new int[s.length() + 1];
                for (int j = 0; j <= i; j++) {
                    moved[j] = j;
                }
            }
            if (out != null) {
                moved[i] = out.length();
                if (n == 2) {
                    moved[i + 1] = out.length();
                }
                if (canDraw.test(cp)) {
                    out.appendCodePoint(cp);
                } else {
                    String p = Drawable.placeholder(cp);
                    shown.add(new StyledText.Run(out.length(), out.length() + p.length(), "glyph-placeholder"));
                    out.append(p);
                }
            }
            i += n;
        }
        if (out == null) {
            return d;
        }
        moved[s.length()] = out.length();
        List<StyledText.Run> runs = new ArrayList<>(shown);
        for (StyledText.Run r : d.runs()) {
            runs.add(new StyledText.Run(moved[r.start()], moved[r.end()], r.styleClass()));
        }
        runs.sort((a, b) -> Integer.compare(a.start(), b.start()));
        return new StyledText(out.toString(), runs);
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
            fenced(t.text());
        } else if (b instanceof ContentBlock.Thinking t) {
            heading("thinking");
            appendText(t.text(), "thinking");
        } else if (b instanceof ContentBlock.ToolUse u) {
            heading("tool_use · " + safe(u.name()) + " · " + safe(u.id()));
            jsonBody(u.input());
            fileEdits(u);
        } else if (b instanceof ContentBlock.ToolResult r) {
            heading("tool_result" + (r.error() ? " · is_error: true" : "") + " · " + safe(r.toolUseId()));
            appendText(r.text(), r.error() ? "error-text" : null);
        } else if (b instanceof ContentBlock.Command c) {
            heading(safe(c.name()) + " · " + safe(c.id()));
            code(c.command(), CodeHighlight.language("sh"));
            if (!c.workdir().isEmpty()) {
                append("in ", "muted");
                appendText(c.workdir(), "muted");
                append("\n", null);
            }
            append("\n", null);
            heading("arguments");
            jsonBody(c.input());
        } else if (b instanceof ContentBlock.Patch p) {
            heading("apply_patch · " + safe(p.id()));
            patch(p.patch());
        } else if (b instanceof ContentBlock.Output o) {
            heading("output · " + safe(o.callId()) + (o.exitCode() == null ? " · no exit code stated"
                    : " · exit code " + o.exitCode()));
            appendText(o.text(), o.exitCode() != null && o.exitCode() != 0 ? "error-text" : null);
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

    /**
     * What a {@code Write}, {@code Edit} or {@code MultiEdit} call asked for, as a person reads it, under its JSON (the
     * evidence, kept as it is): the text written, as text; each edit as a line diff of old → new ({@code -} the old
     * string only, {@code +} the new one only). An input that is not what these tools take is left to its JSON.
     */
    private void fileEdits(ContentBlock.ToolUse u) {
        if (!FILE_TOOLS.contains(u.name())) {
            return;
        }
        JsonNode in;
        try {
            in = TranscriptJson.readTree(u.input().getBytes(StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return; // cut or not JSON: the JSON above is all there is
        }
        String path = in.path("file_path").isTextual() ? in.path("file_path").asText() : "?";
        if (u.name().equals("Write") && in.path("content").isTextual()) {
            append("\n", null);
            heading("writes " + safe(path));
            appendText(in.path("content").asText(), null);
        } else if (u.name().equals("Edit")) {
            edit(path, in, 0, 1);
        } else if (u.name().equals("MultiEdit") && in.path("edits").isArray()) {
            for (int i = 0; i < in.path("edits").size(); i++) {
                edit(path, in.path("edits").get(i), i + 1, in.path("edits").size());
            }
        }
    }

    /** One edit of {@code path}: its old → new line diff; {@code number} 0 for an Edit call's one edit. */
    private void edit(String path, JsonNode e, int number, int of) {
        if (!e.path("old_string").isTextual() || !e.path("new_string").isTextual()) {
            return;
        }
        if (text.length() > 0 && text.charAt(text.length() - 1) != '\n') {
            append("\n", null);
        }
        append("\n", null);
        heading((number == 0 ? "edits " : "edit " + number + " of " + of + " · ") + safe(path) + " · old → new"
                + (e.path("replace_all").asBoolean(false) ? " · every occurrence" : ""));
        LineDiff d = LineDiff.of(e.path("old_string").asText(), e.path("new_string").asText());
        for (LineDiff.Line l : d.lines()) {
            append(l.change().prefix() + " " + safe(l.text()) + "\n", WhyUnmatched.style(l.change()));
        }
        String note = WhyUnmatched.note(d);
        if (!note.isEmpty()) {
            append(note + (d.compared() ? "" : ": the old and new strings are in the JSON above") + "\n", "muted");
        }
    }

    /** A command as code: escaped like any transcript text, its shell words coloured ({@link CodeHighlight}). */
    private void code(String command, CodeHighlight.Lang lang) {
        int at = text.length();
        appendText(command, null);
        String shown = text.substring(at);
        runs.add(new StyledText.Run(at, text.length(), "fence"));
        if (lang != null) {
            for (StyledText.Run r : CodeHighlight.runs(shown, lang)) {
                runs.add(new StyledText.Run(at + r.start(), at + r.end(), r.styleClass()));
            }
        }
        append("\n", null);
        runs.sort((a, b) -> Integer.compare(a.start(), b.start()));
    }

    /**
     * An {@code apply_patch} patch as a diff: each file's header line a heading, {@code +} lines as added, {@code -}
     * lines as removed, context and hunk lines muted (docs/FORMAT.md, "Codex CLI rollouts"). Every line is the
     * patch's own, escaped; nothing is added to or taken from it.
     */
    private void patch(String patch) {
        for (String line : patch.split("\n", -1)) {
            String style = line.startsWith("*** Update File: ") || line.startsWith("*** Add File: ")
                    || line.startsWith("*** Delete File: ") || line.startsWith("*** Move to: ") ? "block-title"
                    : line.startsWith("***") || line.startsWith("@@") ? "muted"
                    : line.startsWith("+") ? "diff-program"
                    : line.startsWith("-") ? "diff-block"
                    : "diff-same";
            appendText(line, style);
            append("\n", null);
        }
    }

    private void heading(String h) {
        append(h + "\n", "block-title");
    }

    /**
     * An answer's text, with its Markdown styled where it stands, each fenced block marked and its program coloured
     * ({@link CodeHighlight}), and over each block its badge: a line of ours, styled apart, never part of the text.
     */
    private void fenced(String raw) {
        int at = text.length();
        appendText(raw, null);
        String s = text.substring(at);
        List<StyledText.Run> here = new ArrayList<>(); // at offsets in s
        for (var it = runs.iterator(); it.hasNext(); ) {
            StyledText.Run r = it.next();
            if (r.start() >= at) { // the escapes and tags appendText marked
                here.add(new StyledText.Run(r.start() - at, r.end() - at, r.styleClass()));
                it.remove();
            }
        }
        List<Integer> badgeAt = new ArrayList<>();
        List<BlockBadges.Badge> badge = new ArrayList<>();
        for (FencedBlock f : FenceScanner.scan(s)) {
            fencedBlocks++;
            here.add(new StyledText.Run(f.start(), f.end(), "fence"));
            here.addAll(CodeHighlight.ofBlock(s, f));
            if (badges != null) {
                badgeAt.add(s.lastIndexOf('\n', f.start() - 1) + 1); // the fence line's start
                badge.add(badges.of(fencedBlocks));
            }
        }
        here.addAll(MarkdownRuns.of(s, 0));
        text.setLength(at);
        int[] shift = new int[badgeAt.size()]; // shift[j]: what the badges before the j-th one add
        int from = 0;
        for (int j = 0; j < badgeAt.size(); j++) {
            text.append(s, from, badgeAt.get(j));
            shift[j] = text.length() - at - badgeAt.get(j);
            append("▸ " + safe(badge.get(j).text()) + "\n", "block-badge");
            runs.add(new StyledText.Run(runs.get(runs.size() - 1).start(), text.length() - 1, badge.get(j).style()));
            from = badgeAt.get(j);
        }
        text.append(s, from, s.length());
        for (StyledText.Run r : here) {
            // a run that starts where a badge goes starts after it; one that ends there ends before it
            runs.add(new StyledText.Run(at + moved(r.start(), badgeAt, shift, text.length() - at - s.length(), true),
                    at + moved(r.end(), badgeAt, shift, text.length() - at - s.length(), false), r.styleClass()));
        }
        runs.sort((a, b) -> Integer.compare(a.start(), b.start()));
    }

    /** Where offset {@code p} of a text went once the badges went in at {@code badgeAt}, {@code all} characters in all. */
    private static int moved(int p, List<Integer> badgeAt, int[] shift, int all, boolean start) {
        for (int j = 0; j < badgeAt.size(); j++) {
            if (start ? p < badgeAt.get(j) : p <= badgeAt.get(j)) {
                return p + shift[j];
            }
        }
        return p + all;
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

    /**
     * A transcript's text: line breaks and tabs stay (the text is multi-line); every other unsafe character is its
     * escape, marked {@code token-control}, and each harness tag ({@code <command-name>} …) is marked {@code token-tag},
     * so neither reads as what was typed (docs/WORKBENCH.md, "Hostile text").
     */
    private void appendText(String raw, String style) {
        int start = text.length();
        int from = 0;
        for (int i = 0; i < raw.length(); ) {
            int cp = raw.codePointAt(i);
            int n = Character.charCount(cp);
            if (cp != '\n' && cp != '\t' && ControlChars.isUnsafe(cp)) {
                text.append(raw, from, i);
                int at = text.length();
                text.append(ControlChars.escape(raw.substring(i, i + n)));
                runs.add(new StyledText.Run(at, text.length(), "token-control"));
                from = i + n;
            }
            i += n;
        }
        text.append(raw, from, raw.length());
        Matcher tag = HarnessTags.PATTERN.matcher(text).region(start, text.length());
        while (tag.find()) {
            if (HarnessTags.NAMES.contains(tag.group(1))) {
                runs.add(new StyledText.Run(tag.start(), tag.end(), "token-tag"));
            }
        }
        if (style != null && text.length() > start) {
            runs.add(new StyledText.Run(start, text.length(), style));
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

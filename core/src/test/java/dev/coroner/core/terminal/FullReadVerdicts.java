package dev.coroner.core.terminal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.coroner.core.read.PyWhitespace;
import dev.coroner.core.read.TranscriptReader;
import dev.coroner.core.read.TranscriptRecord;
import dev.coroner.core.read.UnreadableTranscriptException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The slow twin the readers are checked against: every line read forward into a tree, the last assistant turn kept,
 * and the trailing failure, the file's contents and the warm-up prompts found from the trees, written here a second
 * time on purpose (a test oracle, independent of the streaming field reader the product uses).
 */
public final class FullReadVerdicts {
    private FullReadVerdicts() {
    }

    public static TerminalVerdict judgeByFullRead(Path path) {
        if (isCodex(path)) {
            return judgeCodexByFullRead(path);
        }
        TranscriptRecord[] last = {null};
        TrailingFailure[] trailing = {null};
        TranscriptContents.Tally tally = new TranscriptContents.Tally();
        int[] prompts = {0};
        boolean[] other = {false};
        String[] session = {null};
        String name = path.getFileName() == null ? path.toString() : path.getFileName().toString();
        try {
            TranscriptReader.read(path, line -> {
                if (!(line instanceof TranscriptRecord r)) {
                    tally.problem((dev.coroner.core.read.ProblemLine) line);
                    return true;
                }
                if (session[0] == null && r.json().path("sessionId").isTextual()) {
                    session[0] = r.json().get("sessionId").textValue();
                }
                if (r.isAssistantTurn()) {
                    last[0] = r;
                    trailing[0] = null;
                } else {
                    tally.record(r.json().get("type") != null && r.json().get("type").isTextual() ? r.type() : null);
                    JsonNode j = r.json();
                    if (text(j.get("type")).equals("system") && text(j.get("subtype")).equals("api_error")) {
                        JsonNode error = j.path("error");
                        trailing[0] = TrailingFailure.of(r.span().line(), integer(j.get("retryAttempt")),
                                integer(j.get("maxRetries")), integer(error.get("status")),
                                error.path("cause").get("code") != null && error.path("cause").get("code").isTextual()
                                        ? error.path("cause").get("code").textValue() : null);
                    }
                }
                String prompt = promptText(r);
                if (prompt != null) {
                    prompts[0]++;
                    other[0] |= !PyWhitespace.strip(prompt).equals(AgentKind.WARMUP_PROMPT);
                }
                return true;
            });
            long size = Files.size(path);
            TerminalEvidence e = last[0] == null ? TerminalEvidence.notFound() : TerminalRecords.evidence(last[0]);
            AgentKind kind = AgentKind.of(name, prompts[0] > 0 && !other[0]);
            return TerminalClassifier.classify(e, kind, trailing[0], tally.of(size))
                    .of(dev.coroner.core.read.Harness.CLAUDE_CODE, kind == AgentKind.SESSION ? null : session[0]);
        } catch (UnreadableTranscriptException e) {
            return TerminalClassifier.classify(TerminalEvidence.unreadable(e.reason()), AgentKind.byName(name), null, null);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Whether the file's first record is a Codex CLI one: {@code {timestamp, type, payload}}, a Codex type, an object. */
    private static boolean isCodex(Path path) {
        String[] first = {null};
        try {
            TranscriptReader.read(path, line -> {
                if (line instanceof TranscriptRecord r) {
                    JsonNode type = r.json().get("type");
                    boolean codex = type != null && type.isTextual() && r.json().path("payload").isObject()
                            && java.util.Set.of("session_meta", "response_item", "event_msg", "turn_context",
                            "compacted", "world_state", "inter_agent_communication_metadata").contains(type.textValue());
                    first[0] = codex ? "codex" : "claude";
                    return false;
                }
                return true;
            });
        } catch (UnreadableTranscriptException e) {
            return false;
        }
        return "codex".equals(first[0]);
    }

    /**
     * A Codex rollout (docs/VERDICTS.md, "Codex CLI") from its trees: the last assistant message, the last turn-
     * lifecycle event, the first session_meta, the contents by role.
     */
    static TerminalVerdict judgeCodexByFullRead(Path path) {
        TranscriptRecord[] last = {null};
        TranscriptRecord[] lastRecord = {null};
        TranscriptRecord[] lifecycle = {null};
        JsonNode[] meta = {null};
        TranscriptContents.Tally tally = new TranscriptContents.Tally();
        try {
            TranscriptReader.read(path, line -> {
                if (!(line instanceof TranscriptRecord r)) {
                    tally.problem((dev.coroner.core.read.ProblemLine) line);
                    return true;
                }
                lastRecord[0] = r;
                String top = text(r.json().get("type"));
                JsonNode payload = r.json().path("payload");
                String kind = text(payload.get("type"));
                if (top.equals("session_meta") && meta[0] == null) {
                    meta[0] = payload;
                }
                boolean answer = top.equals("response_item") && kind.equals("message")
                        && text(payload.get("role")).equals("assistant");
                if (answer) {
                    last[0] = r;
                } else {
                    String role = text(payload.get("role"));
                    boolean message = top.equals("response_item") && kind.equals("message") && !role.isEmpty();
                    tally.record(message ? (role.equals("user") ? "user" : role + " message")
                            : top.equals("response_item") || top.equals("event_msg")
                            ? (payload.get("type") != null && payload.get("type").isTextual() ? kind : null) : top);
                }
                if (top.equals("event_msg") && kind.matches("task_started|turn_started|task_complete|turn_complete"
                        + "|turn_aborted")) {
                    lifecycle[0] = r;
                }
                return true;
            });
            TerminalEvidence e = TerminalEvidence.notFound();
            if (last[0] != null) {
                String lead = "";
                boolean has = false;
                for (JsonNode b : last[0].json().path("payload").path("content")) {
                    String t = text(b.get("text"));
                    if (text(b.get("type")).equals("output_text") && !PyWhitespace.strip(t).isEmpty() && !has) {
                        has = true;
                        lead = TerminalRecords.leading(PyWhitespace.strip(t));
                    }
                }
                e = new TerminalEvidence(true, true, null, null, false, null, null, null, lead, has,
                        last[0].span().offset(), null);
            }
            TrailingFailure trailing = null;
            if (lifecycle[0] != null) {
                JsonNode payload = lifecycle[0].json().path("payload");
                String kind = text(payload.get("type"));
                if (kind.endsWith("_started")) {
                    trailing = TrailingFailure.codexCutOff(lastRecord[0].span().line());
                } else if (kind.equals("turn_aborted")) {
                    JsonNode reason = payload.get("reason");
                    trailing = TrailingFailure.codexAborted(lifecycle[0].span().line(),
                            reason != null && reason.isTextual() ? reason.textValue() : null);
                }
            }
            JsonNode source = meta[0] == null ? null : meta[0].get("source");
            boolean subagent = source != null && source.isObject() && source.has("subagent");
            String parent = null;
            if (subagent) {
                JsonNode spawn = source.get("subagent").path("thread_spawn").get("parent_thread_id");
                JsonNode own = meta[0].get("parent_thread_id");
                parent = spawn != null && spawn.isTextual() ? spawn.textValue()
                        : own != null && own.isTextual() ? own.textValue() : null;
            }
            return TerminalClassifier.classifyCodex(e, subagent ? AgentKind.SUBAGENT : AgentKind.SESSION, parent,
                    trailing, tally.of(Files.size(path)));
        } catch (UnreadableTranscriptException e) {
            return TerminalClassifier.classify(TerminalEvidence.unreadable(e.reason()));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** A prompt's text (docs/VERDICTS.md, "Turns"), or null when the record is not a prompt. */
    private static String promptText(TranscriptRecord r) {
        JsonNode j = r.json();
        if (!"user".equals(r.type()) || r.message() == null || "assistant".equals(r.role())
                || j.path("isMeta").isBoolean() && j.get("isMeta").booleanValue()
                || j.path("isCompactSummary").isBoolean() && j.get("isCompactSummary").booleanValue()) {
            return null;
        }
        JsonNode content = r.message().get("content");
        if (content != null && content.isTextual()) {
            return content.textValue().isEmpty() ? null : content.textValue();
        }
        if (content == null || !content.isArray()) {
            return null;
        }
        StringBuilder text = new StringBuilder();
        boolean textBlock = false;
        for (JsonNode b : content) {
            String type = text(b.get("type"));
            if (type.equals("tool_result")) {
                return null;
            }
            if (type.equals("text")) {
                textBlock = true;
                text.append(text(b.get("text")));
            }
        }
        return textBlock ? text.toString() : null;
    }

    private static String text(JsonNode n) {
        return n != null && n.isTextual() ? n.textValue() : "";
    }

    private static Integer integer(JsonNode n) {
        return n != null && n.isInt() ? n.intValue() : null;
    }
}

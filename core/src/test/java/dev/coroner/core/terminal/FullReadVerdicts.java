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
        TranscriptRecord[] last = {null};
        TrailingFailure[] trailing = {null};
        TranscriptContents.Tally tally = new TranscriptContents.Tally();
        int[] prompts = {0};
        boolean[] other = {false};
        String name = path.getFileName() == null ? path.toString() : path.getFileName().toString();
        try {
            TranscriptReader.read(path, line -> {
                if (!(line instanceof TranscriptRecord r)) {
                    tally.problem((dev.coroner.core.read.ProblemLine) line);
                    return true;
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
            return TerminalClassifier.classify(e, AgentKind.of(name, prompts[0] > 0 && !other[0]), trailing[0],
                    tally.of(size));
        } catch (UnreadableTranscriptException e) {
            return TerminalClassifier.classify(TerminalEvidence.unreadable(e.reason()), AgentKind.byName(name), null, null);
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

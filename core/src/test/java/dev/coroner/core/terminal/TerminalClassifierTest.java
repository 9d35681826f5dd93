package dev.coroner.core.terminal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.coroner.core.read.SourceSpan;
import dev.coroner.core.read.TranscriptJson;
import dev.coroner.core.read.TranscriptRecord;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every bullet of docs/VERDICTS.md, "Terminal verdict", as tables over single records (the reference). */
class TerminalClassifierTest {

    static TranscriptRecord record(String json) {
        try {
            return new TranscriptRecord(new SourceSpan(1, 0, json.length()),
                    (ObjectNode) TranscriptJson.readTree(json.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        } catch (Exception e) {
            throw new IllegalArgumentException(json, e);
        }
    }

    static TerminalVerdict judge(String json) {
        TerminalEvidence e = TerminalRecords.evidence(record(json));
        return TerminalClassifier.classify(e == null ? TerminalEvidence.notFound() : e);
    }

    static String assistant(String model, String content, String topLevel) {
        return "{\"type\":\"assistant\"" + topLevel + ",\"message\":{\"role\":\"assistant\",\"model\":" + model
                + ",\"stop_reason\":\"end_turn\",\"content\":" + content + "}}";
    }

    static final String TEXT = "[{\"type\":\"text\",\"text\":\"done\"}]";

    @ParameterizedTest(name = "isApiErrorMessage={0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "true       | SYNTHETIC", "false      | HEALTHY", "\"false\"  | SYNTHETIC", "\"\"       | HEALTHY",
            "0          | HEALTHY", "1          | SYNTHETIC", "-1         | SYNTHETIC", "0.0        | HEALTHY",
            "0.5        | SYNTHETIC", "NaN        | SYNTHETIC", "[]         | HEALTHY", "[0]        | SYNTHETIC",
            "{}         | HEALTHY", "{\"a\":1}  | SYNTHETIC", "null       | HEALTHY"})
    void isApiErrorMessageIsReadWithPythonTruthiness(String flag, TerminalState expected) {
        assertEquals(expected, judge(assistant("\"claude-x\"", TEXT, ",\"isApiErrorMessage\":" + flag)).state());
    }

    @Test
    void isApiErrorMessageInsideMessageDoesNotCount() {
        String json = "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"model\":\"claude-x\","
                + "\"isApiErrorMessage\":true,\"content\":" + TEXT + "}}";
        assertEquals(TerminalState.HEALTHY, judge(json).state());
    }

    @ParameterizedTest(name = "apiErrorStatus={0} -> {1}")
    @CsvSource(delimiter = '|', nullValues = "none", value = {
            "429          | 429", "\"429\"      | 429", "\" 429 \"   | 429", "\"0429\"     | 429",
            "true         | none", "false        | none", "429.0        | none", "\"429.0\"    | none",
            "\"4 29\"     | none", "\"+429\"     | none", "\"\"         | none", "null         | none",
            "[429]        | none", "\"\u0663\"   | none", "99999999999999999999999 | none",
            "100          | 100", "599          | 599", "99           | none", "600          | none", "0   | none",
            "-429         | none", "\"99\"       | none", "\"600\"      | none", "\"000000000000000000529\" | 529",
            "\"529000000000000000000\" | none"})
    void apiErrorStatusIsAnHttpStatusFromAnIntegerOrADigitStringElseNull(String status, String expected) {
        TerminalVerdict v = judge(assistant("\"<synthetic>\"", TEXT, ",\"apiErrorStatus\":" + status));
        assertEquals(expected == null ? null : new BigInteger(expected), v.apiStatus());
        assertEquals(TerminalState.SYNTHETIC, v.state(), "status is detail, never the gate");
    }

    @Test
    void aHundredThousandDigitStatusIsNoStatusNotAHundredThousandDigitNumber() {
        String digits = "4".repeat(100_000);
        TerminalVerdict v = judge(assistant("\"<synthetic>\"", TEXT, ",\"apiErrorStatus\":\"" + digits + "\""));
        assertNull(v.apiStatus());
        assertFalse(v.reason().contains("4444"), "the reason names no such status");
    }

    @Test
    void apiErrorStatusNeverGates() {
        TerminalVerdict v = judge(assistant("\"claude-x\"", TEXT, ",\"apiErrorStatus\":429"));
        assertEquals(TerminalState.HEALTHY, v.state());
        assertNull(v.apiStatus());
    }

    @ParameterizedTest(name = "model={0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "\"<synthetic>\"    | SYNTHETIC", "\"<Synthetic>\"    | HEALTHY", "\" <synthetic>\"   | HEALTHY",
            "[\"<synthetic>\"]  | HEALTHY", "null               | HEALTHY", "42                 | HEALTHY"})
    void syntheticModelComparesExactlyAndOnlyAsAString(String model, TerminalState expected) {
        assertEquals(expected, judge(assistant(model, TEXT, "")).state());
    }

    @Test
    void stopReasonCorroboratesOnlyWhenAString() {
        String synthetic = "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"model\":\"<synthetic>\","
                + "\"stop_reason\":%s,\"content\":" + TEXT + "}}";
        assertTrue(judge(String.format(synthetic, "\"stop_sequence\"")).reason().contains("stop_reason=stop_sequence"));
        assertFalse(judge(String.format(synthetic, "[\"stop_sequence\"]")).reason().contains("stop_reason"));
        assertNull(TerminalRecords.evidence(record(String.format(synthetic, "7"))).stopReason());
    }

    @ParameterizedTest(name = "content={0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "\"an answer\"                                      | HEALTHY",
            "\"   \"                                            | EMPTY",
            "\"\"                                               | EMPTY",
            "[]                                                 | EMPTY",
            "[{\"type\":\"text\",\"text\":\"  \"}]              | HEALTHY",
            "[{\"type\":\"text\",\"text\":\"\"}]                | EMPTY",
            "[{\"type\":\"text\",\"text\":5}]                   | EMPTY",
            "[{\"type\":\"text\"}]                              | EMPTY",
            "[{\"type\":\"tool_use\",\"id\":\"t\",\"name\":\"Bash\",\"input\":{}}] | HEALTHY",
            "[{\"type\":\"tool_result\"}]                       | HEALTHY",
            "[{\"type\":\"thinking\",\"thinking\":\"\"}]        | HEALTHY",
            "[{\"type\":\"image\"}]                             | HEALTHY",
            "[{\"type\":\"redacted_thinking\",\"data\":\"x\"}]  | EMPTY",
            "[\"text\", 5, null, [1]]                           | EMPTY",
            "{\"type\":\"text\",\"text\":\"x\"}                 | EMPTY",
            "null                                               | EMPTY",
            "42                                                 | EMPTY"})
    void whatCountsAsContent(String content, TerminalState expected) {
        assertEquals(expected, judge(assistant("\"claude-x\"", content, "")).state());
    }

    @Test
    void noContentKeyIsEmpty() {
        String json = "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"model\":\"claude-x\"}}";
        assertEquals(TerminalState.EMPTY, judge(json).state());
    }

    @Test
    void leadingTextIsTheFirstTextThatIsNotBlankTrimmedAndCutTo400CodePoints() {
        String longText = "\uD83D\uDE00".repeat(500); // 500 code points, 1000 chars
        String content = "[{\"type\":\"text\",\"text\":\"   \"},{\"type\":\"tool_use\"},"
                + "{\"type\":\"text\",\"text\":\"\\u00a0 " + longText + "\"},{\"type\":\"text\",\"text\":\"later\"}]";
        TerminalEvidence e = TerminalRecords.evidence(record(assistant("\"<synthetic>\"", content, "")));
        assertEquals(400, e.text().codePointCount(0, e.text().length()));
        assertTrue(e.text().startsWith("\uD83D\uDE00"));
    }

    @Test
    void stringContentLeadingTextIsStripped() {
        TerminalEvidence e = TerminalRecords.evidence(record(assistant("\"<synthetic>\"", "\"\\n  Rate limited \\t\"", "")));
        assertEquals("Rate limited", e.text());
    }

    @ParameterizedTest(name = "{0} / {1} -> {2}")
    @CsvSource(delimiter = '|', nullValues = "none", value = {
            // the reference's order: status or text, RATE_LIMIT, AUTH, SERVER, USAGE_LIMIT, else OTHER
            "429  | anything                                | RATE_LIMIT",
            "none | API Error: Rate limited                 | RATE_LIMIT",
            "401  | Rate limited                            | RATE_LIMIT",
            "401  | x                                       | AUTH",
            "none | authentication_error                    | AUTH",
            "500  | x                                       | SERVER",
            "none | API Error: 500 Internal Server Error    | SERVER",
            "529  | API Error: 529 Overloaded. This is a server-side issue | SERVER",
            "403  | x                                       | USAGE_LIMIT",
            "none | You've hit your weekly limit            | USAGE_LIMIT",
            "none | Session limit reached ∙ resets 11pm     | USAGE_LIMIT",
            "none | You're out of extra usage               | USAGE_LIMIT",
            "none | Your organization has disabled Claude   | USAGE_LIMIT",
            "none | Claude AI usage limit reached           | USAGE_LIMIT",
            "403  | authentication failed                   | AUTH",
            "404  | There's an issue with the selected model | OTHER",
            "none | API Error: Connection error.            | OTHER"})
    void classFollowsTheReferenceOrder(String status, String text, TerminalClass expected) {
        assertEquals(expected, TerminalClassifier.refine(
                TerminalClassifier.inferClass(status == null ? null : new BigInteger(status), text), null, text));
    }

    @ParameterizedTest(name = "error={0} text={1} -> {2}")
    @CsvSource(delimiter = '|', nullValues = "none", value = {
            "rate_limit            | You've hit your limit · resets 12am   | RATE_LIMIT",
            "billing_error         | Credit balance is too low             | USAGE_LIMIT",
            "authentication_failed | Invalid API key · Please run /login   | AUTH",
            "server_error          | API Error: something                  | SERVER",
            "unknown               | Not logged in · Please run /login     | AUTH",
            "none                  | Invalid API key                       | AUTH",
            "none                  | API Error: 529 Overloaded             | SERVER",
            "none                  | You've hit your limit                 | USAGE_LIMIT",
            "none                  | Limit reached · resets 10am           | USAGE_LIMIT",
            "none                  | You've hit your monthly spend limit   | USAGE_LIMIT",
            "none                  | Credit balance is too low             | USAGE_LIMIT",
            "unknown               | API Error: Connection error.          | OTHER",
            "invalid_request       | There's an issue with the selected model | OTHER"})
    void otherIsRefinedFromTheErrorFieldThenNewerWording(String error, String text, TerminalClass expected) {
        assertEquals(expected, TerminalClassifier.refine(TerminalClassifier.inferClass(null, text), error, text));
    }

    @Test
    void refinementNeverOverridesTheReferenceClass() {
        // "rate limited" makes it RATE_LIMIT by the reference; a billing error field must not change that
        assertEquals(TerminalClass.RATE_LIMIT, TerminalClassifier.refine(TerminalClass.RATE_LIMIT, "billing_error", "x"));
        TerminalVerdict v = judge(assistant("\"<synthetic>\"", "[{\"type\":\"text\",\"text\":\"API Error: Rate limited\"}]",
                ",\"error\":\"billing_error\""));
        assertEquals(TerminalClass.RATE_LIMIT, v.terminalClass());
    }

    @Test
    void rawErrorIsReportedOnlyWhenAString() {
        assertEquals("rate_limit", judge(assistant("\"<synthetic>\"", TEXT, ",\"error\":\"rate_limit\"")).error());
        assertNull(judge(assistant("\"<synthetic>\"", TEXT, ",\"error\":{\"type\":\"rate_limit\"}")).error());
        assertNull(judge(assistant("\"<synthetic>\"", TEXT, "")).error());
    }

    @Test
    void noResponseRequestedIsStillSynthetic() {
        TerminalVerdict v = judge(assistant("\"<synthetic>\"", "[{\"type\":\"text\",\"text\":\"No response requested.\"}]",
                ",\"isApiErrorMessage\":false"));
        assertEquals(TerminalState.SYNTHETIC, v.state());
        assertTrue(v.dead());
        assertEquals(TerminalClass.OTHER, v.terminalClass());
    }

    @Test
    void syntheticEvenWithoutContent() {
        assertEquals(TerminalState.SYNTHETIC, judge(assistant("\"<synthetic>\"", "[]", "")).state());
    }

    @Test
    void unreadableIsNeverDeadAndCarriesItsReason() {
        TerminalVerdict v = TerminalClassifier.classify(TerminalEvidence.unreadable("permission denied"));
        assertEquals(TerminalState.UNREADABLE, v.state());
        assertFalse(v.dead());
        assertEquals(TerminalClass.NONE, v.terminalClass());
        assertTrue(v.reason().contains("permission denied"));
    }

    @Test
    void noAssistantRecordIsEmptyAndDead() {
        TerminalVerdict v = TerminalClassifier.classify(TerminalEvidence.notFound());
        assertEquals(TerminalState.EMPTY, v.state());
        assertTrue(v.dead());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "{\"type\":\"assistant\",\"message\":{\"role\":\"user\",\"content\":\"x\"}}",
            "{\"type\":\"assistant\",\"message\":\"assistant\"}",
            "{\"type\":\"assistant\",\"role\":\"assistant\",\"content\":\"x\"}",
            "{\"type\":\"assistant\",\"message\":{\"role\":[\"assistant\"],\"content\":\"x\"}}"})
    void onlyAnObjectMessageWithRoleAssistantIsATerminalCandidate(String json) {
        assertNull(TerminalRecords.evidence(record(json)));
    }

    @Test
    void healthyAndEmptyReportNoStatusOrClass() {
        TerminalVerdict v = judge(assistant("\"claude-x\"", TEXT, ",\"apiErrorStatus\":500"));
        assertEquals(TerminalClass.NONE, v.terminalClass());
        assertNull(v.apiStatus());
    }

    /**
     * Real-run refinements (docs/VERDICTS.md, "Beyond the reference, from real runs"): only where the rules above say
     * OTHER, in their order.
     */
    @ParameterizedTest(name = "{0} / {1} / {2} / {3} -> {4}")
    @CsvSource(delimiter = '|', nullValues = "-", value = {
            "-   | -               | -                                 | Prompt is too long                          | CONTEXT_LIMIT",
            "400 | invalid_request | -                                 | Prompt is too long                          | CONTEXT_LIMIT",
            "400 | invalid_request | 400 prompt is too long: 9 > 8    | API Error: 400                              | CONTEXT_LIMIT",
            "-   | -               | -                                 | Autocompact is thrashing                    | CONTEXT_LIMIT",
            "402 | unknown         | -                                 | API Error: 402                              | USAGE_LIMIT",
            "-   | unknown         | -                                 | Insufficient Balance                        | USAGE_LIMIT",
            "-   | -               | -                                 | API Error: Connection error.                | NETWORK",
            "-   | -               | -                                 | connect ECONNREFUSED: connection refused    | NETWORK",
            "-   | -               | -                                 | TypeError: fetch failed                     | NETWORK",
            "-   | -               | -                                 | socket hang up                              | NETWORK",
            "-   | -               | -                                 | Request timed out.                          | NETWORK",
            "-   | invalid_request | -                                 | API Error: bad request                      | INVALID_REQUEST",
            "400 | -               | -                                 | API Error: 400 tool use concurrency         | INVALID_REQUEST",
            "-   | -               | -                                 | {\"type\":\"invalid_request_error\"}         | INVALID_REQUEST",
            "-   | -               | -                                 | Model Not Exist                             | INVALID_REQUEST",
            "404 | -               | -                                 | model: claude-x does not exist              | INVALID_REQUEST",
            "-   | -               | -                                 | Invalid URL                                 | INVALID_REQUEST",
            "-   | -               | -                                 | No accounts support the requested model     | INVALID_REQUEST",
            "-   | -               | prompt is too long                | Something else                              | CONTEXT_LIMIT",
            "-   | -               | -                                 | Something else                              | OTHER",
            // the reference's classes and the first refinements win over every real-run wording
            "429 | -               | -                                 | Prompt is too long                          | RATE_LIMIT",
            "-   | -               | -                                 | Rate limited: prompt is too long            | RATE_LIMIT",
            "-   | server_error    | -                                 | Prompt is too long                          | SERVER",
            "-   | -               | -                                 | Overloaded: connection error                | SERVER",
            "-   | -               | -                                 | Not logged in: invalid url                  | AUTH",
            "400 | -               | -                                 | Credit balance is too low                   | USAGE_LIMIT",
            // in order: a context limit before a network failure before an invalid request
            "400 | invalid_request | -                                 | Connection error: prompt is too long        | CONTEXT_LIMIT",
            "400 | -               | -                                 | Connection error                            | NETWORK"})
    void realRunWordingsRefineOther(Integer status, String error, String details, String text, TerminalClass expected) {
        String top = ",\"isApiErrorMessage\":true" + (status == null ? "" : ",\"apiErrorStatus\":" + status)
                + (error == null ? "" : ",\"error\":\"" + error + "\"")
                + (details == null ? "" : ",\"errorDetails\":\"" + details + "\"");
        String content = "[{\"type\":\"text\",\"text\":\"" + text.replace("\"", "\\\"") + "\"}]";
        TerminalVerdict v = judge(assistant("\"<synthetic>\"", content, top));
        assertEquals(TerminalState.SYNTHETIC, v.state());
        assertEquals(expected, v.terminalClass());
    }

    @Test
    void errorDetailsIsReadOnlyWhenAString() {
        TerminalVerdict v = judge(assistant("\"<synthetic>\"", TEXT, ",\"errorDetails\":[\"prompt is too long\"]"));
        assertNull(v.evidence().errorDetails());
        assertEquals(TerminalClass.OTHER, v.terminalClass());
    }
}

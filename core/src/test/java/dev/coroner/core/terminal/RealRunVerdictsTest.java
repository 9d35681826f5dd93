package dev.coroner.core.terminal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.index.TerminalVerdicts;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.fixtures.Fixtures;
import java.math.BigInteger;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The rules learnt from real runs (docs/VERDICTS.md, "Beyond the reference, from real runs"), one fixture each, judged
 * from the end, by the one pass and by a full tree read. State and dead stay the reference's on every row; what the
 * rules add is detail: a refined class, the trailing API failure, the agent's kind and why nothing was delivered.
 */
class RealRunVerdictsTest {

    private static TerminalVerdict judged(String file) throws Exception {
        Path p = Fixtures.path(file);
        TerminalVerdict tail = TerminalVerdicts.judge(p);
        assertEquals(tail, TranscriptPass.run(p).judgement().terminal(), file + ": the one pass agrees");
        TerminalVerdict full = FullReadVerdicts.judgeByFullRead(p);
        assertEquals(full.reason(), tail.reason(), file + ": a full read agrees");
        assertEquals(full.trailing(), tail.trailing(), file);
        assertEquals(full.kind(), tail.kind(), file);
        return tail;
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', nullValues = "-", value = {
            "synthetic-context-limit.jsonl            | CONTEXT_LIMIT   | 400 | invalid_request",
            "synthetic-context-limit-details.jsonl    | CONTEXT_LIMIT   | -   | invalid_request",
            "synthetic-autocompact-thrashing.jsonl    | CONTEXT_LIMIT   | -   | -",
            "synthetic-insufficient-balance-402.jsonl | USAGE_LIMIT     | 402 | unknown",
            "synthetic-network.jsonl                  | NETWORK         | -   | -",
            "synthetic-socket-hang-up.jsonl           | NETWORK         | -   | -",
            "synthetic-tool-concurrency-400.jsonl     | INVALID_REQUEST | 400 | -",
            "synthetic-model-not-exist.jsonl          | INVALID_REQUEST | -   | -",
            "synthetic-no-account-for-model.jsonl     | INVALID_REQUEST | -   | -",
            "synthetic-invalid-url.jsonl              | INVALID_REQUEST | -   | -",
            "synthetic-budget-tokens.jsonl            | INVALID_REQUEST | -   | -",
            "synthetic-unknown.jsonl                  | OTHER           | -   | unknown"})
    void refinedClass(String file, TerminalClass cls, Integer status, String error) throws Exception {
        TerminalVerdict v = judged("terminal/" + file);
        assertEquals(TerminalState.SYNTHETIC, v.state());
        assertTrue(v.dead());
        assertEquals(cls, v.terminalClass());
        assertEquals(status == null ? null : BigInteger.valueOf(status), v.apiStatus());
        assertEquals(error, v.error());
        // the reference's rules alone say OTHER on every one of these: the refinement never overrides them
        assertEquals(TerminalClass.OTHER, TerminalClassifier.inferClass(v.apiStatus(), v.evidence().text()));
        assertNull(v.trailing());
        assertEquals(AgentKind.SESSION, v.kind());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', nullValues = "-", value = {
            // file                                 | state     | dead  | died | line | attempt | max | status | cause             | class
            "healthy-then-api-failure-429.jsonl     | HEALTHY   | false | true | 13   | 10      | 10  | 429    | -                 | RATE_LIMIT",
            "empty-prompt-then-connection-refused.jsonl | EMPTY | true  | true | 4    | 3       | 10  | -      | ConnectionRefused | NETWORK",
            "synthetic-then-api-failure-503.jsonl   | SYNTHETIC | true  | true | 13   | 10      | 10  | 503    | -                 | SERVER"})
    void trailingFailure(String file, TerminalState state, boolean dead, boolean died, long line, Integer attempt,
                         Integer max, Integer status, String cause, TerminalClass cls) throws Exception {
        TerminalVerdict v = judged("terminal/" + file);
        assertEquals(state, v.state());
        assertEquals(dead, v.dead(), "dead stays the reference's");
        assertEquals(died, v.died());
        assertEquals(new TrailingFailure(line, attempt, max, status, cause, cls), v.trailing());
        assertTrue(v.reason().contains(v.trailing().describe()), v.reason());
    }

    @Test
    void aRetriedCallThatWasAnsweredIsNoTrailingFailure() throws Exception {
        TerminalVerdict v = judged("terminal/healthy-after-retries.jsonl");
        assertEquals(TerminalState.HEALTHY, v.state());
        assertNull(v.trailing());
        assertFalse(v.died());
    }

    @Test
    void aHealthyRunThatDiedAfterItsLastAnswerSaysSo() throws Exception {
        TerminalVerdict v = judged("terminal/healthy-then-api-failure-429.jsonl");
        assertEquals("a real model wrote the terminal assistant record, with content, but the run died after its last "
                + "answer: the API failed 10 of 10 times (429, RATE_LIMIT) (line 13) and no answer followed", v.reason());
        assertTrue(v.diedAfterAnswer());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "empty-file.jsonl          | the file is empty (0 bytes): the agent delivered nothing",
            "empty-metadata-only.jsonl | only metadata records (file-history-snapshot ×2, summary), no user or assistant record: the agent delivered nothing",
            "empty-prompt-only.jsonl   | only a prompt: 1 user record and no assistant record, so nothing answered it: the agent delivered nothing",
            "garbled.jsonl             | no line is a record (4 problem lines): the agent delivered nothing",
            "gzip.jsonl                | this is a gzip-compressed file, not a transcript: decompress it (gunzip) and open the .jsonl: the agent delivered nothing",
            "empty-prompt-then-connection-refused.jsonl | only a prompt: 1 user record and no assistant record, so nothing answered it — the API failed 3 of 10 times (ConnectionRefused, NETWORK) (line 4): the agent delivered nothing",
            "empty-content.jsonl       | the terminal assistant record has no content: nothing to fold"})
    void nothingDeliveredSaysWhy(String file, String reason) throws Exception {
        TerminalVerdict v = judged("terminal/" + file);
        assertEquals(TerminalState.EMPTY, v.state());
        assertEquals(reason, v.reason());
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "kinds/3c9a1e57-8d2b-4f60-a1c4-5e6f7a8b9c0d.jsonl                                          | SESSION  | HEALTHY",
            "kinds/3c9a1e57-8d2b-4f60-a1c4-5e6f7a8b9c0d/subagents/agent-a2c4e6f8a0b1c3d5.jsonl         | SUBAGENT | SYNTHETIC",
            "kinds/3c9a1e57-8d2b-4f60-a1c4-5e6f7a8b9c0d/subagents/agent-acompact-4b5c6d.jsonl           | HARNESS  | HEALTHY",
            "kinds/3c9a1e57-8d2b-4f60-a1c4-5e6f7a8b9c0d/subagents/agent-aprompt_suggestion-7e8f9a.jsonl | HARNESS  | SYNTHETIC",
            "kinds/3c9a1e57-8d2b-4f60-a1c4-5e6f7a8b9c0d/subagents/agent-aside_question-0a1b2c.jsonl     | HARNESS  | HEALTHY",
            "kinds/8b7a6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d.jsonl                                          | SESSION  | HEALTHY",
            "kinds/agent-5d6e7f80.jsonl                                                                | HARNESS  | HEALTHY",
            "kinds/agent-9a8b7c6d.jsonl                                                                | HARNESS  | EMPTY",
            "kinds/agent-4c3b2a19.jsonl                                                                | SUBAGENT | HEALTHY",
            "kinds/6f5e4d3c-2b1a-4c9d-8e7f-6a5b4c3d2e1f.jsonl                                          | SESSION  | HEALTHY"})
    void agentKind(String file, AgentKind kind, TerminalState state) throws Exception {
        TerminalVerdict v = judged(file);
        assertEquals(kind, v.kind());
        assertEquals(state, v.state());
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "abc.jsonl                                | SESSION",
            "agent-a1b2c3.jsonl                       | SUBAGENT",
            "agent-acompact-9f.jsonl                  | HARNESS",
            "agent-aprompt_suggestion-1.jsonl         | HARNESS",
            "agent-aside_question-77.jsonl            | HARNESS",
            "agent-acompactor-1.jsonl                 | SUBAGENT",
            "my-agent-acompact-1.jsonl                | SESSION",
            "agent-acompact-1.json                    | SESSION"})
    void kindByName(String name, AgentKind kind) {
        assertEquals(kind, AgentKind.byName(name));
    }

    @ParameterizedTest(name = "status {0}, cause {1} -> {2}")
    @CsvSource(nullValues = "-", value = {
            "429, -, RATE_LIMIT", "401, -, AUTH", "403, -, AUTH", "402, -, USAGE_LIMIT", "500, -, SERVER",
            "502, -, SERVER", "520, -, SERVER", "529, -, SERVER", "599, -, SERVER", "-, ConnectionRefused, NETWORK",
            "-, -, NETWORK", "400, -, OTHER", "404, -, OTHER", "600, -, OTHER", "400, ECONNRESET, NETWORK",
            "429, ECONNRESET, RATE_LIMIT"})
    void trailingClass(Integer status, String cause, TerminalClass cls) {
        assertEquals(cls, TrailingFailure.classOf(status, cause));
    }
}

package dev.coroner.core.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.coroner.core.read.SourceSpan;
import dev.coroner.core.read.TranscriptJson;
import dev.coroner.core.read.TranscriptRecord;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What a Codex CLI record's timeline row and detail blocks show (docs/FORMAT.md, "Codex CLI rollouts"). The records
 * have the shapes of Codex CLI 0.118–0.145 rollouts; their values are made up.
 */
class CodexRenderTest {
    private static TranscriptRecord record(String json) throws Exception {
        return new TranscriptRecord(new SourceSpan(1, 0, json.length()),
                (ObjectNode) TranscriptJson.readTree(json.getBytes(StandardCharsets.UTF_8)));
    }

    private static String item(String payload) {
        return "{\"timestamp\":\"2026-05-01T10:00:00.000Z\",\"type\":\"response_item\",\"payload\":" + payload + "}";
    }

    private static String event(String payload) {
        return "{\"timestamp\":\"2026-05-01T10:00:00.000Z\",\"type\":\"event_msg\",\"payload\":" + payload + "}";
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "exec_command shows its command|" + "{\"type\":\"function_call\",\"name\":\"exec_command\",\"arguments\":\"{\\\"cmd\\\":\\\"make test\\\\nmore\\\",\\\"workdir\\\":\\\"/w\\\"}\",\"call_id\":\"call_a\"}|exec_command · make test",
        "the legacy shell call shows the program bash -lc runs|" + "{\"type\":\"function_call\",\"name\":\"shell\",\"arguments\":\"{\\\"command\\\":[\\\"bash\\\",\\\"-lc\\\",\\\"ls -la\\\"]}\",\"call_id\":\"call_b\"}|shell · ls -la",
        "a shell array that is no shell -c is joined|" + "{\"type\":\"function_call\",\"name\":\"shell\",\"arguments\":\"{\\\"command\\\":[\\\"rg\\\",\\\"-n\\\",\\\"foo\\\"]}\",\"call_id\":\"call_b\"}|shell · rg -n foo",
        "apply_patch names the files it patches|" + "{\"type\":\"custom_tool_call\",\"status\":\"completed\",\"call_id\":\"call_c\",\"name\":\"apply_patch\",\"input\":\"*** Begin Patch\\n*** Update File: src/a.go\\n@@\\n-old\\n+new\\n*** Add File: b.txt\\n+hi\\n*** End Patch\"}|apply_patch · U src/a.go · A b.txt",
        "write_stdin says the session and what it sends|" + "{\"type\":\"function_call\",\"name\":\"write_stdin\",\"arguments\":\"{\\\"session_id\\\":417,\\\"chars\\\":\\\"\\\",\\\"yield_time_ms\\\":1000}\",\"call_id\":\"call_d\"}|write_stdin · session 417 · (poll)",
        "update_plan counts its steps|" + "{\"type\":\"function_call\",\"name\":\"update_plan\",\"arguments\":\"{\\\"explanation\\\":\\\"Start with tests\\\",\\\"plan\\\":[{\\\"step\\\":\\\"a\\\",\\\"status\\\":\\\"pending\\\"},{\\\"step\\\":\\\"b\\\",\\\"status\\\":\\\"pending\\\"}]}\",\"call_id\":\"call_e\"}|update_plan · 2 steps · Start with tests",
        "spawn_agent names its task|" + "{\"type\":\"function_call\",\"name\":\"spawn_agent\",\"arguments\":\"{\\\"task_name\\\":\\\"review_api\\\",\\\"message\\\":\\\"look\\\"}\",\"call_id\":\"call_f\"}|spawn_agent · review_api",
        "an output states its exit code and first line of output|" + "{\"type\":\"function_call_output\",\"call_id\":\"call_a\",\"output\":\"Chunk ID: 1a2b\\nWall time: 0.2 seconds\\nProcess exited with code 2\\nOriginal token count: 9\\nOutput:\\nFAIL pkg/x\\nmore\\n\"}|exit 2 · FAIL pkg/x",
        "a command still running names its session|" + "{\"type\":\"function_call_output\",\"call_id\":\"call_a\",\"output\":\"Chunk ID: 3c\\nWall time: 1.0 seconds\\nProcess running with session ID 66052\\nOriginal token count: 0\\nOutput:\\n\"}|running · session 66052",
        "an output with no Output line shows its first line|" + "{\"type\":\"custom_tool_call_output\",\"call_id\":\"call_c\",\"output\":\"Success. Updated a.go\\n\"}|Success. Updated a.go",
        "an apply_patch output states its exit code|" + "{\"type\":\"custom_tool_call_output\",\"call_id\":\"call_c\",\"output\":\"Exit code: 0\\nWall time: 0 seconds\\nOutput:\\nSuccess. Updated the following files:\\nM a.go\\n\"}|exit 0 · Success. Updated the following files:",
        "a legacy shell output states its exit code|" + "{\"type\":\"function_call_output\",\"call_id\":\"call_b\",\"output\":\"{\\\"output\\\":\\\"total 0\\\\n\\\",\\\"metadata\\\":{\\\"exit_code\\\":0,\\\"duration_seconds\\\":0.1}}\"}|exit 0 · total 0",
        "an answer shows its first line|" + "{\"type\":\"message\",\"role\":\"assistant\",\"content\":[{\"type\":\"output_text\",\"text\":\"All tests pass.\\nDetails\"}]}|All tests pass.",
        "a reasoning summary shows its first line|" + "{\"type\":\"reasoning\",\"summary\":[{\"type\":\"summary_text\",\"text\":\"**Checking the build**\"}],\"encrypted_content\":\"gAAA\"}|reasoning: **Checking the build**",
        "a reasoning without summary says so|" + "{\"type\":\"reasoning\",\"summary\":[],\"encrypted_content\":\"gAAA\"}|reasoning (encrypted, no summary)",
        "a web search shows its query|" + "{\"type\":\"web_search_call\",\"status\":\"completed\",\"action\":{\"type\":\"search\",\"query\":\"jackson streaming\"}}|web_search · jackson streaming",
    })
    void aResponseItemRowSaysWhatItIs(String what, String payload, String expected) throws Exception {
        assertEquals(expected, RecordSummary.of(record(item(payload))));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "a token count shows the totals|" + "{\"type\":\"token_count\",\"info\":{\"total_token_usage\":{\"total_tokens\":22215},\"last_token_usage\":{\"total_tokens\":1024},\"model_context_window\":258400},\"rate_limits\":{\"primary\":{\"used_percent\":96}}}|tokens 22,215 · last 1,024 · context 258,400 · rate limit 96% used",
        "a token count with no info|" + "{\"type\":\"token_count\",\"info\":null,\"rate_limits\":null}|token count (no usage)",
        "a turn start is a marker|" + "{\"type\":\"task_started\",\"turn_id\":\"t1\",\"model_context_window\":258400}|▶ turn started · context 258,400",
        "the 0.145 alias starts a turn too|" + "{\"type\":\"turn_started\",\"turn_id\":\"t1\"}|▶ turn started",
        "a turn end says how long and its last answer|" + "{\"type\":\"task_complete\",\"turn_id\":\"t1\",\"last_agent_message\":\"Done.\\nBye\",\"duration_ms\":12345}|■ turn complete · 12.3 s · Done.",
        "an aborted turn says why|" + "{\"type\":\"turn_aborted\",\"turn_id\":\"t1\",\"reason\":\"interrupted\"}|✖ turn aborted · interrupted",
        "a user message event shows the prompt|" + "{\"type\":\"user_message\",\"message\":\"Fix the flaky test\\n\",\"images\":[]}|Fix the flaky test",
    })
    void anEventRowSaysWhatItIs(String what, String payload, String expected) throws Exception {
        assertEquals(expected, RecordSummary.of(record(event(payload))));
    }

    @Test
    void sessionMetaIsOneLineWithoutItsInstructions() throws Exception {
        String s = RecordSummary.of(record("{\"timestamp\":\"t\",\"type\":\"session_meta\",\"payload\":{\"id\":\"019f-aa\","
                + "\"cwd\":\"/w/p\",\"originator\":\"codex_cli_rs\",\"cli_version\":\"0.130.0\",\"source\":\"cli\","
                + "\"base_instructions\":{\"text\":\"You are Codex, a coding agent.\\nLots more\"}}}"));
        assertEquals("session 019f-aa · cli · codex_cli_rs · 0.130.0 · /w/p", s);
        assertFalse(s.contains("You are Codex"));
    }

    @Test
    void aSubAgentsSessionMetaNamesItsParent() throws Exception {
        String s = RecordSummary.of(record("{\"timestamp\":\"t\",\"type\":\"session_meta\",\"payload\":{\"id\":\"019f-bb\","
                + "\"cwd\":\"/w\",\"source\":{\"subagent\":{\"thread_spawn\":{\"parent_thread_id\":\"019f-aa\",\"depth\":1,"
                + "\"agent_nickname\":\"Noether\",\"agent_role\":\"explorer\"}}}}}"));
        assertEquals("session 019f-bb · sub-agent Noether · explorer · of 019f-aa · /w", s);
    }

    @Test
    void turnContextIsOneLine() throws Exception {
        assertEquals("model gpt-5.4 · cwd /w · approval never · sandbox workspace-write",
                RecordSummary.of(record("{\"timestamp\":\"t\",\"type\":\"turn_context\",\"payload\":{\"cwd\":\"/w\","
                        + "\"approval_policy\":\"never\",\"sandbox_policy\":{\"type\":\"workspace-write\"},"
                        + "\"model\":\"gpt-5.4\",\"user_instructions\":\"long\\ntext\"}}")));
    }

    @Test
    void controlCharactersInACommandAreEscaped() throws Exception {
        String s = RecordSummary.of(record(item("{\"type\":\"function_call\",\"name\":\"exec_command\","
                + "\"arguments\":\"{\\\"cmd\\\":\\\"printf '\\\\u001b[31m'\\\"}\",\"call_id\":\"c\"}")));
        assertEquals("exec_command · printf '\\x1b[31m'", s);
    }

    @Test
    void anExecCommandIsACommandBlockWithItsDirectory() throws Exception {
        List<ContentBlock> b = RecordContent.of(record(item("{\"type\":\"function_call\",\"name\":\"exec_command\","
                + "\"arguments\":\"{\\\"cmd\\\":\\\"go test ./...\\\",\\\"workdir\\\":\\\"/w/p\\\"}\",\"call_id\":\"call_a\"}")));
        ContentBlock.Command c = assertInstanceOf(ContentBlock.Command.class, b.get(0));
        assertEquals("go test ./...", c.command());
        assertEquals("/w/p", c.workdir());
        assertEquals("call_a", c.id());
        assertTrue(c.input().contains("\"workdir\""), c.input());
    }

    @Test
    void anApplyPatchIsAPatchBlockWithTheWholePatch() throws Exception {
        String patch = "*** Begin Patch\\n*** Update File: a.go\\n@@\\n-x\\n+y\\n*** End Patch";
        List<ContentBlock> b = RecordContent.of(record(item("{\"type\":\"custom_tool_call\",\"call_id\":\"call_c\","
                + "\"name\":\"apply_patch\",\"input\":\"" + patch + "\"}")));
        assertEquals(new ContentBlock.Patch("call_c", patch.replace("\\n", "\n")), b.get(0));
    }

    @Test
    void anOutputBlockCarriesItsStatedExitCode() throws Exception {
        List<ContentBlock> b = RecordContent.of(record(item("{\"type\":\"function_call_output\",\"call_id\":\"call_a\","
                + "\"output\":\"Chunk ID: 1\\nWall time: 0 seconds\\nProcess exited with code 1\\nOutput:\\nboom\\n\"}")));
        ContentBlock.Output o = assertInstanceOf(ContentBlock.Output.class, b.get(0));
        assertEquals(1, o.exitCode());
        assertTrue(o.text().endsWith("boom\n"), o.text());
        ContentBlock.Output none = assertInstanceOf(ContentBlock.Output.class, RecordContent.of(record(item(
                "{\"type\":\"custom_tool_call_output\",\"call_id\":\"call_c\",\"output\":\"Success. Updated a.go\\n\"}"))).get(0));
        assertNull(none.exitCode());
    }

    @Test
    void aReasoningSummaryIsThinkingText() throws Exception {
        List<ContentBlock> b = RecordContent.of(record(item("{\"type\":\"reasoning\",\"summary\":[{\"type\":\"summary_text\","
                + "\"text\":\"**Plan**\\n\\nRead first.\"}],\"encrypted_content\":\"gAAA\"}")));
        assertEquals(new ContentBlock.Thinking("**Plan**\n\nRead first."), b.get(0));
    }

    @Test
    void anAnswerIsItsTexts() throws Exception {
        List<ContentBlock> b = RecordContent.of(record(item("{\"type\":\"message\",\"role\":\"assistant\",\"content\":"
                + "[{\"type\":\"output_text\",\"text\":\"Done.\"}]}")));
        assertEquals(List.of(new ContentBlock.Text("Done.")), b);
    }

    @Test
    void aClaudeCodeRecordIsNotReadAsCodex() throws Exception {
        assertNull(CodexRecords.payload(record("{\"type\":\"user\",\"uuid\":\"u\",\"message\":{\"role\":\"user\",\"content\":\"hi\"}}")));
    }
}

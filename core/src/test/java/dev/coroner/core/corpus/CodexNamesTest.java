package dev.coroner.core.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import dev.coroner.core.read.TranscriptJson;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * What names a Codex rollout and its sub-agents for a person, from the records the pass indexed: the thread's name
 * (its {@code thread_name_updated} event) and what each {@code spawn_agent} call asked (its {@code message}).
 */
class CodexNamesTest {
    private static JsonNode record(String line) throws Exception {
        return TranscriptJson.readTree(line.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aThreadIsNamedByItsThreadNameEventCutLikeAClaudeCodeTitle() throws Exception {
        assertEquals("Add README FAQ", CorpusEngine.threadName(record("{\"timestamp\":\"2026-04-29T23:50:54.614Z\","
                + "\"type\":\"event_msg\",\"payload\":{\"type\":\"thread_name_updated\",\"thread_id\":\"019ddba6\","
                + "\"thread_name\":\"  Add README FAQ\\nsecond line\"}}")));
        assertEquals("N".repeat(CorpusEngine.NAME_CHARS) + "…", CorpusEngine.threadName(record("{\"type\":\"event_msg\",\"payload\":"
                + "{\"type\":\"thread_name_updated\",\"thread_name\":\"" + "N".repeat(300) + "\"}}")));
        assertNull(CorpusEngine.threadName(record("{\"type\":\"event_msg\",\"payload\":{\"type\":\"thread_name_updated\","
                + "\"thread_name\":\" \"}}")));
    }

    @Test
    void aSpawnIsDescribedByWhatTheSpawnAgentCallAskedAndNothingElseIs() throws Exception {
        assertEquals("Review docs/rewrite-issue-list.md against the current rewrite branch.",
                CorpusEngine.spawnMessage(record("{\"timestamp\":\"2026-04-11T20:15:02.684Z\",\"type\":\"response_item\","
                        + "\"payload\":{\"type\":\"function_call\",\"name\":\"spawn_agent\",\"arguments\":\"{\\\"agent_type\\\":"
                        + "\\\"explorer\\\",\\\"fork_context\\\":true,\\\"message\\\":\\\"Review docs/rewrite-issue-list.md "
                        + "against the current rewrite branch.\\\\nDo not edit files.\\\"}\",\"call_id\":\"call_sLH1\"}}")));
        assertNull(CorpusEngine.spawnMessage(record("{\"type\":\"response_item\",\"payload\":{\"type\":\"function_call\","
                + "\"name\":\"exec_command\",\"arguments\":\"{\\\"cmd\\\":\\\"ls\\\",\\\"message\\\":\\\"x\\\"}\"}}")));
        assertNull(CorpusEngine.spawnMessage(record("{\"type\":\"response_item\",\"payload\":{\"type\":\"function_call\","
                + "\"name\":\"spawn_agent\",\"arguments\":\"not json\"}}")));
        assertNull(CorpusEngine.spawnMessage(record("{\"type\":\"assistant\",\"message\":{\"content\":[{\"type\":"
                + "\"tool_use\",\"name\":\"Task\",\"input\":{\"description\":\"Audit\"}}]}}")), "a Claude Code call");
    }
}

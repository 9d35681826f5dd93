package dev.coroner.core.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.coroner.core.read.ProblemKind;
import dev.coroner.core.read.ProblemLine;
import dev.coroner.core.read.SourceSpan;
import dev.coroner.core.read.TranscriptJson;
import dev.coroner.core.read.TranscriptRecord;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What a row summary, the raw view and the detail blocks show. */
class RenderTest {
    private static TranscriptRecord record(String json) throws Exception {
        return new TranscriptRecord(new SourceSpan(1, 0, json.length()),
                (ObjectNode) TranscriptJson.readTree(json.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "a call shows its tool and command|{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"name\":\"Bash\",\"input\":{\"command\":\"pytest -q\\nmore\"}}]}}|Bash  pytest -q",
        "a failed result says ERROR and its first line|{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"is_error\":true,\"content\":\"\\nExit code 1\\n\"}]}}|ERROR  Exit code 1",
        "a result in text blocks|{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"content\":[{\"type\":\"text\",\"text\":\"done\"}]}]}}|ok  done",
        "a prompt shows its first line|{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"  fix it\\nplease\"}}|fix it",
        "turn duration|{\"type\":\"system\",\"subtype\":\"turn_duration\",\"durationMs\":183000}|turn_duration 183000 ms",
        "an API retry says which of how many and what failed|{\"type\":\"system\",\"subtype\":\"api_error\",\"retryAttempt\":3,\"maxRetries\":10,\"error\":{\"status\":529}}|api_error · retry 3 of 10 · 529",
        "an API retry that never reached the server names the cause|{\"type\":\"system\",\"subtype\":\"api_error\",\"retryAttempt\":1,\"maxRetries\":10,\"error\":{\"cause\":{\"code\":\"ConnectionRefused\"}}}|api_error · retry 1 of 10 · ConnectionRefused",
        "an API error with nothing known|{\"type\":\"system\",\"subtype\":\"api_error\",\"error\":{}}|api_error",
        "control characters are escaped|{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"\\u001b[31mred\"}}|\\x1b[31mred",
        "an unknown kind shows its strings|{\"type\":\"ai-title\",\"aiTitle\":\"Audit\"}|aiTitle=Audit",
    })
    void aRowSummarySaysWhatTheRecordIs(String what, String json, String expected) throws Exception {
        assertEquals(expected, RecordSummary.of(record(json)));
    }

    @Test
    void aProblemSummaryNamesItsKind() {
        assertEquals("INCOMPLETE: torn", RecordSummary.of(new ProblemLine(new SourceSpan(3, 10, 4),
                ProblemKind.INCOMPLETE, "torn")));
    }

    @Test
    void hugeStringsAreCutWithTheirSizeInTheRawView() throws Exception {
        String big = "y".repeat(50_000);
        String pretty = CutJson.pretty(record("{\"type\":\"user\",\"x\":\"" + big + "\"}").json(), 10);
        assertTrue(pretty.contains("\"yyyyyyyyyy… [cut: 50,000 chars]\""), pretty);
    }

    @Test
    void jsonSpansTellKeysFromStrings() {
        String json = "{\n  \"a\" : \"b\",\n  \"n\" : -1.5e3,\n  \"t\" : true\n}";
        List<JsonStyles.Span> spans = JsonStyles.of(json);
        assertEquals(JsonStyles.Kind.KEY, kindAt(spans, json.indexOf("\"a\"")));
        assertEquals(JsonStyles.Kind.STRING, kindAt(spans, json.indexOf("\"b\"")));
        assertEquals(JsonStyles.Kind.NUMBER, kindAt(spans, json.indexOf("-1.5e3")));
        assertEquals(JsonStyles.Kind.LITERAL, kindAt(spans, json.indexOf("true")));
    }

    private static JsonStyles.Kind kindAt(List<JsonStyles.Span> spans, int at) {
        return spans.stream().filter(s -> s.start() == at).findFirst().orElseThrow().kind();
    }

    @Test
    void contentBlocksKeepUnknownTypes() throws Exception {
        List<ContentBlock> blocks = RecordContent.of(record("{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\","
                + "\"content\":[{\"type\":\"text\",\"text\":\"hi\"},{\"type\":\"tool_use\",\"id\":\"t1\",\"name\":\"Read\","
                + "\"input\":{\"file_path\":\"/a\"}},{\"type\":\"server_tool_use\",\"x\":1}]}}"));
        assertEquals(new ContentBlock.Text("hi"), blocks.get(0));
        assertEquals("Read", ((ContentBlock.ToolUse) blocks.get(1)).name());
        assertEquals("server_tool_use", ((ContentBlock.Other) blocks.get(2)).type());
    }
}

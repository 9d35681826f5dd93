package dev.coroner.core.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.core.precursor.CallStream;
import dev.coroner.core.precursor.ToolCall;
import dev.coroner.core.read.RecordReader;
import dev.coroner.core.read.Transcript;
import dev.coroner.core.read.TranscriptReader;
import dev.coroner.core.read.TranscriptRecord;
import dev.coroner.core.render.ContentBlock;
import dev.coroner.core.render.RecordContent;
import dev.coroner.core.render.RecordSummary;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.core.terminal.TrailingFailure;
import dev.coroner.core.terminal.TerminalClass;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.fixtures.Fixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Shapes real transcripts carry that our other fixtures did not (docs/FORMAT.md, "Shapes from a larger sample"):
 * each reads without a problem row, keeps every record and its type, and pairs its calls by the one rule.
 */
class FormatShapesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    static Stream<String> fixtures() throws IOException {
        try (Stream<Path> s = Files.list(Fixtures.path("format"))) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".jsonl")).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void everyLineIsARecordWithItsTypeKeptAndNoProblemRow(String name) throws Exception {
        Path p = Fixtures.path("format/" + name);
        List<String> lines = physicalLines(p);
        Transcript t = TranscriptReader.readAll(p);
        assertEquals(List.of(), t.problems(), "forward reader");
        assertEquals(lines.size(), t.records().size(), "forward reader: a record per line");

        TranscriptIndex index = TranscriptPass.run(p);
        assertTrue(index.complete());
        assertEquals(0, index.problems(), "one pass");
        assertEquals(lines.size(), index.records());
        assertEquals(lines.size(), index.size());
        for (int row = 0; row < lines.size(); row++) {
            assertFalse(index.isProblem(row));
            assertEquals(JSON.readTree(lines.get(row)).path("type").asText(), index.kind(row), "row " + row);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void everyRecordHasARowSummaryAndItsBlocksShow(String name) throws Exception {
        for (TranscriptRecord r : TranscriptReader.readAll(Fixtures.path("format/" + name)).records()) {
            assertFalse(RecordSummary.of(r).isBlank(), "line " + r.span().line());
            List<ContentBlock> blocks = RecordContent.of(r);
            JsonNode content = r.json().at("/message/content");
            assertEquals(content.isArray() ? content.size() : content.isTextual() ? 1 : 0, blocks.size());
        }
    }

    @Test
    void blocksOfAKindTheWindowDoesNotKnowShowAsThemselves() throws Exception {
        TranscriptRecord prompt = TranscriptReader.readAll(Fixtures.path("format/user-document.jsonl")).records().get(0);
        assertEquals("document", ((ContentBlock.Other) RecordContent.of(prompt).get(0)).type());
        TranscriptRecord proxy = TranscriptReader.readAll(Fixtures.path("format/server-tool-use-string-input.jsonl")).records().get(1);
        assertEquals("server_tool_use", ((ContentBlock.Other) RecordContent.of(proxy).get(0)).type());
        assertInstanceOf(ContentBlock.ToolResult.class, RecordContent.of(proxy).get(1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void theVerdictFromTheEndAndTheOnePassAgree(String name) throws Exception {
        Path p = Fixtures.path("format/" + name);
        TerminalVerdict tail = TerminalVerdicts.judge(p);
        assertEquals(tail, TranscriptPass.run(p).judgement().terminal());
    }

    /** Each fixture's last answer, judged as usual (the trailing retries have their own test below). */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "pr-link.jsonl                          | HEALTHY",
            "teleported-from.jsonl                  | HEALTHY",
            "api-error-retry-recovered.jsonl        | HEALTHY",
            "api-error-retries-trailing.jsonl       | HEALTHY",
            "microcompact-boundary.jsonl            | HEALTHY",
            "error-details.jsonl                    | SYNTHETIC",
            "forked-from.jsonl                      | HEALTHY",
            "mcp-meta.jsonl                         | HEALTHY",
            "user-document.jsonl                    | HEALTHY",
            "result-written-twice.jsonl             | HEALTHY",
            "reused-tool-use-id.jsonl               | HEALTHY",
            "provider-deepseek-call-ids.jsonl       | HEALTHY",
            "provider-vertex-toolu-vrtx-ids.jsonl   | HEALTHY",
            "provider-bedrock-toolu-bdrk-ids.jsonl  | HEALTHY",
            "provider-converse-tooluse-ids.jsonl    | HEALTHY",
            "server-tool-use-string-input.jsonl     | HEALTHY"})
    void theLastAnswerIsJudgedAsUsual(String name, TerminalState state) {
        assertEquals(state, TerminalVerdicts.judge(Fixtures.path("format/" + name)).state());
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
            "pr-link.jsonl                   | pr-link          | 2",
            "teleported-from.jsonl           | teleported-from  | 1",
            "api-error-retries-trailing.jsonl| summary          | 1"})
    void recordTypesOutsideTheUsualFiveAreKeptAsTheirOwnKind(String name, String kind, int count) throws Exception {
        TranscriptIndex index = TranscriptPass.run(Fixtures.path("format/" + name));
        assertTrue(index.kinds().contains(kind), index.kinds().toString());
        int seen = 0;
        for (int row = 0; row < index.size(); row++) {
            if (kind.equals(index.kind(row))) {
                seen++;
                assertEquals(0, index.flags(row) & (RowFlags.ASSISTANT_TURN | RowFlags.PROMPT), "a " + kind + " is no turn");
            }
        }
        assertEquals(count, seen);
    }

    @ParameterizedTest(name = "{0}: {1} x{2}")
    @CsvSource(delimiter = '|', value = {
            "api-error-retry-recovered.jsonl  | api_error             | 3",
            "api-error-retries-trailing.jsonl | api_error             | 5",
            "microcompact-boundary.jsonl      | microcompact_boundary | 1"})
    void systemSubtypesAreSystemRowsWithTheirRecordWhole(String name, String subtype, int count) throws Exception {
        Path p = Fixtures.path("format/" + name);
        TranscriptIndex index = TranscriptPass.run(p);
        List<JsonNode> found = new ArrayList<>();
        try (RecordReader reader = RecordReader.open(p)) {
            for (int row = 0; row < index.size(); row++) {
                if ("system".equals(index.kind(row))) {
                    JsonNode json = ((TranscriptRecord) reader.read(index.span(row))).json();
                    if (subtype.equals(json.path("subtype").asText())) {
                        found.add(json);
                    }
                }
            }
        }
        assertEquals(count, found.size());
        for (JsonNode json : found) {
            String kept = subtype.equals("api_error") ? "error" : "microcompactMetadata";
            assertTrue(json.has(kept), "the re-read record keeps " + kept);
        }
        if (subtype.equals("api_error")) {
            assertEquals(List.of(1, 2, 3, 4, 5).subList(0, count),
                    found.stream().map(j -> j.path("retryAttempt").asInt()).toList());
        }
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
            "error-details.jsonl | errorDetails | 3",
            "forked-from.jsonl   | forkedFrom   | 1",
            "forked-from.jsonl   | forkedFrom   | 4",
            "mcp-meta.jsonl      | mcpMeta      | 3"})
    void newFieldsAreKeptOnTheirRecord(String name, String field, long line) throws Exception {
        Path p = Fixtures.path("format/" + name);
        TranscriptIndex index = TranscriptPass.run(p);
        JsonNode raw = JSON.readTree(physicalLines(p).get((int) line - 1));
        try (RecordReader reader = RecordReader.open(p)) {
            JsonNode json = ((TranscriptRecord) reader.read(index.span(index.rowOfLine(line)))).json();
            assertTrue(json.has(field));
            assertEquals(raw.get(field), json.get(field));
        }
    }

    @Test
    void aSyntheticRecordWithErrorDetailsIsStillJudgedByItsOwnFields() throws Exception {
        Path p = Fixtures.path("format/error-details.jsonl");
        TerminalVerdict v = TerminalVerdicts.judge(p);
        assertEquals(TerminalState.SYNTHETIC, v.state());
        assertEquals("invalid_request", v.error());
        assertEquals(400, v.apiStatus().intValue());
        assertEquals(TerminalClass.CONTEXT_LIMIT, v.terminalClass(), "said only in errorDetails: a context limit");
        TranscriptIndex index = TranscriptPass.run(p);
        assertEquals(index.offset(index.rowOfLine(3)), v.evidence().offset(), "the synthetic record on line 3, not the system record after it");
    }

    /** The last of the retries is the trailing failure: every error shape of the notes reads, the last one is empty. */
    @Test
    void retriesThatNeverGetThroughAreTheTrailingFailure() throws Exception {
        Path p = Fixtures.path("format/api-error-retries-trailing.jsonl");
        TerminalVerdict v = TerminalVerdicts.judge(p);
        assertEquals(TerminalState.HEALTHY, v.state());
        assertEquals(new TrailingFailure(10, 5, 10, null, null, TerminalClass.NETWORK), v.trailing());
        assertTrue(v.diedAfterAnswer());
        assertNull(TerminalVerdicts.judge(Fixtures.path("format/api-error-retry-recovered.jsonl")).trailing());
    }

    @Test
    void aDocumentBesideTheTextOfAPromptStillStartsATurn() throws Exception {
        TranscriptIndex index = TranscriptPass.run(Fixtures.path("format/user-document.jsonl"));
        int prompt = index.rowOfLine(1);
        assertTrue(index.has(prompt, RowFlags.PROMPT));
        assertTrue(index.has(prompt, RowFlags.TEXT));
        assertFalse(index.has(prompt, RowFlags.IMAGE), "a document is not an image");
        assertEquals("user", index.kind(prompt));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "provider-deepseek-call-ids.jsonl      | call_00_",
            "provider-vertex-toolu-vrtx-ids.jsonl  | toolu_vrtx_",
            "provider-bedrock-toolu-bdrk-ids.jsonl | toolu_bdrk_",
            "provider-converse-tooluse-ids.jsonl   | tooluse_"})
    void toolIdsFromOtherProvidersPairWithTheirResults(String name, String prefix) throws Exception {
        TranscriptIndex index = TranscriptPass.run(Fixtures.path("format/" + name));
        CallStream calls = index.judgement().calls();
        assertEquals(2, calls.size());
        assertEquals(2, calls.results());
        for (int c = 0; c < calls.size(); c++) {
            ToolCall call = calls.call(c);
            assertTrue(call.id().startsWith(prefix), call.id());
            assertTrue(calls.answered(c), call.id() + " answered");
            int callRow = index.rowOfLine(call.line());
            int resultRow = index.pair(callRow);
            assertEquals(call.line() + 1, index.line(resultRow), "the next line holds its result");
            assertEquals(callRow, index.pair(resultRow));
            assertEquals(call.tool(), index.tool(resultRow), "a result row names its call's tool");
        }
        assertEquals(List.of("Bash"), calls.streamBefore(1), "the Read saw the Bash result come in");
    }

    /**
     * A result written twice (same line, same uuid): both are records; the first answers the call; the second finds
     * no open call and is an orphan (docs/VERDICTS.md, "Pairing"), so it adds no second answer to the call stream.
     */
    @Test
    void aResultWrittenTwiceKeepsBothRecordsAndAnswersItsCallOnce() throws Exception {
        Path p = Fixtures.path("format/result-written-twice.jsonl");
        List<String> lines = physicalLines(p);
        assertEquals(lines.get(2), lines.get(3), "the fixture repeats line 3 byte for byte");
        TranscriptIndex index = TranscriptPass.run(p);
        int call = index.rowOfLine(2);
        int first = index.rowOfLine(3);
        int second = index.rowOfLine(4);
        assertEquals(5, index.size());
        assertTrue(index.has(first, RowFlags.TOOL_RESULT) && index.has(second, RowFlags.TOOL_RESULT));
        assertEquals(first, index.pair(call));
        assertEquals(call, index.pair(first));
        assertEquals(-1, index.pair(second), "the copy is an orphan: its call was answered already");
        assertEquals("Grep", index.tool(first));
        assertFalse(index.has(second, RowFlags.PROMPT), "a copied result starts no turn");
        CallStream calls = index.judgement().calls();
        assertEquals(1, calls.size());
        assertTrue(calls.answered(0));
        assertEquals(1, calls.results(), "answered once");
        assertEquals(5, index.sidechainRecords(), "every record of the sub-agent, the copy too");
    }

    /**
     * Two calls with one {@code tool_use.id} (docs/VERDICTS.md, "Pairing"): the result answers the latest, still open,
     * and the earlier call stays unanswered: never answered twice, never the first call's result by its id alone.
     */
    @Test
    void aReusedToolUseIdIsAnsweredOnItsLatestCallAndTheEarlierStaysOpen() throws Exception {
        Path p = Fixtures.path("format/reused-tool-use-id.jsonl");
        List<String> lines = physicalLines(p);
        String id = "\"id\":\"toolu_01Reu5edId7x9QwErTy2UiOp\"";
        assertTrue(lines.get(1).contains(id) && lines.get(2).contains(id), "the fixture reuses the id");
        TranscriptIndex index = TranscriptPass.run(p);
        int read = index.rowOfLine(2);
        int grep = index.rowOfLine(3);
        int result = index.rowOfLine(4);
        assertEquals("Read", index.tool(read));
        assertEquals("Grep", index.tool(grep));
        assertEquals(grep, index.pair(result));
        assertEquals(result, index.pair(grep));
        assertEquals(-1, index.pair(read), "the earlier call is never answered");
        CallStream calls = index.judgement().calls();
        assertEquals(2, calls.size());
        assertFalse(calls.answered(0), "Read");
        assertTrue(calls.answered(1), "Grep");
        assertEquals(1, calls.results());
    }

    /**
     * A proxy's {@code server_tool_use} with a string input is kept on its assistant row but is not a call (only
     * {@code tool_use} is, docs/VERDICTS.md, "Pairing"); the {@code tool_result} beside it in the same record is then an
     * orphan. The text after them is still the answer's, and the ordinary call that follows pairs as usual.
     */
    @Test
    void aServerToolUseWithAStringInputIsKeptAndIsNotACall() throws Exception {
        Path p = Fixtures.path("format/server-tool-use-string-input.jsonl");
        TranscriptIndex index = TranscriptPass.run(p);
        int row = index.rowOfLine(2);
        assertEquals("assistant", index.kind(row));
        assertTrue(index.has(row, RowFlags.ASSISTANT_TURN));
        assertTrue(index.has(row, RowFlags.TEXT));
        assertTrue(index.has(row, RowFlags.TOOL_RESULT), "the proxy's result block is seen");
        assertFalse(index.has(row, RowFlags.TOOL_USE), "a server_tool_use is no tool_use");
        assertEquals(-1, index.pair(row), "its result has no call to answer");
        assertEquals("glm-4.6", index.model(row));
        try (RecordReader reader = RecordReader.open(p)) {
            JsonNode block = ((TranscriptRecord) reader.read(index.span(row))).json().at("/message/content/0");
            assertEquals("server_tool_use", block.path("type").asText());
            assertTrue(block.path("input").isTextual(), "the string input is kept as written");
        }
        CallStream calls = index.judgement().calls();
        assertEquals(1, calls.size(), "only the Edit is a call");
        assertEquals("Edit", calls.call(0).tool());
        assertTrue(calls.answered(0));
    }

    /** The file's physical lines that are not blank, as the reader counts records. */
    private static List<String> physicalLines(Path p) throws IOException {
        String text = Files.readString(p, StandardCharsets.UTF_8);
        return List.of(text.split("\n")).stream().filter(l -> !l.isBlank()).toList();
    }
}

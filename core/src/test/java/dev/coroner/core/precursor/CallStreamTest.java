package dev.coroner.core.precursor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.read.UnreadableTranscriptException;
import dev.coroner.fixtures.Fixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CallStreamTest {

    private static CallStream fixture(String name) throws UnreadableTranscriptException {
        return TranscriptPass.run(Fixtures.path("precursor/" + name)).judgement().calls();
    }

    private static int indexOf(CallStream s, String toolUseId) {
        return s.calls().stream().filter(c -> toolUseId.equals(c.id())).findFirst().orElseThrow().index();
    }

    @Test
    void callsAreKeptInFileOrderWithTheirLines() throws Exception {
        CallStream s = fixture("claude-code/attested.jsonl");
        assertEquals(List.of(new ToolCall(0, "toolu_01PAread", "Read", 2), new ToolCall(1, "toolu_01PAedit", "Edit", 4)),
                s.calls());
        assertEquals(List.of(), s.streamBefore(0));
        assertEquals(List.of("Read"), s.streamBefore(1));
    }

    @Test
    void aCallWhoseResultNeverCameNeverEntersTheStream() throws Exception {
        CallStream s = fixture("claude-code/no-result.jsonl");
        int read = indexOf(s, "toolu_01PNread");
        int edit = indexOf(s, "toolu_01PNedit");
        assertFalse(s.answered(read));
        assertEquals(List.of("Glob"), s.streamBefore(edit));
    }

    @Test
    void callsInOneApiMessageDoNotSeeEachOtherEvenWhenASiblingsResultIsWrittenBetween() throws Exception {
        CallStream s = fixture("claude-code/parallel-streamed.jsonl");
        // the Read's result sits on line 5, before the Edit's record on line 6, but both were one message
        assertEquals(6, s.call(indexOf(s, "toolu_01PPedit")).line());
        assertEquals(List.of("Glob"), s.streamBefore(indexOf(s, "toolu_01PPedit")));
        assertEquals(List.of("Glob", "Read", "Edit"), s.streamBefore(indexOf(s, "toolu_01PPedit2")));
    }

    @Test
    void callsInOneRecordDoNotSeeEachOther() throws Exception {
        CallStream s = fixture("claude-code/parallel-one-record.jsonl");
        assertEquals(List.of("Glob"), s.streamBefore(indexOf(s, "toolu_01POedit")));
        assertEquals(List.of("Glob", "Read", "Edit"), s.streamBefore(indexOf(s, "toolu_01POwrite")));
    }

    @Test
    void theStreamIsInResultOrderNotCallOrder() {
        StreamBuilder b = new StreamBuilder();
        b.record(1, "msg_1");
        b.toolUse("a", "Grep");
        b.toolUse("b", "Read");
        b.record(2, null);
        b.toolResult("b");
        b.record(3, null);
        b.toolResult("a");
        b.record(4, "msg_2");
        b.toolUse("c", "Edit");
        CallStream s = b.build();
        assertEquals(List.of("Read", "Grep"), s.streamBefore(2));
    }

    @Test
    void strayAndRepeatedResultsAddNothing() {
        StreamBuilder b = new StreamBuilder();
        b.record(1, "m1");
        b.toolUse("a", "Read");
        b.record(2, null);
        b.toolResult("a");
        b.toolResult("a"); // a second result for the same call
        b.toolResult("zzz"); // a result for a call never made
        b.record(3, "m2");
        b.toolUse("b", "Edit");
        CallStream s = b.build();
        assertEquals(List.of("Read"), s.streamBefore(1));
        assertEquals(1, s.results());
    }

    @Test
    void aResultInTheSameRecordAsACallIsNotSeenByIt() {
        StreamBuilder b = new StreamBuilder();
        b.record(1, "m1");
        b.toolUse("a", "Read");
        b.record(2, null);
        b.toolResult("a");
        b.toolUse("b", "Edit"); // odd, but a record holding both must not let the call see its neighbour
        CallStream s = b.build();
        assertEquals(0, s.seen(1));
    }

    @Test
    void problemLinesAreCountedNotThrown(@TempDir Path dir) throws Exception {
        Path t = dir.resolve("torn.jsonl");
        Files.writeString(t, Files.readString(Fixtures.path("precursor/claude-code/attested.jsonl"))
                + "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_res\n", StandardCharsets.UTF_8);
        CallStream s = TranscriptPass.run(t).judgement().calls();
        assertEquals(2, s.size());
        assertEquals(1, s.problemLines());
    }

    @Test
    void anUnreadableFileSaysWhy(@TempDir Path dir) {
        UnreadableTranscriptException e = assertThrows(UnreadableTranscriptException.class,
                () -> TranscriptPass.run(dir.resolve("missing.jsonl")).judgement().calls());
        assertEquals("no such file", e.reason());
    }

    @Test
    void judgingAgainNeverReadsTheFile(@TempDir Path dir) throws IOException, UnreadableTranscriptException {
        Path t = dir.resolve("copy.jsonl");
        Files.copy(Fixtures.path("precursor/claude-code/refuted.jsonl"), t);
        CallStream s = TranscriptPass.run(t).judgement().calls();
        Files.delete(t);
        PrecursorGrammar g = GrammarLoader.load(Fixtures.path("precursor/claude-code.toml")).grammar();
        List<PrecursorVerdict> v = PrecursorGate.evaluate(g, s);
        assertEquals(List.of(PrecursorStance.REFUTED), v.stream().map(PrecursorVerdict::stance).toList());
        assertTrue(Files.notExists(t));
    }

    @Test
    void callsWithoutANameAreSkippedAndCallsWithoutAnIdStillCount(@TempDir Path dir) throws Exception {
        Path t = dir.resolve("odd.jsonl");
        Files.writeString(t, String.join("\n",
                "{\"type\":\"assistant\",\"message\":{\"id\":\"m1\",\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"x\",\"name\":7}]}}",
                "{\"type\":\"assistant\",\"message\":{\"id\":\"m2\",\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"name\":\"Edit\"}]}}",
                "{\"type\":\"assistant\",\"message\":{\"id\":\"m3\",\"role\":\"assistant\",\"content\":\"just text\"}}",
                ""), StandardCharsets.UTF_8);
        CallStream s = TranscriptPass.run(t).judgement().calls();
        assertEquals(List.of(new ToolCall(0, null, "Edit", 2)), s.calls());
    }

    /** One call with {@code input} and its result's {@code result} block fields, as two records. */
    private static CallStream oneCall(Path dir, String input, String result) throws Exception {
        Path t = dir.resolve("t.jsonl");
        Files.writeString(t, "{\"type\":\"assistant\",\"message\":{\"id\":\"m1\",\"role\":\"assistant\",\"content\":"
                + "[{\"type\":\"tool_use\",\"id\":\"w\",\"name\":\"Write\",\"input\":" + input + "}]}}\n"
                + "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\","
                + "\"tool_use_id\":\"w\"," + result + "}]}}\n", StandardCharsets.UTF_8);
        return TranscriptPass.run(t).judgement().calls();
    }

    @Test
    void onlyASuccessfulStringResultThatBeginsWithTheCreatedWordsSaysTheFileWasCreated(@TempDir Path dir) throws Exception {
        String in = "{\"file_path\":\"/a.py\",\"content\":\"x\"}";
        assertTrue(oneCall(dir, in, "\"content\":\"File created successfully at: /a.py\"").created(0));
        // escapes are read as the characters they stand for
        assertTrue(oneCall(dir, in, "\"content\":\"File created successfully at:\\u0020/a.py\"").created(0));
        CallStream failed = oneCall(dir, in, "\"content\":\"File created successfully at: /a.py\",\"is_error\":true");
        assertFalse(failed.succeeded(0) || failed.created(0));
        CallStream updated = oneCall(dir, in, "\"content\":\"The file /a.py has been updated.\"");
        assertTrue(updated.succeeded(0));
        assertFalse(updated.created(0));
        // Claude Code writes a Write's result as a string; a list is not read (docs/VERDICTS.md, "Forensic exemptions")
        assertFalse(oneCall(dir, in, "\"content\":[{\"type\":\"text\",\"text\":\"File created successfully at: /a.py\"}]")
                .created(0));
        assertFalse(oneCall(dir, in, "\"content\":\"File created successfully at\"").created(0), "cut short");
    }

    @Test
    void aFilePathIsKeptOnlyWhenItIsAStringOfAPathsLength(@TempDir Path dir) throws Exception {
        String ok = "\"content\":\"ok\"";
        assertEquals("/a.py", oneCall(dir, "{\"file_path\":\"/a.py\"}", ok).filePath(0));
        assertEquals(null, oneCall(dir, "{\"file_path\":7}", ok).filePath(0));
        assertEquals(null, oneCall(dir, "{\"path\":\"/a.py\"}", ok).filePath(0));
        String huge = "/" + "a".repeat(5000);
        assertEquals(null, oneCall(dir, "{\"file_path\":\"" + huge + "\"}", ok).filePath(0));
        // the last file_path wins, as the tree the reader builds keeps it
        assertEquals("/b.py", oneCall(dir, "{\"file_path\":\"/a.py\",\"file_path\":\"/b.py\"}", ok).filePath(0));
    }
}

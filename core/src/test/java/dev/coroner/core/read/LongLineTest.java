package dev.coroner.core.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.index.TerminalVerdicts;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.terminal.FullReadVerdicts;
import dev.coroner.core.terminal.TerminalRecords;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.fixtures.HostileShapes;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A record line too long to hold (docs/VERDICTS.md, "Reading"; issue 13: a 300 MB last line, measured in
 * bench/hostile.sh): judged from the end with its strings cut, the verdict is the full read's, and a re-read shows the
 * record cut with its size.
 */
class LongLineTest {
    private static final long BYTES = ReadLimits.MAX_IN_MEMORY_LINE + 3_000_000L;

    @TempDir
    Path dir;

    @Test
    void aLongLastAnswerIsJudgedFromTheEndAsTheFullReadJudgesIt() throws Exception {
        Path p = dir.resolve("long-answer.jsonl");
        HostileShapes.longLastLine(p, BYTES);
        TerminalVerdict tail = TerminalVerdicts.judge(p);
        TerminalVerdict full = FullReadVerdicts.judgeByFullRead(p);
        assertEquals(TerminalState.HEALTHY, tail.state());
        assertEquals(full.state(), tail.state());
        assertEquals(full.reason(), tail.reason());
        assertEquals(full.evidence().text(), tail.evidence().text(), "the 400 leading characters are exact");
        assertEquals(TerminalRecords.LEADING_TEXT_CODE_POINTS, tail.evidence().text().length());
        assertEquals(full.state(), TranscriptPass.run(p).judgement().terminal().state(), "the one pass agrees");
    }

    @Test
    void aLongLastToolOutputIsWalkedOverAsTheFullReadWalksOverIt() throws Exception {
        Path p = dir.resolve("long-output.jsonl");
        HostileShapes.longLastLine(p, BYTES, true);
        TerminalVerdict tail = TerminalVerdicts.judge(p);
        assertEquals(FullReadVerdicts.judgeByFullRead(p).state(), tail.state());
        assertEquals(FullReadVerdicts.judgeByFullRead(p).reason(), tail.reason());
    }

    @Test
    void aLongRecordWithNumbersTrueFalseAndNullIsCutToo() throws Exception {
        // real long records carry usage counts, is_error flags and nulls; each used to make the cut read give up and
        // build the whole line, every long string whole, in memory
        Path p = dir.resolve("long-with-scalars.jsonl");
        String head = "{\"type\":\"user\",\"sessionId\":\"s\",\"message\":{\"role\":\"user\",\"content\":[{"
                + "\"type\":\"tool_result\",\"tool_use_id\":\"toolu_1\",\"is_error\":false,\"n\":12,\"f\":1.5,"
                + "\"x\":null,\"content\":\"";
        writeWithLongString(p, head, "\"}]},\"usage\":{\"input_tokens\":7},\"ok\":true}\n");
        long size = java.nio.file.Files.size(p);
        TranscriptRecord r = assertInstanceOf(TranscriptRecord.class, RecordReader.read(p, new SourceSpan(1, 0, size - 1)));
        var result = r.message().get("content").get(0);
        String text = result.get("content").textValue();
        assertEquals(LongLine.KEPT_STRING_CHARS + LongLine.cutNote(size - 1).length(), text.length(), "the long string is cut");
        assertEquals(false, result.get("is_error").booleanValue());
        assertEquals(12, result.get("n").intValue());
        assertEquals(1.5, result.get("f").doubleValue());
        assertTrue(result.get("x").isNull());
        assertEquals(7, r.json().get("usage").get("input_tokens").intValue());
        assertTrue(r.json().get("ok").booleanValue());
    }

    @Test
    void aLongLastAnswerWithItsUsageCountsIsJudgedHealthyNotUnreadable() throws Exception {
        // every real answer carries usage counts: a last answer over 8 MiB was UNREADABLE ("Trailing token") before
        Path p = dir.resolve("long-answer-usage.jsonl");
        writeWithLongString(p, "{\"type\":\"user\",\"sessionId\":\"s\",\"message\":{\"role\":\"user\",\"content\":\"go\"}}\n"
                + "{\"type\":\"assistant\",\"sessionId\":\"s\",\"message\":{\"role\":\"assistant\",\"model\":"
                + "\"claude-sonnet-4-6\",\"stop_reason\":\"end_turn\",\"usage\":{\"input_tokens\":7,\"cache\":null},"
                + "\"content\":[{\"type\":\"text\",\"text\":\"Here: ", "\"}]},\"isSidechain\":false}\n");
        TerminalVerdict tail = TerminalVerdicts.judge(p);
        assertEquals(TerminalState.HEALTHY, tail.state(), tail.reason());
        assertEquals(FullReadVerdicts.judgeByFullRead(p).reason(), tail.reason());
    }

    /** {@code head}, then a string of {@link #BYTES} plain characters, then {@code tail}. */
    private static void writeWithLongString(Path p, String head, String tail) throws java.io.IOException {
        try (var out = new java.io.BufferedOutputStream(java.nio.file.Files.newOutputStream(p))) {
            out.write(head.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            byte[] chunk = "abcdefghijklmnopqrstuvwxyz012345".repeat(2048).getBytes(java.nio.charset.StandardCharsets.UTF_8);
            for (long left = BYTES; left > 0; left -= chunk.length) {
                out.write(chunk, 0, (int) Math.min(left, chunk.length));
            }
            out.write(tail.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
    }

    @Test
    void aReReadLongRecordKeepsTheHeadOfEachStringAndSaysItWasCutAndHowBig() throws Exception {
        Path p = dir.resolve("long-answer.jsonl");
        HostileShapes.longLastLine(p, BYTES);
        TranscriptRecord last = (TranscriptRecord) TailReader.lastRecord(p, TranscriptRecord::isAssistantTurn);
        TranscriptLine again = RecordReader.read(p, last.span());
        TranscriptRecord r = assertInstanceOf(TranscriptRecord.class, again);
        String text = r.message().get("content").get(0).get("text").textValue();
        assertTrue(text.startsWith("Here it is: "));
        assertTrue(text.endsWith(LongLine.cutNote(last.span().length())), text.substring(text.length() - 200));
        assertEquals(LongLine.KEPT_STRING_CHARS + LongLine.cutNote(last.span().length()).length(), text.length());
        assertEquals("claude-sonnet-4-6", r.message().get("model").textValue(), "the short fields are whole");
    }
}

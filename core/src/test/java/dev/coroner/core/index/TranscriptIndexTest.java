package dev.coroner.core.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.read.ProblemLine;
import dev.coroner.core.read.RecordReader;
import dev.coroner.core.read.Transcript;
import dev.coroner.core.read.TranscriptLine;
import dev.coroner.core.read.TranscriptReader;
import dev.coroner.core.read.TranscriptRecord;
import dev.coroner.core.read.UnreadableTranscriptException;
import dev.coroner.fixtures.Fixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The index is the reader's view of a file, kept compactly: same rows, same positions, same kinds (docs/VERDICTS.md, "Reading"). */
class TranscriptIndexTest {
    @TempDir
    Path dir;

    static Stream<Path> fixtures() throws IOException {
        return fixtures(List.of("terminal", "demo", "format"));
    }

    /** Every fixture transcript under those folders, in path order. */
    static Stream<Path> fixtures(List<String> folders) throws IOException {
        List<Path> all = new ArrayList<>();
        for (String folder : folders) {
            try (Stream<Path> s = Files.walk(Fixtures.path(folder))) {
                s.filter(p -> p.toString().endsWith(".jsonl")).sorted().forEach(all::add);
            }
        }
        return all.stream();
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void indexAgreesWithTheReaderOnEveryFixture(Path fixture) throws Exception {
        assertAgrees(fixture);
    }

    @Test
    void oddBytesAgreeToo() throws Exception {
        String ok = "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"content\":\"x\"}}";
        String dup = "{\"type\":\"user\",\"message\":{\"role\":\"assistant\",\"content\":\"a\"},"
                + "\"message\":{\"role\":\"user\",\"content\":\"b\"}}";
        String trailing = "{\"type\":\"user\"} {}";
        String array = "[1,2]";
        String nan = "{\"type\":\"assistant\",\"isApiErrorMessage\":NaN,\"message\":{\"role\":\"assistant\"}}";
        String huge = "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\","
                + "\"content\":\"" + "y".repeat(9 * 1024 * 1024) + "\"}]}}";
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        String text = ok + "\r\n\n   \n" + dup + "\n" + trailing + "\n" + array + "\n" + nan + "\n" + huge + "\n"
                + "{\"type\":\"user\",\"mess";
        Path p = dir.resolve("odd.jsonl");
        Files.write(p, concat(bom, text.getBytes(StandardCharsets.UTF_8)));
        TranscriptIndex index = assertAgrees(p);
        assertFalse(index.has(1, RowFlags.ASSISTANT_TURN), "the duplicated message's last value says user");
        assertTrue(index.has(index.size() - 1, RowFlags.UNTERMINATED));
        assertTrue(index.has(4, RowFlags.API_ERROR), "NaN is truthy, as in Python");
    }

    @Test
    void callsPairWithTheirResultsAndSubAgentLinksAreKept() throws Exception {
        Path session = Fixtures.path("demo/7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b.jsonl");
        TranscriptIndex index = TranscriptPass.run(session);
        int call = index.rowOfLine(12);
        int result = index.rowOfLine(13);
        assertEquals(result, index.pair(call));
        assertEquals(call, index.pair(result));
        assertEquals("Bash", index.tool(call));
        assertEquals("Bash", index.tool(result), "a result row names the tool of its call");
        assertTrue(index.has(result, RowFlags.TOOL_ERROR));
        assertEquals(4, index.agentLinks().size());
        assertEquals("a7b2d4f6e8c0a1b30", index.agentLinks().get(1).agentId());
        assertEquals(7, index.line(index.agentLinks().get(1).resultRow()));
        assertEquals("7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b", index.sessionId());
        assertEquals(14, index.line(index.terminalRow()));
        assertTrue(index.has(index.rowOfLine(1), RowFlags.PROMPT));
        assertTrue(index.has(index.terminalRow(), RowFlags.FENCE));
        assertEquals(1_793_613_603_411L, index.time(0), "2026-11-02T10:00:03.411Z");
    }

    @Test
    void rowsArePublishedWhileTheFileIsStillBeingRead() throws Exception {
        Path p = dir.resolve("big.jsonl");
        String line = "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"" + "z".repeat(1000) + "\"}}\n";
        Files.writeString(p, line.repeat(5000));
        List<Integer> seen = new ArrayList<>();
        TranscriptIndex index = TranscriptPass.run(p, new TranscriptPass.Listener() {
            @Override
            public void progress(TranscriptIndex i, long done, long total) {
                seen.add(i.size());
            }
        });
        assertEquals(5000, index.size());
        assertTrue(seen.stream().anyMatch(n -> n > 0 && n < 5000), "some rows were visible before the end: " + seen);
        assertTrue(index.complete());
    }

    @Test
    void aCancelledPassLeavesAnIncompleteIndexOfValidRows() throws Exception {
        Path p = dir.resolve("big.jsonl");
        String line = "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"" + "z".repeat(1000) + "\"}}\n";
        Files.writeString(p, line.repeat(5000));
        TranscriptIndex index = TranscriptPass.run(p, new TranscriptPass.Listener() {
            @Override
            public boolean cancelled() {
                return true;
            }
        });
        assertFalse(index.complete());
        assertTrue(index.size() > 0 && index.size() < 5000);
        assertEquals(index.size(), index.line(index.size() - 1));
    }

    @Test
    void anUnreadableFileIsNamedNotIndexed() {
        UnreadableTranscriptException e = assertThrows(UnreadableTranscriptException.class,
                () -> TranscriptPass.run(dir.resolve("missing.jsonl")));
        assertEquals("no such file", e.reason());
    }

    private static TranscriptIndex assertAgrees(Path p) throws Exception {
        Transcript t = TranscriptReader.readAll(p);
        TranscriptIndex index = TranscriptPass.run(p);
        assertTrue(index.complete());
        assertEquals(t.lines().size(), index.size(), "rows");
        int lastAssistant = -1;
        try (RecordReader reader = RecordReader.open(p)) {
            for (int row = 0; row < t.lines().size(); row++) {
                TranscriptLine line = t.lines().get(row);
                assertEquals(line.span(), index.span(row), "span of row " + row);
                TranscriptLine again = reader.read(index.span(row));
                if (line instanceof ProblemLine problem) {
                    assertTrue(index.isProblem(row), "row " + row + " is a problem");
                    assertEquals(problem.kind(), index.problemKind(row));
                    assertEquals(problem.message(), index.problemMessage(row));
                    assertEquals(problem, again, "re-read of row " + row);
                } else {
                    TranscriptRecord r = (TranscriptRecord) line;
                    assertFalse(index.isProblem(row), "row " + row + " is a record");
                    assertEquals(r.type(), index.kind(row));
                    assertEquals(r.role(), index.role(row));
                    assertEquals(r.isAssistantTurn(), index.has(row, RowFlags.ASSISTANT_TURN));
                    assertInstanceOf(TranscriptRecord.class, again);
                    if (r.span().length() > dev.coroner.core.read.ReadLimits.MAX_IN_MEMORY_LINE) {
                        // a line too long to hold is re-read with its long strings cut (docs/VERDICTS.md, "Reading")
                        TranscriptRecord cut = (TranscriptRecord) again;
                        assertEquals(r.type(), cut.type(), "re-read of row " + row);
                        assertEquals(r.role(), cut.role(), "re-read of row " + row);
                        assertTrue(cut.json().toString().contains("[cut by Coroner: only the first"), "re-read of row " + row);
                        assertTrue(cut.json().toString().length() < (1 << 20), "re-read of row " + row + " is small");
                    } else {
                        assertEquals(r.json(), ((TranscriptRecord) again).json(), "re-read of row " + row);
                    }
                    if (r.isAssistantTurn()) {
                        lastAssistant = row;
                    }
                }
            }
        }
        assertEquals(lastAssistant, index.terminalRow());
        return index;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}

package dev.coroner.core.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.durable.Readability;
import dev.coroner.core.precursor.GrammarLoader;
import dev.coroner.core.precursor.GrammarResult;
import dev.coroner.core.read.ProblemLine;
import dev.coroner.core.read.SourceSpan;
import dev.coroner.core.read.TailReader;
import dev.coroner.core.read.TranscriptLine;
import dev.coroner.core.read.TranscriptReader;
import dev.coroner.core.read.TranscriptRecord;
import dev.coroner.core.read.UnreadableTranscriptException;
import dev.coroner.core.scripts.FenceScanner;
import dev.coroner.core.scripts.FencedBlock;
import dev.coroner.core.workspace.WorkspaceFiles;
import dev.coroner.core.workspace.WorkspaceRefusedException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The fuzz targets (docs/ARCHITECTURE.md, "Properties and fuzzing"): each takes arbitrary input and checks what must
 * hold for any input — nothing thrown, nothing dropped, the readers agree, what is read writes back the same. Driven by jqwik ({@link FuzzProperties},
 * under every build) and by Jazzer ({@link ReaderFuzzTest}, coverage-guided, on demand).
 */
final class FuzzTargets {
    private FuzzTargets() {
    }

    /** The forward reader: every non-blank line gives one row, in order, whose span lies inside the file. */
    static void lineReader(byte[] data) throws IOException {
        Path p = write(data);
        try {
            List<TranscriptLine> rows = forward(p);
            long lastEnd = 0;
            long newlines = 0;
            for (byte b : data) {
                newlines += b == '\n' ? 1 : 0;
            }
            assertTrue(rows.size() <= newlines + 1, "at most one row per physical line");
            for (TranscriptLine row : rows) {
                SourceSpan s = row.span();
                assertTrue(s.offset() >= lastEnd, "rows in file order, never overlapping");
                assertTrue(s.end() <= data.length, "a span inside the file");
                for (long i = s.offset(); i < s.end(); i++) {
                    assertTrue(data[(int) i] != '\n', "a row never spans a line end");
                }
                lastEnd = s.end();
            }
        } finally {
            Files.delete(p);
        }
    }

    /** The reader from the end sees the forward reader's rows, last first, line numbers aside. */
    static void tailReader(byte[] data) throws IOException {
        Path p = write(data);
        try {
            List<TranscriptLine> forward = forward(p);
            List<TranscriptLine> back = new ArrayList<>();
            TailReader.linesBack(p, back::add);
            Collections.reverse(back);
            assertEquals(forward.size(), back.size(), "as many rows from the end as from the start");
            for (int i = 0; i < forward.size(); i++) {
                TranscriptLine f = forward.get(i);
                TranscriptLine b = back.get(i);
                assertEquals(f.span().offset(), b.span().offset());
                assertEquals(f.span().length(), b.span().length());
                assertEquals(f.getClass(), b.getClass(), "a record from one end is a record from the other");
                if (f instanceof TranscriptRecord fr) {
                    assertEquals(fr.json(), ((TranscriptRecord) b).json());
                } else {
                    assertEquals(((ProblemLine) f).kind(), ((ProblemLine) b).kind());
                }
            }
        } catch (UnreadableTranscriptException e) {
            throw new AssertionError("a regular file is readable", e);
        } finally {
            Files.delete(p);
        }
    }

    /** The fence scanner: any text, blocks numbered 1.., their content taken from the text's characters. */
    static void fenceScanner(String text) {
        List<FencedBlock> blocks = FenceScanner.scan(text);
        for (int i = 0; i < blocks.size(); i++) {
            assertEquals(i + 1, blocks.get(i).number());
            assertTrue(blocks.get(i).content().length() <= text.length(), "content comes from the text");
        }
    }

    /** The grammar loader: any bytes give a grammar or errors with positions, never an exception. */
    static void grammarLoader(byte[] data) {
        GrammarResult r = GrammarLoader.parse(data);
        if (!r.ok()) {
            assertTrue(!r.errors().isEmpty(), "a refused grammar says why");
        }
    }

    /**
     * The workspace reader: any bytes open as a workspace (READABLE, or UNTAGGED with a warning) or are refused with a
     * {@link WorkspaceRefusedException} and a reason, and a refused file is never written over; a workspace that opens
     * writes back to bytes that open READABLE as the same workspace and write again to the same bytes.
     */
    static void workspaceReader(byte[] data) throws IOException {
        Path p = write(data, ".coroner.json");
        try {
            WorkspaceFiles.Opened opened;
            try {
                opened = WorkspaceFiles.open(p);
            } catch (WorkspaceRefusedException refused) {
                assertFalse(refused.getMessage() == null || refused.getMessage().isBlank(), "a refusal says why");
                if (data.length > 0) {
                    assertTrue(WorkspaceFiles.refusalToReplace(p) != null, "a file open refuses is never written over");
                }
                return;
            }
            Readability r = opened.verdict().readability();
            assertTrue(r == Readability.READABLE || r == Readability.UNTAGGED, "only these two are read: " + r);
            assertEquals(r == Readability.UNTAGGED, opened.warning() != null, "an untagged file is read with a warning");
            assertEquals(null, WorkspaceFiles.refusalToReplace(p), "a file that opens may be saved over");
            byte[] written = WorkspaceFiles.bytes(opened.workspace());
            Files.write(p, written);
            WorkspaceFiles.Opened again;
            try {
                again = WorkspaceFiles.open(p);
            } catch (WorkspaceRefusedException e) {
                throw new AssertionError("a workspace written refuses to open: " + e.getMessage(), e);
            }
            assertEquals(Readability.READABLE, again.verdict().readability(), "a written workspace carries its tag");
            assertEquals(opened.workspace(), again.workspace(), "written and read again, the same workspace");
            assertArrayEquals(written, WorkspaceFiles.bytes(again.workspace()), "the same workspace, the same bytes");
        } finally {
            Files.delete(p);
        }
    }

    private static Path write(byte[] data) throws IOException {
        return write(data, ".jsonl");
    }

    private static Path write(byte[] data, String suffix) throws IOException {
        Path p = Files.createTempFile("fuzz", suffix);
        Files.write(p, data);
        return p;
    }

    private static List<TranscriptLine> forward(Path p) {
        List<TranscriptLine> rows = new ArrayList<>();
        try {
            TranscriptReader.read(p, rows::add);
        } catch (UnreadableTranscriptException e) {
            throw new AssertionError("a regular file is readable", e);
        }
        return rows;
    }
}

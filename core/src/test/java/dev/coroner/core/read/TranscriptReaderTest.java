package dev.coroner.core.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.fixtures.Fixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/VERDICTS.md, "Reading": every non-blank line is a record or a positioned problem; nothing is lost. */
class TranscriptReaderTest {
    @TempDir
    Path dir;

    private static final String OK = "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"hi\"}}";

    private Path write(String name, byte[] bytes) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, bytes);
        return p;
    }

    private Path write(String name, String text) throws IOException {
        return write(name, text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void emptyFileHasNoLinesAndIsNotAnError() throws Exception {
        Transcript t = TranscriptReader.readAll(write("e.jsonl", new byte[0]));
        assertEquals(List.of(), t.lines());
        assertEquals(0, t.size());
    }

    @Test
    void missingFileIsUnreadableWithAReason() {
        UnreadableTranscriptException e = assertThrows(UnreadableTranscriptException.class,
                () -> TranscriptReader.readAll(dir.resolve("nope.jsonl")));
        assertEquals("no such file", e.reason());
    }

    @Test
    void directoryGivenAsAFileIsUnreadableWithAReason() {
        UnreadableTranscriptException e = assertThrows(UnreadableTranscriptException.class,
                () -> TranscriptReader.readAll(dir));
        assertEquals("is a directory, not a transcript file", e.reason());
    }

    @Test
    void permissionDeniedIsNamed() {
        // The CI user is root, who can read a mode-000 file; the mapping of the OS refusal is tested directly.
        UnreadableTranscriptException e = TranscriptFile.failed(dir,
                new java.nio.file.AccessDeniedException(dir.toString()));
        assertEquals("permission denied", e.reason());
    }

    @Test
    void everyLineCarriesItsPositionAndTheBytesAtThatPositionAreTheLine() throws Exception {
        String text = OK + "\n\n  " + OK + "  \n" + "garbage\n" + OK;
        Path p = write("pos.jsonl", text);
        Transcript t = TranscriptReader.readAll(p);
        assertEquals(4, t.lines().size());
        assertEquals(List.of(1L, 3L, 4L, 5L), t.lines().stream().map(TranscriptLine::lineNumber).toList());
        byte[] all = Files.readAllBytes(p);
        for (TranscriptLine l : t.lines()) {
            String at = new String(all, (int) l.span().offset(), (int) l.span().length(), StandardCharsets.UTF_8);
            assertTrue(at.strip().equals(OK) || at.equals("garbage"), at);
        }
        assertInstanceOf(ProblemLine.class, t.lines().get(2));
        assertEquals(ProblemKind.MALFORMED_JSON, ((ProblemLine) t.lines().get(2)).kind());
    }

    @Test
    void binaryFileIsAllProblemsNoneDropped() throws Exception {
        Transcript t = TranscriptReader.readAll(Fixtures.path("terminal/binary.jsonl"));
        byte[] all = Files.readAllBytes(Fixtures.path("terminal/binary.jsonl"));
        long nonBlank = 0;
        boolean content = false;
        for (byte b : all) {
            if (b == '\n') {
                nonBlank += content ? 1 : 0;
                content = false;
            } else if (!PyWhitespace.isSpace(b & 0xFF) || (b & 0xFF) >= 0x80) {
                content = true;
            }
        }
        nonBlank += content ? 1 : 0;
        assertEquals(0, t.records().size());
        assertEquals(nonBlank, t.problems().size());
    }

    @Test
    void gzipFileSaysToDecompress() throws Exception {
        Transcript t = TranscriptReader.readAll(Fixtures.path("terminal/gzip.jsonl"));
        ProblemLine first = t.problems().get(0);
        assertEquals(ProblemKind.NOT_A_TRANSCRIPT, first.kind());
        assertTrue(first.message().contains("gzip"));
    }

    @Test
    void tornLastLineIsIncompleteAndEarlierRecordsStay() throws Exception {
        Transcript t = TranscriptReader.readAll(Fixtures.path("terminal/torn-last-line.jsonl"));
        TranscriptLine last = t.lines().get(t.lines().size() - 1);
        assertEquals(ProblemKind.INCOMPLETE, ((ProblemLine) last).kind());
        assertEquals(4, t.records().size());
    }

    @Test
    void aFileAppendedToWhileOpenReadsTheNewLineOnceItIsWhole() throws Exception {
        Path p = write("growing.jsonl", OK + "\n" + OK.substring(0, 20));
        Transcript before = TranscriptReader.readAll(p);
        assertEquals(ProblemKind.INCOMPLETE, before.problems().get(0).kind());
        Files.write(p, (OK.substring(20) + "\n").getBytes(StandardCharsets.UTF_8), java.nio.file.StandardOpenOption.APPEND);
        Transcript after = TranscriptReader.readAll(p);
        assertEquals(2, after.records().size());
        assertEquals(0, after.problems().size());
    }

    @Test
    void invalidUtf8IsAProblemWithItsLineAndTheRestReads() throws Exception {
        Transcript t = TranscriptReader.readAll(Fixtures.path("terminal/invalid-utf8.jsonl"));
        assertEquals(1, t.problems().size());
        ProblemLine bad = t.problems().get(0);
        assertEquals(ProblemKind.INVALID_UTF8, bad.kind());
        assertEquals(5, bad.lineNumber());
        assertEquals(4, t.records().size());
    }

    @Test
    void overlongAndSurrogateEncodingsAreInvalidUtf8() throws Exception {
        byte[] overlong = "{\"a\":\"\u00c0\u00af\"}".getBytes(StandardCharsets.ISO_8859_1); // C0 AF
        byte[] surrogate = "{\"a\":\"\u00ed\u00a0\u0080\"}".getBytes(StandardCharsets.ISO_8859_1); // ED A0 80
        for (byte[] b : List.of(overlong, surrogate)) {
            Transcript t = TranscriptReader.readAll(write("u.jsonl", concat(b, new byte[] {'\n'})));
            assertEquals(ProblemKind.INVALID_UTF8, t.problems().get(0).kind());
        }
    }

    @Test
    void bomIsDroppedAndTheFirstRecordStartsAfterIt() throws Exception {
        Transcript t = TranscriptReader.readAll(Fixtures.path("terminal/bom.jsonl"));
        assertEquals(0, t.problems().size());
        assertEquals(3, t.lines().get(0).span().offset());
    }

    @Test
    void aByteOrderMarkStartingALineAfterTheFilesStartIsAProblemInEveryReader() throws Exception {
        String bom = "\uFEFF";
        // line 1: the file's BOM, dropped; line 2: a BOM (Python's json refuses it); line 3 blank; line 4: blanks
        // then a BOM; line 5 a record
        Path p = write("boms.jsonl", bom + OK + "\n" + bom + OK + "\n\n \t" + bom + OK + "\n" + OK + "\n");
        Transcript t = TranscriptReader.readAll(p);
        assertEquals(List.of(2L, 4L), t.problems().stream().map(l -> l.span().line()).toList());
        for (ProblemLine problem : t.problems()) {
            assertEquals(ProblemKind.MALFORMED_JSON, problem.kind());
            assertTrue(problem.message().contains("byte order mark (U+FEFF)"), problem.message());
        }
        assertEquals(2, t.records().size());
        Path doubled = write("double.jsonl", bom + bom + OK + "\n");
        assertEquals(ProblemKind.MALFORMED_JSON, TranscriptReader.readAll(doubled).problems().get(0).kind(),
                "only the file's first three bytes are its BOM");

        // the one pass (skimmer first) and the reader from the end say the same
        List<Long> scanned = new java.util.ArrayList<>();
        TranscriptScan.scan(p, (parser, json) -> {
            parser.skipChildren();
            return null;
        }, new TranscriptScan.Sink<Object>() {
            @Override
            public boolean record(SourceSpan span, Object fields) {
                return true;
            }

            @Override
            public boolean problem(ProblemLine problem) {
                scanned.add(problem.span().line());
                return true;
            }
        });
        assertEquals(List.of(2L, 4L), scanned);
        List<Boolean> fromTheEnd = new java.util.ArrayList<>();
        TailReader.linesBack(p, line -> fromTheEnd.add(line instanceof ProblemLine));
        assertEquals(List.of(false, true, true, false), fromTheEnd);
    }

    @Test
    void crlfLineEndsParseAndTheSpanKeepsTheCarriageReturn() throws Exception {
        Transcript t = TranscriptReader.readAll(Fixtures.path("terminal/crlf.jsonl"));
        assertEquals(0, t.problems().size());
        assertEquals(4, t.records().size());
        byte[] all = Files.readAllBytes(Fixtures.path("terminal/crlf.jsonl"));
        SourceSpan s = t.lines().get(0).span();
        assertEquals('\r', all[(int) s.end() - 1]);
    }

    @Test
    void nulBytesAreProblemsNotCrashes() throws Exception {
        Transcript t = TranscriptReader.readAll(Fixtures.path("terminal/nul-bytes.jsonl"));
        assertEquals(2, t.problems().size());
        assertTrue(t.problems().stream().allMatch(p -> p.kind() == ProblemKind.MALFORMED_JSON));
        assertEquals(4, t.records().size());
    }

    /** Found by fuzzing (ReaderFuzzTest, tailReader): leading NULs made the parser guess UTF-32 and the whole file unreadable. */
    @Test
    void aLineStartingWithNulBytesIsAProblemNotAnUnreadableFile() throws Exception {
        Path p = dir.resolve("nul.jsonl");
        java.nio.file.Files.write(p, new byte[] {0, 0, 4, 0, 4, '\n', '{', '}', '\n'});
        Transcript t = TranscriptReader.readAll(p);
        assertEquals(1, t.problems().size());
        assertEquals(ProblemKind.MALFORMED_JSON, t.problems().get(0).kind());
        assertEquals(1, t.records().size(), "the next line still reads");
        assertEquals(TranscriptReader.readAll(p).problems(), t.problems());
        assertEquals(dev.coroner.core.terminal.TerminalState.EMPTY, dev.coroner.core.index.TerminalVerdicts.judge(p).state(),
                "judged, not UNREADABLE");
    }

    @Test
    void nanAndInfinityAreAccepted() throws Exception {
        Transcript t = TranscriptReader.readAll(Fixtures.path("terminal/nan.jsonl"));
        assertEquals(0, t.problems().size());
        TranscriptRecord last = t.records().get(t.records().size() - 1);
        assertTrue(Double.isNaN(last.message().get("usage").get("input_tokens").doubleValue()));
        assertEquals(Double.NEGATIVE_INFINITY, last.json().get("message").get("usage").get("debt").doubleValue());
    }

    @Test
    void duplicateKeysLastWins() throws Exception {
        Transcript t = TranscriptReader.readAll(Fixtures.path("terminal/duplicate-keys.jsonl"));
        TranscriptRecord last = t.records().get(t.records().size() - 1);
        assertEquals("<synthetic>", last.message().get("model").textValue());
    }

    @Test
    void topLevelArrayIsAProblemNamedAsSuch() throws Exception {
        Transcript t = TranscriptReader.readAll(Fixtures.path("terminal/top-level-array.jsonl"));
        ProblemLine p = t.problems().get(0);
        assertEquals(ProblemKind.NOT_AN_OBJECT, p.kind());
        assertTrue(p.message().contains("array"));
    }

    @Test
    void rawLineSeparatorInsideAStringDoesNotSplitTheLine() throws Exception {
        Transcript t = TranscriptReader.readAll(Fixtures.path("terminal/raw-line-separator.jsonl"));
        assertEquals(0, t.problems().size());
        String text = t.records().get(t.records().size() - 1).message().get("content").get(0).get("text").textValue();
        assertTrue(text.contains("\u2028") && text.contains("\u2029"));
    }

    @Test
    void tenThousandDeepNestingIsAProblemNotAStackOverflow() throws Exception {
        String deep = "{\"a\":" + "[".repeat(10_000) + "]".repeat(10_000) + "}";
        Transcript t = TranscriptReader.readAll(write("deep.jsonl", OK + "\n" + deep + "\n" + OK + "\n"));
        assertEquals(2, t.records().size());
        assertEquals(ProblemKind.TOO_DEEP, t.problems().get(0).kind());
        assertEquals(2, t.problems().get(0).lineNumber());
    }

    @Test
    void aThirtyMegabyteStringReads() throws Exception {
        String big = "x".repeat(30 * 1024 * 1024);
        Transcript t = TranscriptReader.readAll(write("big.jsonl",
                "{\"type\":\"user\",\"toolUseResult\":{\"stdout\":\"" + big + "\"}}\n" + OK + "\n"));
        assertEquals(0, t.problems().size());
        assertEquals(big.length(), t.records().get(0).json().get("toolUseResult").get("stdout").textValue().length());
    }

    @Test
    void aHundredMegabyteLineReadsFromTheFileAndTheNextLineToo() throws Exception {
        Path p = dir.resolve("huge.jsonl");
        try (var out = Files.newOutputStream(p)) {
            out.write("{\"type\":\"user\",\"data\":\"".getBytes(StandardCharsets.US_ASCII));
            byte[] block = "abcdefghij".repeat(100_000).getBytes(StandardCharsets.US_ASCII);
            for (int i = 0; i < 100; i++) {
                out.write(block);
            }
            out.write(("\"}\n" + OK + "\n").getBytes(StandardCharsets.US_ASCII));
        }
        Transcript t = TranscriptReader.readAll(p);
        assertEquals(0, t.problems().size());
        assertEquals(2, t.records().size());
        assertEquals(100_000_000, t.records().get(0).json().get("data").textValue().length());
        assertEquals(2, t.records().get(1).lineNumber());
    }

    @Test
    void readingNeverChangesTheFile() throws Exception {
        Path p = write("ro.jsonl", OK + "\n");
        FileTime before = Files.getLastModifiedTime(p);
        byte[] bytes = Files.readAllBytes(p);
        TranscriptReader.readAll(p);
        assertEquals(before, Files.getLastModifiedTime(p));
        assertEquals(new String(bytes, StandardCharsets.UTF_8), Files.readString(p));
    }

    @Test
    void twoValuesOnOneLineAreAProblemNotTheFirstValue() throws Exception {
        Transcript t = TranscriptReader.readAll(write("two.jsonl", OK + " " + OK + "\n" + OK + "x\n"));
        assertEquals(0, t.records().size());
        assertEquals(List.of(ProblemKind.MALFORMED_JSON, ProblemKind.MALFORMED_JSON),
                t.problems().stream().map(ProblemLine::kind).toList());
    }

    @Test
    void pythonWhiteSpaceAroundALineIsTrimmedAsTheReferenceDoes() throws Exception {
        Transcript t = TranscriptReader.readAll(write("ws.jsonl", "\u000b\u000c\u001f\u00a0\u3000" + OK + "\u2028\u0085 \r\n"));
        assertEquals(0, t.problems().size());
        assertEquals(1, t.records().size());
    }

    @Test
    void unknownRecordKindsAreKeptWhole() throws Exception {
        Transcript t = TranscriptReader.readAll(write("k.jsonl", "{\"type\":\"atis-latch\",\"x\":{\"y\":1}}\n"));
        assertEquals("atis-latch", t.records().get(0).type());
        assertEquals(1, t.records().get(0).json().get("x").get("y").intValue());
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = new byte[a.length + b.length];
        System.arraycopy(a, 0, c, 0, a.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }
}

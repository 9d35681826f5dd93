package dev.coroner.core.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.coroner.core.index.TerminalVerdicts;
import dev.coroner.core.terminal.FullReadVerdicts;
import dev.coroner.core.terminal.TerminalVerdict;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A file that is something else than a transcript — compressed, an archive, a program, an image, a database — is said
 * to be so on its first line, with what to do where there is something (docs/VERDICTS.md, "Reading",
 * {@code NOT_A_TRANSCRIPT}); its later lines are read as usual, and a line that only looks a little like one of them,
 * or such bytes after the first line, are read as usual too. The leading bytes below are written out by hand from each
 * format's description, not taken from {@link FileSignature}.
 */
class FileSignatureTest {
    private static final String RECORD =
            "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"content\":\"done\"}}";

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "gzip   | 1f8b0800000000000003          | this is a gzip-compressed file, not a transcript: decompress it (gunzip) and open the .jsonl",
            "zstd   | 28b52ffd2400                  | this is a zstd-compressed file, not a transcript: decompress it (unzstd) and open the .jsonl",
            "xz     | fd377a585a000004e6d6b446      | this is an xz-compressed file, not a transcript: decompress it (unxz) and open the .jsonl",
            "bzip2  | 425a683931415926535900        | this is a bzip2-compressed file, not a transcript: decompress it (bunzip2) and open the .jsonl",
            "zip    | 504b0304140000000800          | this is a ZIP archive, not a transcript: extract it and open the .jsonl files inside",
            "7-zip  | 377abcaf271c0004              | this is a 7-Zip archive, not a transcript: extract it and open the .jsonl files inside",
            "elf    | 7f454c460201010000            | this is a program (an ELF executable), not a transcript",
            "png    | 89504e470d0a1a0a0000000d      | this is a PNG image, not a transcript",
            "jpeg   | ffd8ffe000104a464946          | this is a JPEG image, not a transcript",
            "pdf    | 255044462d312e370a            | this is a PDF document, not a transcript",
            "sqlite | 53514c69746520666f726d6174203300 | this is an SQLite database, not a transcript",
    })
    void theFirstLineSaysWhatTheFileIsAndLaterLinesAreReadAsUsual(String format, String head, String message)
            throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(HexFormat.of().parseHex(head));
        out.write("\u0001\u0002 more of the file\n".getBytes(StandardCharsets.UTF_8));
        out.write((RECORD + "\n").getBytes(StandardCharsets.UTF_8));
        Transcript t = TranscriptReader.readAll(write(format + ".jsonl", out.toByteArray()));
        ProblemLine first = assertInstanceOf(ProblemLine.class, t.lines().get(0));
        assertEquals(ProblemKind.NOT_A_TRANSCRIPT, first.kind());
        assertEquals(message, first.message());
        assertEquals(1, t.problems().stream().filter(l -> l.kind() == ProblemKind.NOT_A_TRANSCRIPT).count(),
                "said once, on the first line only (a PNG's or a PDF's second line is an ordinary problem)");
        assertEquals(1, t.records().size(), "the record after it is read as usual");
    }

    @Test
    void filesJavaItselfWritesAreKnownToo() throws Exception {
        byte[] transcript = (RECORD + "\n").getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(gz)) {
            z.write(transcript);
        }
        ByteArrayOutputStream zip = new ByteArrayOutputStream();
        try (ZipOutputStream z = new ZipOutputStream(zip)) {
            z.putNextEntry(new ZipEntry("run.jsonl"));
            z.write(transcript);
        }
        assertEquals(ProblemKind.NOT_A_TRANSCRIPT, firstProblem(write("run.jsonl.gz", gz.toByteArray())).kind());
        ProblemLine zipped = firstProblem(write("runs.zip", zip.toByteArray()));
        assertEquals("this is a ZIP archive, not a transcript: extract it and open the .jsonl files inside",
                zipped.message());
    }

    @Test
    void theVerdictSaysWhatTheFileIs() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(HexFormat.of().parseHex("504b0304140000000800"));
        out.write(new byte[] {(byte) 0x9c, 0x00, 0x41});
        Path p = write("runs.zip", out.toByteArray());
        String reason = "this is a ZIP archive, not a transcript: extract it and open the .jsonl files inside: "
                + "the agent delivered nothing";
        TerminalVerdict fromTheEnd = TerminalVerdicts.judge(p);
        assertEquals(reason, fromTheEnd.reason());
        assertEquals(reason, FullReadVerdicts.judgeByFullRead(p).reason(), "a full read agrees");
    }

    @Test
    void somethingLikeAFormatButNotItIsReadAsUsual() throws Exception {
        // short of the whole signature, or after the first line: an ordinary problem line, as any other bytes
        String[] firstLines = {"PK not an archive", "BZh9 not bzip2", "%PDF without its dash", "SQLite format 2"};
        for (String line : firstLines) {
            byte[] file = (line + "\n" + RECORD + "\n").getBytes(StandardCharsets.UTF_8);
            ProblemLine p = firstProblem(write("like.jsonl", file));
            assertEquals(ProblemKind.MALFORMED_JSON, p.kind(), line);
        }
        ByteArrayOutputStream later = new ByteArrayOutputStream();
        later.write((RECORD + "\n").getBytes(StandardCharsets.UTF_8));
        later.write(HexFormat.of().parseHex("504b030414000000"));
        later.write('\n');
        ProblemLine second = firstProblem(write("later.jsonl", later.toByteArray()));
        assertEquals(2, second.span().line());
        assertEquals(ProblemKind.MALFORMED_JSON, second.kind(), "only a file's start says what the file is");
    }

    @Test
    void aByteOrderMarkBeforeTheSignatureIsSkippedAsBeforeAnyLine() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
        out.write(HexFormat.of().parseHex("1f8b08"));
        assertEquals(ProblemKind.NOT_A_TRANSCRIPT, firstProblem(write("bom.jsonl", out.toByteArray())).kind());
    }

    private Path write(String name, byte[] bytes) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, bytes);
        return p;
    }

    private static ProblemLine firstProblem(Path p) throws Exception {
        return TranscriptReader.readAll(p).problems().get(0);
    }
}

package dev.coroner.core.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.index.TerminalVerdicts;
import dev.coroner.core.index.TranscriptIndex;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.fixtures.Fixtures;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The one pass, the reader from the end and the re-read of a record read a transcript that is not on the local disk
 * when an opener serves its bytes ({@link TranscriptFile#openingWith}): the way the fleet module reads {@code hdfs://}
 * and {@code s3a://}. Here the bytes are in memory, under a path that does not exist locally.
 */
class OtherFileSystemTest {
    /** A path no local file has: only the opener can serve it. */
    private static final Path ELSEWHERE = Path.of("/nowhere/on/this/disk");

    /** A transcript's bytes in memory, read by position; counts what was read. */
    private static final class InMemory implements TranscriptSource {
        private final byte[] bytes;
        long read;

        InMemory(byte[] bytes) {
            this.bytes = bytes;
        }

        @Override
        public long size() {
            return bytes.length;
        }

        @Override
        public int read(ByteBuffer dst, long position) {
            if (position >= bytes.length) {
                return -1;
            }
            // a few bytes at a time, as a remote stream may answer: every reader must ask again
            int n = (int) Math.min(Math.min(dst.remaining(), 5_000), bytes.length - position);
            dst.put(bytes, (int) position, n);
            read += n;
            return n;
        }

        @Override
        public void close() {
        }
    }

    /** Serves one transcript's bytes under one path; every source it opened is kept. */
    private static final class OneFile implements TranscriptFile.Opener {
        private final Path path;
        private final byte[] bytes;
        final List<InMemory> opened = new ArrayList<>();

        OneFile(Path path, byte[] bytes) {
            this.path = path;
            this.bytes = bytes;
        }

        @Override
        public TranscriptSource open(Path p) throws UnreadableTranscriptException {
            if (!p.equals(path)) {
                throw new UnreadableTranscriptException(p, "no such file", null);
            }
            InMemory s = new InMemory(bytes);
            opened.add(s);
            return s;
        }

        @Override
        public FileStamp stamp(Path p) {
            return p.equals(path) ? new FileStamp(bytes.length, 1) : new FileStamp(-1, -1);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"terminal/healthy.jsonl", "terminal/synthetic-rate-limit-429.jsonl",
            "terminal/healthy-then-api-failure-429.jsonl", "terminal/bom.jsonl", "terminal/empty-file.jsonl",
            "kinds/agent-9a8b7c6d.jsonl"})
    void aTranscriptServedByAnOpenerGetsTheVerdictOfTheSameFileOnDisk(String fixture) throws Exception {
        Path local = Fixtures.path(fixture);
        Path remote = ELSEWHERE.resolve(local.getFileName());
        OneFile opener = new OneFile(remote, Files.readAllBytes(local));

        TranscriptIndex onDisk = TranscriptPass.run(local);
        TranscriptIndex served = TranscriptFile.openingWith(opener, () -> TranscriptPass.run(remote));
        TerminalVerdict fromTheEnd = TranscriptFile.openingWith(opener, () -> TerminalVerdicts.judge(remote));

        TerminalVerdict expected = onDisk.judgement().terminal();
        assertEquals(expected, served.judgement().terminal(), "the one pass");
        assertEquals(expected, fromTheEnd, "the reader from the end");
        assertEquals(onDisk.size(), served.size(), "rows");
        assertEquals(null, served.changed());
        assertTrue(opener.opened.stream().mapToLong(s -> s.read).sum() >= Files.size(local), "read through the opener");
    }

    @ParameterizedTest
    @ValueSource(strings = {"terminal/healthy.jsonl", "terminal/bom.jsonl"})
    void aRecordIsReReadByItsSpanThroughTheOpener(String fixture) throws Exception {
        Path local = Fixtures.path(fixture);
        Path remote = ELSEWHERE.resolve(local.getFileName());
        OneFile opener = new OneFile(remote, Files.readAllBytes(local));
        TranscriptIndex index = TranscriptPass.run(local);
        for (int row = 0; row < index.size(); row++) {
            SourceSpan span = index.span(row);
            TranscriptLine want = RecordReader.read(local, span);
            TranscriptLine got = TranscriptFile.openingWith(opener, () -> RecordReader.read(remote, span));
            assertEquals(want, got, "row " + row);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"terminal/healthy.jsonl"})
    void withoutTheOpenerThePathIsTheLocalDisksAgain(String fixture) throws IOException {
        Path remote = ELSEWHERE.resolve("healthy.jsonl");
        OneFile opener = new OneFile(remote, Files.readAllBytes(Fixtures.path(fixture)));
        TerminalVerdict inside = TranscriptFile.openingWith(opener, () -> TerminalVerdicts.judge(remote));
        TerminalVerdict after = TerminalVerdicts.judge(remote);
        assertNotEquals(TerminalState.UNREADABLE, inside.state());
        assertEquals(TerminalState.UNREADABLE, after.state());
        assertInstanceOf(String.class, after.reason());
        assertTrue(after.reason().contains("no such file"), after.reason());
    }
}

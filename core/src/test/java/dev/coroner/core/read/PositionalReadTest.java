package dev.coroner.core.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The positional read every reader shares ({@link TranscriptFile#readAt}): it fills the buffer from a file offset or
 * stops at the file's end, and never moves the channel's own position; and {@link TailReader#lineAt}, which counts
 * line ends with it, block by block.
 */
class PositionalReadTest {
    @TempDir
    Path dir;

    @Test
    void readAtFillsFromAnOffsetOrStopsAtTheEndAndLeavesTheChannelWhereItWas() throws Exception {
        byte[] bytes = new byte[200_000];
        new Random(8).nextBytes(bytes);
        Path file = Files.write(dir.resolve("t.jsonl"), bytes);
        try (FileChannel channel = FileChannel.open(file); TranscriptSource source = new LocalTranscript(channel)) {
            channel.position(5);
            ByteBuffer whole = ByteBuffer.allocate(70_000);
            assertEquals(70_000, TranscriptFile.readAt(source, whole, 100_000));
            assertArrayEquals(Arrays.copyOfRange(bytes, 100_000, 170_000), whole.array());

            // from the buffer's own position: the bytes go after what it holds
            ByteBuffer rest = ByteBuffer.allocate(50_000);
            rest.position(10);
            assertEquals(30_000, TranscriptFile.readAt(source, rest, 170_000), "stops at the file's end");
            assertArrayEquals(Arrays.copyOfRange(bytes, 170_000, 200_000), Arrays.copyOfRange(rest.array(), 10, 30_010));
            assertEquals(30_010, rest.position());

            assertEquals(0, TranscriptFile.readAt(source, ByteBuffer.allocate(8), 200_000), "nothing past the end");
            assertEquals(5, channel.position());
        }
    }

    @Test
    void lineAtCountsTheLineEndsBeforeAnOffsetAcrossBlocks() throws Exception {
        // lines of 1 to 199 bytes, past several of the reader's blocks
        StringBuilder text = new StringBuilder();
        Random random = new Random(3);
        long[] starts = new long[3_000];
        for (int i = 0; i < starts.length; i++) {
            starts[i] = text.length();
            text.append("x".repeat(random.nextInt(199))).append('\n');
        }
        Path file = Files.writeString(dir.resolve("lines.jsonl"), text);
        for (int i = 0; i < starts.length; i += 37) {
            assertEquals(i + 1, TailReader.lineAt(file, starts[i]), "the line starting at byte " + starts[i]);
        }
        assertEquals(starts.length, TailReader.lineAt(file, starts[starts.length - 1]));
        assertEquals(starts.length + 1, TailReader.lineAt(file, text.length()), "past the last line end");
    }
}

package dev.coroner.core.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.read.FollowScan;
import dev.coroner.core.read.ReadMeter;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.fixtures.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Following a growing transcript builds what one fresh pass builds, reading each byte once (docs/ARCHITECTURE.md, "Following"). */
class TranscriptFollowerTest {
    @TempDir
    Path dir;

    private final AtomicLong followedBytes = new AtomicLong();

    @AfterEach
    void uninstall() {
        ReadMeter.install(null);
    }

    /** The four records of a real-shaped session that dies of a harness-written "Prompt is too long". */
    private static List<String> deathLines() throws Exception {
        return Files.readAllLines(Fixtures.path("terminal").resolve("synthetic-context-limit.jsonl"),
                StandardCharsets.UTF_8);
    }

    @Test
    void appendsInStepsAreIndexedAndJudgedAsOneFreshPassWouldWithoutReadingAnythingTwice() throws Exception {
        List<String> lines = deathLines();
        assertEquals(4, lines.size());
        assertTrue(lines.get(3).contains("\"model\":\"<synthetic>\"") && lines.get(3).contains("isApiErrorMessage"));
        Path file = Files.createDirectory(dir.resolve("live")).resolve("session.jsonl");
        Files.writeString(file, "");
        Path followed = file.toAbsolutePath().normalize();
        ReadMeter.install(new ReadMeter.Reads() {
            @Override
            public void opened(Path path, Object channelId) {
            }

            @Override
            public void read(Path path, Object channelId, long bytes) {
                if (path.toAbsolutePath().normalize().equals(followed)) {
                    followedBytes.addAndGet(bytes);
                }
            }
        });

        TranscriptFollower follower = new TranscriptFollower(file);
        int polls = 0;
        TranscriptFollower.Poll p = follower.poll();
        polls++;
        assertEquals(0, p.index().size());
        assertTrue(p.changed(), "the first poll reports the first verdict");
        assertEquals(TerminalState.EMPTY, p.verdict().state());

        // step 1: the prompt and the first answer (a call)
        append(file, lines.get(0) + "\n" + lines.get(1) + "\n");
        p = follower.poll();
        polls++;
        assertTrue(p.grew());
        assertFalse(p.stillBeingWritten());
        assertAgrees(file, p);
        assertEquals(2, p.index().size());
        assertEquals(TerminalState.HEALTHY, p.verdict().state());
        assertTrue(p.changed());

        // step 2: half of the tool result: torn, held back, no problem row
        String result = lines.get(2);
        int half = result.length() / 2;
        append(file, result.substring(0, half));
        p = follower.poll();
        polls++;
        assertFalse(p.grew(), "a torn line adds no row");
        assertTrue(p.stillBeingWritten());
        assertEquals(half, p.heldBytes());
        assertEquals(2, p.index().size());
        assertEquals(0, p.index().problems(), "a line still being written is never a problem");
        assertAgrees(file, p);
        assertFalse(p.changed());

        // a poll with nothing new reads nothing
        long before = followedBytes.get();
        p = follower.poll();
        polls++;
        assertEquals(before, followedBytes.get(), "a poll of an unchanged file reads nothing");
        assertTrue(p.stillBeingWritten());

        // step 3: the rest of the result, and a garbled line (a problem row once terminated)
        append(file, result.substring(half) + "\n" + "{\"type\":\"user\",\"garbled\n");
        p = follower.poll();
        polls++;
        assertTrue(p.grew());
        assertFalse(p.stillBeingWritten());
        assertAgrees(file, p);
        assertEquals(4, p.index().size());
        assertEquals(1, p.index().problems());
        assertEquals(p.index().pair(1), 2, "the call found its result across polls");
        assertFalse(p.changed(), "a tool result after the last answer leaves the verdict");

        // step 4: the harness writes the death
        append(file, lines.get(3) + "\n");
        p = follower.poll();
        polls++;
        assertTrue(p.grew());
        assertAgrees(file, p);
        assertEquals(TerminalState.SYNTHETIC, p.verdict().state());
        assertTrue(p.verdict().dead());
        assertTrue(p.changed(), "the death changes the verdict the moment it is written");

        long size = Files.size(file);
        long read = followedBytes.get();
        // every byte once, plus the head: kept once after the first lines, compared on each of the three polls that
        // found the file grown (the empty file's poll and the unchanged file's read no head)
        assertEquals(6, polls);
        assertEquals(size + 4L * FollowScan.HEAD_BYTES, read, "bytes read of a " + size + "-byte file");
    }

    @Test
    void aFileThatShrankOrWhoseHeadChangedIsReadAgainFromTheStart() throws Exception {
        List<String> lines = deathLines();
        Path file = dir.resolve("session.jsonl");
        Files.writeString(file, lines.get(0) + "\n" + lines.get(1) + "\n" + lines.get(2) + "\n");
        TranscriptFollower follower = new TranscriptFollower(file);
        TranscriptFollower.Poll first = follower.poll();
        assertEquals(3, first.index().size());

        // shrunk: one record
        Files.writeString(file, lines.get(0) + "\n");
        TranscriptFollower.Poll p = follower.poll();
        assertTrue(p.restarted());
        assertNotSame(first.index(), p.index());
        assertAgrees(file, p);
        assertEquals(1, p.index().size());

        // longer, but a different head (within the first FollowScan.HEAD_BYTES): the first record's uuid replaced
        String other = lines.get(0).replace("000000005001", "000000005009");
        assertTrue(other.indexOf("5009") < FollowScan.HEAD_BYTES);
        assertEquals(lines.get(0).length(), other.length());
        Files.writeString(file, other + "\n" + lines.get(3) + "\n");
        p = follower.poll();
        assertTrue(p.restarted());
        assertAgrees(file, p);
        assertEquals(TerminalState.SYNTHETIC, p.verdict().state());

        append(file, lines.get(1) + "\n");
        p = follower.poll();
        assertFalse(p.restarted(), "a plain append after a restart is followed on");
        assertAgrees(file, p);
    }

    private static void append(Path file, String text) throws Exception {
        Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }

    /** The follower's index equals a fresh pass over the file's bytes up to its last complete line, in a file of the same name. */
    private void assertAgrees(Path file, TranscriptFollower.Poll p) throws Exception {
        byte[] all = Files.readAllBytes(file);
        int end = all.length;
        while (end > 0 && all[end - 1] != '\n') {
            end--;
        }
        assertEquals(all.length - end, p.heldBytes(), "held back: the torn last line");
        Path copy = Files.createTempDirectory(dir, "fresh").resolve(file.getFileName());
        Files.write(copy, Arrays.copyOf(all, end));
        TranscriptIndex fresh = TranscriptPass.run(copy);
        TranscriptIndex followed = p.index();
        assertTrue(followed.complete());
        assertEquals(fresh.size(), followed.size());
        assertEquals(fresh.records(), followed.records());
        assertEquals(fresh.problems(), followed.problems());
        assertEquals(fresh.physicalLines(), followed.physicalLines());
        assertEquals(fresh.bytesIndexed(), followed.bytesIndexed());
        assertEquals(fresh.terminalRow(), followed.terminalRow());
        assertEquals(fresh.sessionId(), followed.sessionId());
        for (int r = 0; r < fresh.size(); r++) {
            assertEquals(fresh.span(r), followed.span(r), "row " + r);
            assertEquals(fresh.flags(r), followed.flags(r), "row " + r);
            assertEquals(fresh.kind(r), followed.kind(r), "row " + r);
            assertEquals(fresh.model(r), followed.model(r), "row " + r);
            assertEquals(fresh.tool(r), followed.tool(r), "row " + r);
            assertEquals(fresh.role(r), followed.role(r), "row " + r);
            assertEquals(fresh.time(r), followed.time(r), "row " + r);
            assertEquals(fresh.pair(r), followed.pair(r), "row " + r);
            assertEquals(fresh.problemMessage(r), followed.problemMessage(r), "row " + r);
        }
        assertEquals(fresh.judgement().terminal(), p.verdict());
        assertEquals(fresh.judgement().calls().size(), followed.judgement().calls().size());
        assertEquals(fresh.judgement().scripts().turns().size(), followed.judgement().scripts().turns().size());
        assertEquals(fresh.judgement().scripts().blocks().size(), followed.judgement().scripts().blocks().size());
    }
}

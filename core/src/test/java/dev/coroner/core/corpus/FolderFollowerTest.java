package dev.coroner.core.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.index.TerminalVerdicts;
import dev.coroner.core.read.FollowScan;
import dev.coroner.core.read.ReadMeter;
import dev.coroner.core.read.TranscriptFile;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.fixtures.Fixtures;
import dev.coroner.fixtures.SpecialFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Following a folder (docs/ARCHITECTURE.md, "Following"): every transcript under it gets its verdict, a transcript that
 * appears later is picked up at the next poll, and no byte of any file is read twice (but the head each poll compares).
 */
class FolderFollowerTest {
    private static final String SESSION = "3c9a1e57-8d2b-4f60-a1c4-5e6f7a8b9c0d";

    @TempDir
    Path dir;

    private final Map<Path, Long> bytesRead = new ConcurrentHashMap<>();
    /** Off while the test itself reads the files to check a verdict. */
    private volatile boolean metering = true;

    @AfterEach
    void uninstall() {
        ReadMeter.install(null);
    }

    @Test
    void aNewSubagentIsPickedUpAndJudgedAndNothingIsReadTwice() throws Exception {
        Path project = Files.createDirectory(dir.resolve("project"));
        Path session = project.resolve(SESSION + ".jsonl");
        Files.copy(Fixtures.path("kinds/" + SESSION + ".jsonl"), session);
        Path subagents = Files.createDirectories(project.resolve(SESSION).resolve("subagents"));
        Path old = subagents.resolve("agent-a2c4e6f8a0b1c3d5.jsonl");
        Files.copy(Fixtures.path("kinds/" + SESSION + "/subagents/agent-a2c4e6f8a0b1c3d5.jsonl"), old);
        meter();

        FolderFollower follower = new FolderFollower(List.of(project), 2);
        FolderFollower.Round r = follower.poll();
        assertEquals(List.of(session, old), r.files().stream().map(FolderFollower.Followed::path).toList(),
                "byte-wise path order, as verdict prints them");
        assertEquals(2, r.changed().size(), "the first poll reports every verdict");
        assertTrue(r.added().isEmpty(), "what is there at the start was not added while followed");
        assertTrue(r.files().stream().noneMatch(FolderFollower.Followed::explicit));
        agreesWithVerdict(r);

        // nothing new: nothing read, nothing changed
        Map<Path, Long> before = Map.copyOf(bytesRead);
        r = follower.poll();
        assertTrue(r.changed().isEmpty());
        assertEquals(before, Map.copyOf(bytesRead), "a poll of unchanged files reads nothing");

        // a sub-agent starts: its prompt and first call; the session's own records go on
        List<String> death = Files.readAllLines(Fixtures.path("terminal/synthetic-context-limit.jsonl"), StandardCharsets.UTF_8);
        Path fresh = subagents.resolve("agent-b0b0b0b0b0b0b0b0.jsonl");
        Files.writeString(fresh, death.get(0) + "\n" + death.get(1) + "\n", StandardCharsets.UTF_8);
        String sessionPrompt = Files.readAllLines(session, StandardCharsets.UTF_8).get(0);
        append(session, sessionPrompt + "\n");
        r = follower.poll();
        assertEquals(List.of(fresh), r.added().stream().map(FolderFollower.Followed::path).toList());
        assertEquals(List.of(session, old, fresh), r.files().stream().map(FolderFollower.Followed::path).toList(),
                "a file that appears is followed after those already followed");
        FolderFollower.Followed added = r.added().get(0);
        assertTrue(added.changed());
        assertTrue(added.grew());
        assertEquals(TerminalState.HEALTHY, added.verdict().state());
        assertTrue(byPath(r, session).grew(), "the session's appended record was read");
        assertFalse(byPath(r, old).grew());
        agreesWithVerdict(r);

        // the harness writes the sub-agent's death
        append(fresh, death.get(2) + "\n" + death.get(3) + "\n");
        r = follower.poll();
        assertEquals(List.of(fresh), r.changed().stream().map(FolderFollower.Followed::path).toList());
        assertTrue(r.added().isEmpty(), "added once only");
        assertEquals(TerminalState.SYNTHETIC, byPath(r, fresh).verdict().state());
        assertTrue(byPath(r, fresh).verdict().dead());
        agreesWithVerdict(r);

        // each file read once; the head kept once, then compared on each poll that found the file grown
        int head = FollowScan.HEAD_BYTES;
        assertEquals(Files.size(session) + 2L * head, bytesRead.get(session), "the session: read, then grew once");
        assertEquals(Files.size(old) + head, bytesRead.get(old), "the old sub-agent: read once, never grew");
        assertEquals(Files.size(fresh) + 2L * head, bytesRead.get(fresh), "the new sub-agent: read, then grew once");
    }

    @Test
    void aPipeInAFolderIsUnreadableWithoutBlockingAndAFileNamedTwiceIsFollowedOnce() throws Exception {
        Path project = Files.createDirectory(dir.resolve("project"));
        Path healthy = project.resolve("a.jsonl");
        Files.copy(Fixtures.path("terminal/healthy.jsonl"), healthy);
        Path pipe = SpecialFiles.fifo(project.resolve("b.jsonl"));
        FolderFollower follower = new FolderFollower(List.of(healthy, project));
        FolderFollower.Round r = assertTimeoutPreemptively(Duration.ofSeconds(10), follower::poll,
                "a pipe is never opened (a guard against a hang, not a measure of speed)");
        assertEquals(List.of(healthy, pipe), r.files().stream().map(FolderFollower.Followed::path).toList());
        assertTrue(byPath(r, healthy).explicit(), "named, so explicit, though its folder was given too");
        FolderFollower.Followed p = byPath(r, pipe);
        assertFalse(p.explicit());
        assertEquals(TerminalState.UNREADABLE, p.verdict().state());
        assertTrue(p.verdict().reason().contains(TranscriptFile.NOT_A_REGULAR_FILE), p.verdict().reason());

        r = assertTimeoutPreemptively(Duration.ofSeconds(10), follower::poll);
        assertTrue(r.changed().isEmpty(), "an unreadable file's row is not repeated: " + r.changed());
    }

    private void meter() {
        ReadMeter.install(new ReadMeter.Reads() {
            @Override
            public void opened(Path path, Object channelId) {
            }

            @Override
            public void read(Path path, Object channelId, long bytes) {
                if (metering) {
                    bytesRead.merge(path.toAbsolutePath().normalize(), bytes, Long::sum);
                }
            }
        });
    }

    private static FolderFollower.Followed byPath(FolderFollower.Round r, Path path) {
        return r.files().stream().filter(f -> f.path().equals(path)).findFirst().orElseThrow();
    }

    /** Each followed verdict is the one {@code coroner verdict} reads from the file's end. */
    private void agreesWithVerdict(FolderFollower.Round r) {
        metering = false;
        for (FolderFollower.Followed f : r.files()) {
            assertEquals(TerminalVerdicts.judge(f.path()), f.verdict(), f.path().toString());
        }
        metering = true;
    }

    private static void append(Path file, String text) throws Exception {
        Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }
}

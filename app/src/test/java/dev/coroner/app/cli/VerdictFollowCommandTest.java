package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.read.TranscriptFile;
import dev.coroner.fixtures.Fixtures;
import dev.coroner.fixtures.SpecialFiles;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/VERDICTS.md, "Command line": {@code coroner verdict --follow} prints a row each time a growing transcript's verdict
 * changes, and follows folders: a transcript that appears under one gets its row.
 */
class VerdictFollowCommandTest {
    private static final long WAIT_SECONDS = 120; // a bound for a loaded machine, never a pace: the test steps the polls

    @TempDir
    Path dir;

    /**
     * The CLI run on its own thread, as a user runs it until Ctrl+C, its polls stepped by the test rather than by a
     * 500 ms clock: after {@link #step()} exactly one more poll has run, whatever the machine's load.
     */
    private static final class Following implements AutoCloseable {
        final StringWriter out = new StringWriter();
        final StringWriter err = new StringWriter();
        final AtomicInteger status = new AtomicInteger(-1);
        final Thread thread;
        private final Semaphore polled = new Semaphore(0);
        private final Semaphore go = new Semaphore(0);

        Following(String... args) throws InterruptedException {
            var cl = CoronerCommand.commandLine(args);
            cl.setOut(new PrintWriter(out, true));
            cl.setErr(new PrintWriter(err, true));
            ((VerdictCommand) cl.getSubcommands().get("verdict").getCommand()).pause = () -> {
                polled.release(); // a poll has printed all it will
                go.acquire();
            };
            thread = new Thread(() -> status.set(CoronerCommand.execute(cl, args)), "verdict --follow");
            thread.start();
            awaitPoll(); // the first rows
        }

        private void awaitPoll() throws InterruptedException {
            assertTrue(polled.tryAcquire(WAIT_SECONDS, TimeUnit.SECONDS), "no poll ended; rows so far: " + rows()
                    + " stderr: " + err);
        }

        /** Lets exactly one more poll run, and waits until it has printed. */
        List<String> step() throws InterruptedException {
            go.release();
            awaitPoll();
            return rows();
        }

        List<String> rows() {
            return out.toString().lines().filter(l -> !l.startsWith("    ")).toList();
        }

        /** Ctrl+C: stops the loop; the status it ended with. */
        int stop() throws InterruptedException {
            thread.interrupt();
            thread.join(WAIT_SECONDS * 1000);
            assertFalse(thread.isAlive());
            return status.get();
        }

        @Override
        public void close() throws InterruptedException {
            if (thread.isAlive()) {
                stop();
            }
        }
    }

    @Test
    void aRowIsPrintedOnceAndAgainWhenTheVerdictChangesUpToTheDeath() throws Exception {
        List<String> lines = Files.readAllLines(Fixtures.path("terminal/synthetic-context-limit.jsonl"), StandardCharsets.UTF_8);
        Path file = dir.resolve("session.jsonl");
        Files.writeString(file, lines.get(0) + "\n");
        try (Following f = new Following("verdict", "--follow", file.toString())) {
            assertEquals(1, f.rows().size(), f.rows().toString());
            assertTrue(f.rows().get(0).startsWith("EMPTY"), f.rows().toString());

            append(file, lines.get(1) + "\n");
            List<String> rows = f.step();
            assertEquals(2, rows.size(), rows.toString());
            assertTrue(rows.get(1).startsWith("HEALTHY"), rows.toString());
            String result = lines.get(2);
            append(file, result.substring(0, 100)); // torn: waits, no row, no problem
            assertEquals(rows, f.step(), "a torn line is not judged");
            assertTrue(f.err.toString().contains("still being written"), f.err.toString());
            append(file, result.substring(100) + "\n");
            assertEquals(rows, f.step(), "the whole result changes nothing: still HEALTHY");
            append(file, lines.get(3) + "\n"); // the harness writes the death
            rows = f.step();
            assertEquals(3, rows.size(), rows.toString());
            assertTrue(rows.get(2).startsWith("SYNTHETIC  CONTEXT_LIMIT"), rows.toString());
            f.step();
            assertEquals(3, f.step().size(), "an unchanged verdict prints no new row: " + f.rows());
            assertEquals(ExitStatus.FINDINGS, f.stop(), "the agent died");
        }
    }

    @Test
    void jsonRowsHaveTheVerdictKeys() throws Exception {
        Path file = dir.resolve("session.jsonl");
        Files.copy(Fixtures.path("terminal/synthetic-context-limit.jsonl"), file);
        try (Following f = new Following("verdict", "--follow", "--json", file.toString())) {
            String row = f.rows().get(0);
            assertTrue(row.startsWith("{\"path\":") && row.contains("\"state\":\"SYNTHETIC\""), row);
        }
    }

    @Test
    void aFollowedFolderPrintsItsRowsInOrderThenARowForEachNewTranscriptAndEachChange() throws Exception {
        String session = "3c9a1e57-8d2b-4f60-a1c4-5e6f7a8b9c0d";
        Path project = Files.createDirectory(dir.resolve("project"));
        Files.copy(Fixtures.path("kinds/" + session + ".jsonl"), project.resolve(session + ".jsonl"));
        Path subagents = Files.createDirectories(project.resolve(session).resolve("subagents"));
        Files.copy(Fixtures.path("kinds/" + session + "/subagents/agent-a2c4e6f8a0b1c3d5.jsonl"),
                subagents.resolve("agent-a2c4e6f8a0b1c3d5.jsonl"));
        Path pipe = SpecialFiles.fifo(project.resolve("pipe.jsonl"));
        List<String> death = Files.readAllLines(Fixtures.path("terminal/synthetic-context-limit.jsonl"), StandardCharsets.UTF_8);
        try (Following f = new Following("verdict", "--follow", project.toString())) {
            List<String> rows = f.rows();
            assertEquals(3, rows.size(), rows.toString());
            assertTrue(rows.get(0).endsWith(session + ".jsonl"), rows.toString());
            assertTrue(rows.get(1).endsWith("agent-a2c4e6f8a0b1c3d5.jsonl"), rows.toString());
            assertTrue(rows.get(2).startsWith("UNREADABLE") && rows.get(2).endsWith("pipe.jsonl"),
                    "a pipe in a folder keeps its row, and is never opened: " + rows);
            assertTrue(f.out.toString().contains(TranscriptFile.NOT_A_REGULAR_FILE), f.out.toString());

            // a sub-agent starts while followed, then dies of a harness-written error
            Path fresh = subagents.resolve("agent-b0b0b0b0b0b0b0b0.jsonl");
            Files.writeString(fresh, death.get(0) + "\n" + death.get(1) + "\n", StandardCharsets.UTF_8);
            rows = f.step();
            assertEquals(4, rows.size(), rows.toString());
            assertTrue(rows.get(3).startsWith("HEALTHY") && rows.get(3).endsWith("agent-b0b0b0b0b0b0b0b0.jsonl"),
                    "the new transcript gets its row: " + rows);
            append(fresh, death.get(2) + "\n" + death.get(3) + "\n");
            rows = f.step();
            assertEquals(5, rows.size(), rows.toString());
            assertTrue(rows.get(4).startsWith("SYNTHETIC  CONTEXT_LIMIT") && rows.get(4).endsWith("agent-b0b0b0b0b0b0b0b0.jsonl"),
                    rows.toString());
            assertEquals(ExitStatus.FINDINGS, f.stop(), "a sub-agent died; the pipe was found in a folder, not named");
        }
    }

    @Test
    void severalPathsAreFollowedAndAnUnreadableOneNamedEndsItWithItsRow() throws Exception {
        Path a = dir.resolve("a.jsonl");
        Files.copy(Fixtures.path("terminal/healthy.jsonl"), a);
        Path b = dir.resolve("b.jsonl");
        Files.copy(Fixtures.path("terminal/synthetic-context-limit.jsonl"), b);
        try (Following f = new Following("verdict", "--follow", "--json", b.toString(), a.toString())) {
            List<String> rows = f.rows();
            assertEquals(2, rows.size(), rows.toString());
            assertTrue(rows.get(0).startsWith("{\"path\":\"" + b) && rows.get(0).contains("\"state\":\"SYNTHETIC\""), rows.toString());
            assertTrue(rows.get(1).startsWith("{\"path\":\"" + a) && rows.get(1).contains("\"state\":\"HEALTHY\""), rows.toString());
        }
        CliRun missing = CliRun.of("verdict", "--follow", a.toString(), dir.resolve("none.jsonl").toString());
        assertEquals(2, missing.status(), "a file named that cannot be read is bad input, as without --follow");
        assertTrue(missing.out().startsWith("HEALTHY") && missing.out().contains("UNREADABLE"), missing.out());
        CliRun pipe = CliRun.of("verdict", "--follow", SpecialFiles.fifo(dir.resolve("pipe.jsonl")).toString());
        assertEquals(2, pipe.status());
        assertTrue(pipe.out().contains(TranscriptFile.NOT_A_REGULAR_FILE), pipe.out());
    }

    @Test
    void ctrlCEndsItWithTheStatusOfWhatItSawNot130() throws Exception {
        Path dead = dir.resolve("dead.jsonl");
        Files.copy(Fixtures.path("terminal/synthetic-context-limit.jsonl"), dead);
        Process p = ChildJvm.java().withCtrlC().start("verdict", "--follow", dead.toString());
        p.getOutputStream().close();
        // the first row says the loop runs (and its Ctrl+C handler is in place); then a real SIGINT, as a terminal sends
        var out = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String first = out.readLine();
        assertTrue(first != null && first.startsWith("SYNTHETIC  CONTEXT_LIMIT"), "first row: " + first);
        assertEquals(0, new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor());
        ChildJvm.Result r = ChildJvm.finish(p);
        assertEquals(ExitStatus.FINDINGS, r.status(), "it saw a death, as verdict would: " + r.errText());
        assertEquals("", r.errText());
    }

    private static void append(Path file, String text) throws Exception {
        Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }
}

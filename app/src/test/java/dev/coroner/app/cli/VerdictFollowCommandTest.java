package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.fixtures.Fixtures;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/VERDICTS.md, "Command line": {@code coroner verdict --follow} prints a row each time a growing transcript's verdict changes. */
class VerdictFollowCommandTest {
    private static final long WAIT_MILLIS = 20_000; // a bound for a loaded machine, not a speed claim

    @TempDir
    Path dir;

    /** The CLI run on its own thread, as a user runs it until Ctrl+C. */
    private static final class Following implements AutoCloseable {
        final StringWriter out = new StringWriter();
        final StringWriter err = new StringWriter();
        final AtomicInteger status = new AtomicInteger(-1);
        final Thread thread;

        Following(String... args) {
            var cl = CoronerCommand.commandLine();
            cl.setOut(new PrintWriter(out, true));
            cl.setErr(new PrintWriter(err, true));
            thread = new Thread(() -> status.set(CoronerCommand.execute(cl, args)), "verdict --follow");
            thread.start();
        }

        List<String> rows() {
            return out.toString().lines().filter(l -> !l.startsWith("    ")).toList();
        }

        /** Waits (bounded) until the rows printed satisfy {@code done}. */
        List<String> await(Predicate<List<String>> done) throws InterruptedException {
            long end = System.nanoTime() + WAIT_MILLIS * 1_000_000;
            while (!done.test(rows())) {
                assertTrue(System.nanoTime() < end, "rows so far: " + rows() + " stderr: " + err);
                Thread.sleep(20);
            }
            return rows();
        }

        /** Ctrl+C: stops the loop; the status it ended with. */
        int stop() throws InterruptedException {
            thread.interrupt();
            thread.join(WAIT_MILLIS);
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
            assertTrue(f.await(r -> r.size() == 1).get(0).startsWith("EMPTY"), f.rows().toString());

            Thread writer = new Thread(() -> {
                try {
                    append(file, lines.get(1) + "\n");
                    Thread.sleep(700);
                    String result = lines.get(2);
                    append(file, result.substring(0, 100)); // torn: waits, no row, no problem
                    Thread.sleep(700);
                    append(file, result.substring(100) + "\n");
                    Thread.sleep(700);
                    append(file, lines.get(3) + "\n"); // the harness writes the death
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            writer.start();
            List<String> rows = f.await(r -> r.size() == 3);
            writer.join(WAIT_MILLIS);
            assertTrue(rows.get(1).startsWith("HEALTHY"), rows.toString());
            assertTrue(rows.get(2).startsWith("SYNTHETIC  CONTEXT_LIMIT"), rows.toString());
            assertTrue(f.err.toString().contains("still being written"), f.err.toString());
            Thread.sleep(2 * VerdictFollow.POLL_MILLIS);
            assertEquals(3, f.rows().size(), "an unchanged verdict prints no new row: " + f.rows());
            assertEquals(ExitStatus.FINDINGS, f.stop(), "the agent died");
        }
    }

    @Test
    void jsonRowsHaveTheVerdictKeys() throws Exception {
        Path file = dir.resolve("session.jsonl");
        Files.copy(Fixtures.path("terminal/synthetic-context-limit.jsonl"), file);
        try (Following f = new Following("verdict", "--follow", "--json", file.toString())) {
            String row = f.await(r -> r.size() == 1).get(0);
            assertTrue(row.startsWith("{\"path\":") && row.contains("\"state\":\"SYNTHETIC\""), row);
        }
    }

    @Test
    void moreThanOnePathOrAFolderIsBadUsage() throws Exception {
        Path file = dir.resolve("a.jsonl");
        Files.writeString(file, "");
        CliRun two = CliRun.of("verdict", "--follow", file.toString(), file.toString());
        assertEquals(2, two.status());
        assertTrue(two.err().contains("--follow follows one transcript file"), two.err());
        CliRun folder = CliRun.of("verdict", "--follow", dir.toString());
        assertEquals(2, folder.status());
        assertTrue(folder.err().contains("not a folder"), folder.err());
        CliRun missing = CliRun.of("verdict", "--follow", dir.resolve("none.jsonl").toString());
        assertEquals(2, missing.status());
        assertTrue(missing.out().startsWith("UNREADABLE"), missing.out());
    }

    private static void append(Path file, String text) throws Exception {
        Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }
}

package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.corpus.CancelToken;
import dev.coroner.core.corpus.InOrder;
import dev.coroner.fixtures.Fixtures;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * docs/VERDICTS.md, "Command line": a crash is not a death. Coroner failing inside exits 3 with one line on stderr, a lost
 * output exits 4 with one line; neither prints a stack trace, and neither reads as a verdict (0, 1 or 2).
 */
class InternalErrorTest {
    private static final String HEALTHY = Fixtures.path("terminal/healthy.jsonl").toString();

    /** A subcommand that runs {@code body}: the stand-in for a bug anywhere below a command. */
    @Command(name = "fail")
    private static final class Failing implements Callable<Integer> {
        private final Callable<Integer> body;

        Failing(Callable<Integer> body) {
            this.body = body;
        }

        @Override
        public Integer call() throws Exception {
            return body.call();
        }
    }

    private static Callable<Integer> throwing(Supplier<Throwable> failure) {
        return () -> {
            Throwable t = failure.get();
            if (t instanceof Exception e) {
                throw e;
            }
            throw (Error) t;
        };
    }

    private static CliRun runFailing(Callable<Integer> body) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = CoronerCommand.commandLine();
        cl.addSubcommand("fail", new Failing(body));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int status = CoronerCommand.execute(cl, "fail");
        return new CliRun(status, out.toString(), err.toString());
    }

    private static void assertOneLineNoTrace(CliRun r, String startsWith) {
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith(startsWith), r.err());
        assertFalse(r.err().contains("at dev.coroner"), r.err());
        assertFalse(r.err().contains("\tat "), r.err());
    }

    @Test
    void aBugExitsThreeWithOneLineNamingIt() {
        CliRun r = runFailing(throwing(() -> new IllegalStateException("a pairing went wrong")));
        assertEquals(ExitStatus.INTERNAL_ERROR, r.status());
        assertOneLineNoTrace(r, "coroner: internal error: java.lang.IllegalStateException: a pairing went wrong; "
                + "this is a bug in Coroner (set CORONER_STACK_TRACES=1 for details)");
    }

    @Test
    void runningOutOfMemoryExitsThreeAndSaysWhatToDo() {
        CliRun r = runFailing(throwing(() -> new OutOfMemoryError("Java heap space")));
        assertEquals(ExitStatus.INTERNAL_ERROR, r.status());
        assertOneLineNoTrace(r,
                "coroner: internal error: out of memory (Java heap space); give it more heap (CORONER_JAVA_OPTS=-Xmx4g)");
    }

    @Test
    void aRealStackOverflowExitsThree() {
        CliRun r = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> runFailing(() -> deeper(0)));
        assertEquals(ExitStatus.INTERNAL_ERROR, r.status());
        assertOneLineNoTrace(r, "coroner: internal error: stack overflow");
    }

    private static int deeper(int n) {
        return deeper(n + 1) + 1;
    }

    @Test
    void aFailureOnTheJudgingPoolReachesTheSameLine() {
        CliRun r = runFailing(() -> {
            InOrder.map(List.of(1, 2, 3, 4, 5), 4, i -> {
                if (i == 3) {
                    throw new OutOfMemoryError("Java heap space");
                }
                return i;
            }, (i, v) -> { }, CancelToken.NEVER);
            return 0;
        });
        assertEquals(ExitStatus.INTERNAL_ERROR, r.status());
        assertOneLineNoTrace(r, "coroner: internal error: out of memory");
    }

    @Test
    void transcriptTextInAFailureIsEscaped() {
        CliRun r = runFailing(throwing(() -> new IllegalArgumentException("bad id \u001b[2J\u202eevil")));
        assertEquals(ExitStatus.INTERNAL_ERROR, r.status());
        assertFalse(r.err().contains("\u001b") || r.err().contains("\u202e"), r.err());
    }

    /** A stream that fails as a full disk does. */
    private static OutputStream failing(String why) {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException(why);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                throw new IOException(why);
            }
        };
    }

    private static CliRun runWritingTo(PrintWriter out, String... args) {
        StringWriter err = new StringWriter();
        CommandLine cl = CoronerCommand.commandLine();
        cl.setOut(out);
        cl.setErr(new PrintWriter(err, true));
        return new CliRun(CoronerCommand.execute(cl, args), "", err.toString());
    }

    @Test
    void aFullDiskIsAnErrorWithItsCauseNotASilentZero() {
        for (String command : List.of("verdict", "scripts")) {
            CliRun r = runWritingTo(new WatchedWriter(failing("No space left on device")), command, HEALTHY);
            assertEquals(ExitStatus.OUTPUT_FAILED, r.status(), command);
            assertOneLineNoTrace(r, "coroner: cannot write the output: No space left on device; nothing more was printed");
        }
        CliRun json = runWritingTo(new WatchedWriter(failing("No space left on device")), "verdict", "--json", HEALTHY);
        assertEquals(ExitStatus.OUTPUT_FAILED, json.status());
    }

    @Test
    void anyWriterThatFailsIsNoticedEvenWithoutItsCause() {
        CliRun r = runWritingTo(new PrintWriter(failing("gone"), true), "verdict", HEALTHY);
        assertEquals(ExitStatus.OUTPUT_FAILED, r.status());
        assertOneLineNoTrace(r, "coroner: cannot write the output: the output could not be written");
    }

    @Test
    void helpTextThatCannotBeWrittenIsNoticedToo() {
        CliRun r = runWritingTo(new WatchedWriter(failing("No space left on device")), "verdict", "--help");
        assertEquals(ExitStatus.OUTPUT_FAILED, r.status());
        assertOneLineNoTrace(r, "coroner: cannot write the output: No space left on device");
    }

    @Test
    void aClosedPipeEndsQuietlyWithTheOutputStatus() {
        CliRun r = runWritingTo(new WatchedWriter(failing("Broken pipe")), "verdict", HEALTHY);
        assertEquals(ExitStatus.OUTPUT_FAILED, r.status());
        assertEquals("", r.err());
    }

    @Test
    void theLauncherWritingToDevFullExitsFourAndSaysSo() throws Exception {
        // the real process: System.out would swallow the failure, the command line's own standard output does not
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "dev.coroner.app.Main", "verdict", HEALTHY)
                .redirectOutput(new File("/dev/full"))
                .start();
        String err = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
        assertEquals(ExitStatus.OUTPUT_FAILED, p.waitFor());
        assertEquals("coroner: cannot write the output: No space left on device; nothing more was printed\n", err);
    }
}

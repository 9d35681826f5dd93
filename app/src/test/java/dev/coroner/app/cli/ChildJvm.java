package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The command line as a user runs it: its own JVM ({@code dev.coroner.app.Main} on this test's class path), for what
 * an in-process run cannot show — the locale the JVM starts in, a signal, the powers of the process.
 */
final class ChildJvm {
    private static final long BOUND_SECONDS = 120; // a bound for a loaded machine, not a speed claim

    /** What the process printed, as bytes (file names are bytes), and how it exited. */
    record Result(int status, byte[] out, byte[] err) {
        String outText() {
            return new String(out, StandardCharsets.UTF_8);
        }

        String errText() {
            return new String(err, StandardCharsets.UTF_8);
        }
    }

    private final List<String> prefix = new ArrayList<>();
    private final Map<String, String> env = new java.util.HashMap<>();
    private final List<String> jvmOptions = new ArrayList<>();

    /** A JVM in a UTF-8 locale, whatever this one's is. */
    static ChildJvm java() {
        ChildJvm jvm = new ChildJvm();
        jvm.env.put("LC_ALL", "C.UTF-8");
        return jvm;
    }

    /** Runs it in the C locale, as cron and most containers do: no UTF-8 anywhere in the environment. */
    ChildJvm inTheCLocale() {
        env.put("LANG", "C");
        env.put("LC_ALL", "C");
        env.put("LC_CTYPE", "C");
        return this;
    }

    /**
     * Runs it with Ctrl+C's signal handled as a terminal's foreground program has it. A program started in the
     * background by a shell without job control (`.ci/run &` in a script) inherits SIGINT ignored, and a JVM that
     * inherits it so neither sees it nor lets a program catch it: a test of what Ctrl+C does would then wait in vain.
     */
    ChildJvm withCtrlC() {
        if (Files.isExecutable(Path.of("/usr/bin/env"))) {
            prefix.addAll(List.of("/usr/bin/env", "--default-signal=INT"));
        }
        return this;
    }

    ChildJvm option(String jvmOption) {
        jvmOptions.add(jvmOption);
        return this;
    }

    /**
     * Runs it without the power to read what its mode forbids. A user has none; root has it (CAP_DAC_OVERRIDE and
     * CAP_DAC_READ_SEARCH), so for root it is dropped from the bounding set with util-linux's {@code setpriv}.
     */
    ChildJvm withoutReadingPower(Path forbidden) {
        if (Files.isReadable(forbidden) && Files.isExecutable(forbidden)) {
            assertTrue(Files.isExecutable(Path.of("/usr/bin/setpriv")),
                    "running as root: setpriv (util-linux) is needed to drop the power to read a mode-000 folder");
            prefix.addAll(List.of("/usr/bin/setpriv", "--bounding-set=-dac_override,-dac_read_search", "--"));
        }
        return this;
    }

    Process start(String... args) throws IOException {
        List<String> command = new ArrayList<>(prefix);
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(List.of("-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                "dev.coroner.app.Main"));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().keySet().removeIf(k -> k.startsWith("LC_") || k.equals("LANG") || k.equals("LANGUAGE"));
        pb.environment().putAll(env);
        return pb.start();
    }

    Result run(String... args) throws Exception {
        Process p = start(args);
        p.getOutputStream().close();
        return finish(p);
    }

    static Result finish(Process p) throws Exception {
        CompletableFuture<byte[]> out = drain(p.getInputStream());
        CompletableFuture<byte[]> err = drain(p.getErrorStream());
        assertTrue(p.waitFor(BOUND_SECONDS, TimeUnit.SECONDS), "the child JVM did not end");
        return new Result(p.exitValue(), out.get(), err.get());
    }

    private static CompletableFuture<byte[]> drain(InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try (in) {
                return in.readAllBytes();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }, r -> new Thread(r, "child JVM output").start()); // never the common pool: it may have one thread
    }
}

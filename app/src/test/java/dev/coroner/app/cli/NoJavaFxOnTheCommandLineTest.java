package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.fixtures.Fixtures;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/ARCHITECTURE.md, "Modules": the command line never starts (or even loads) the FX toolkit. The CLI runs in a fresh class loader
 * that records every class it loads; none may be a JavaFX class.
 */
class NoJavaFxOnTheCommandLineTest {

    static final class RecordingLoader extends URLClassLoader {
        final List<String> loaded = Collections.synchronizedList(new ArrayList<>());

        RecordingLoader(URL[] urls) {
            super(urls, ClassLoader.getPlatformClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            loaded.add(name);
            return super.loadClass(name, resolve);
        }
    }

    /** What one CLI run in a fresh recording class loader printed and loaded. */
    record Run(Object status, String out, List<String> loaded) {
    }

    static Run run(String... args) throws Exception {
        return run(new StringWriter(), args);
    }

    /** @param out where the command prints, readable while it runs */
    static Run run(StringWriter out, String... args) throws Exception {
        List<URL> urls = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            urls.add(java.nio.file.Path.of(entry).toUri().toURL());
        }
        try (RecordingLoader loader = new RecordingLoader(urls.toArray(URL[]::new))) {
            Class<?> command = loader.loadClass(CoronerCommand.class.getName());
            Object cl = command.getMethod("commandLine").invoke(null);
            cl.getClass().getMethod("setOut", PrintWriter.class).invoke(cl, new PrintWriter(out));
            cl.getClass().getMethod("setErr", PrintWriter.class).invoke(cl, new PrintWriter(new StringWriter()));
            Object status = cl.getClass().getMethod("execute", String[].class).invoke(cl, (Object) args);
            return new Run(status, out.toString(), List.copyOf(loader.loaded));
        }
    }

    @Test
    void verdictLoadsNoJavaFxClass() throws Exception {
        Run r = run("verdict", "--json", Fixtures.demoCorpus().toString());
        assertEquals(1, r.status());
        assertTrue(r.out().contains("SYNTHETIC"));
        assertTrue(r.loaded().stream().anyMatch(n -> n.startsWith("dev.coroner.core.")), "the CLI ran in the loader");
        assertEquals(List.of(), r.loaded().stream().filter(n -> n.startsWith("javafx.")).toList());
    }

    @Test
    void verdictFollowLoadsNoJavaFxClass() throws Exception {
        java.nio.file.Path file = java.nio.file.Files.createTempDirectory("coroner-follow").resolve("s.jsonl");
        java.nio.file.Files.copy(Fixtures.path("terminal/synthetic-context-limit.jsonl"), file);
        Run[] result = new Run[1];
        StringWriter out = new StringWriter();
        Thread t = new Thread(() -> {
            try {
                result[0] = run(out, "verdict", "--follow", file.toString());
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        t.start();
        long end = System.nanoTime() + 20_000_000_000L; // a bound for a loaded machine, not a speed claim
        while (!out.toString().startsWith("SYNTHETIC") && System.nanoTime() < end) {
            Thread.sleep(20);
        }
        Thread.sleep(2 * VerdictFollow.POLL_MILLIS); // let it poll again, then Ctrl+C
        t.interrupt();
        t.join(20_000);
        assertEquals(1, result[0].status());
        assertTrue(result[0].out().startsWith("SYNTHETIC"), result[0].out());
        assertTrue(result[0].loaded().stream().anyMatch(n -> n.startsWith("dev.coroner.core.index.TranscriptFollower")));
        assertEquals(List.of(), result[0].loaded().stream().filter(n -> n.startsWith("javafx.")).toList());
        java.nio.file.Files.delete(file);
        java.nio.file.Files.delete(file.getParent());
    }

    @Test
    void scriptsLoadsNoJavaFxClass() throws Exception {
        Run r = run("scripts", "--json", Fixtures.path("scripts").toString());
        assertEquals(0, r.status());
        assertTrue(r.out().contains("\"label\":\"ok\""));
        assertTrue(r.loaded().stream().anyMatch(n -> n.startsWith("dev.coroner.core.scripts.")), "the CLI ran in the loader");
        assertEquals(List.of(), r.loaded().stream().filter(n -> n.startsWith("javafx.")).toList());
    }

    @Test
    void proposeLoadsNoJavaFxClass() throws Exception {
        Run r = run("propose", "--json", Fixtures.path("propose").toString());
        assertEquals(0, r.status());
        assertTrue(r.out().contains("\"kind\":\"proposal\""));
        assertTrue(r.loaded().stream().anyMatch(n -> n.startsWith("dev.coroner.core.precursor.Proposer")), "the CLI ran in the loader");
        assertEquals(List.of(), r.loaded().stream().filter(n -> n.startsWith("javafx.")).toList());
    }

    @Test
    void reportLoadsNoJavaFxClass() throws Exception {
        java.nio.file.Path out = java.nio.file.Files.createTempDirectory("coroner-report").resolve("r.html");
        Run r = run("report", "--out", out.toString(), Fixtures.demoCorpus().toString());
        assertEquals(1, r.status());
        assertTrue(java.nio.file.Files.readString(out).contains("SYNTHETIC"));
        assertTrue(r.loaded().stream().anyMatch(n -> n.startsWith("dev.coroner.core.report.")), "the CLI ran in the loader");
        assertEquals(List.of(), r.loaded().stream().filter(n -> n.startsWith("javafx.")).toList());
        java.nio.file.Files.delete(out);
        java.nio.file.Files.delete(out.getParent());
    }
}

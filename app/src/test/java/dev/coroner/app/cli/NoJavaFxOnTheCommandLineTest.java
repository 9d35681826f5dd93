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
 * DESIGN §1: the command line never starts (or even loads) the FX toolkit. The CLI runs in a fresh class loader
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

    @Test
    void verdictLoadsNoJavaFxClass() throws Exception {
        List<URL> urls = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            urls.add(java.nio.file.Path.of(entry).toUri().toURL());
        }
        try (RecordingLoader loader = new RecordingLoader(urls.toArray(URL[]::new))) {
            Class<?> command = loader.loadClass(CoronerCommand.class.getName());
            Object cl = command.getMethod("commandLine").invoke(null);
            StringWriter out = new StringWriter();
            cl.getClass().getMethod("setOut", PrintWriter.class).invoke(cl, new PrintWriter(out));
            cl.getClass().getMethod("setErr", PrintWriter.class).invoke(cl, new PrintWriter(new StringWriter()));
            Object status = cl.getClass().getMethod("execute", String[].class)
                    .invoke(cl, (Object) new String[] {"verdict", "--json", Fixtures.demoCorpus().toString()});
            assertEquals(1, status);
            assertTrue(out.toString().contains("SYNTHETIC"));
            assertTrue(loader.loaded.stream().anyMatch(n -> n.startsWith("dev.coroner.core.")), "the CLI ran in the loader");
            assertEquals(List.of(), loader.loaded.stream().filter(n -> n.startsWith("javafx.")).toList());
        }
    }
}

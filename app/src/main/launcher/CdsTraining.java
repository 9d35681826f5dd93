import java.lang.reflect.Method;
import java.nio.file.Path;

/**
 * Build time only, never shipped: the package phase compiles this next to coroner.jar and runs it once with
 * {@code -XX:DumpLoadedClassList}, so the list names every class the command line loads; the JVM then dumps
 * those classes into the class-data-sharing archive {@code coroner.jsa} that the launchers pass to {@code java}.
 *
 * <p>The last run draws the window ({@code coroner snapshot} of the demo corpus), so the archive holds the window's
 * classes too. The build lists what {@code java -jar coroner.jar --version} loads in a second run, so the archive also holds
 * what the {@code java} launcher needs to start the jar's {@code Main}.
 *
 * <p>It runs the subcommands in one JVM through {@code CoronerCommand.commandLine()} rather than through
 * {@code Main}, which would end the JVM after the first (and exit 1 on the fixtures' dead transcripts, which
 * the build would log as an error). Reflection keeps the build from depending on that method at compile time:
 * if it is renamed, this run fails, the build warns, and the launchers start without an archive.
 *
 * <p>Argument: the bundled fixtures folder. Exit status 0 unless the command line could not be reached.
 */
public final class CdsTraining {
    private CdsTraining() {
    }

    public static void main(String[] args) throws Exception {
        Path fixtures = Path.of(args[0]);
        String fx = fixtures.toString();
        String demo = fixtures.resolve("demo").toString();
        String grammar = fixtures.resolve("precursor").resolve("claude-code.toml").toString();
        String[][] runs = {
            {"verdict", "--json", fx},
            {"precursor", "--grammar", grammar, "--json", fx},
            {"scripts", "--json", fx},
            // the text forms print the same rows: the small demo corpus is enough to load their classes
            {"verdict", demo},
            {"precursor", "--grammar", grammar, demo},
            {"scripts", demo},
            {"--help"},
            {"verdict", "--help"},
            {"--version"},
            {"verdict", fixtures.resolve("no such file.jsonl").toString()},
            // the window's classes (JavaFX's controls, skins and CSS, our views): a picture of the demo corpus loads
            // most of what the window loads to show its first rows, which starts it about a quarter sooner
            {"snapshot", "--size", "1280x720", "--out", Path.of(System.getProperty("java.io.tmpdir"))
                    .resolve("coroner-cds-training-" + ProcessHandle.current().pid() + ".png").toString(), demo},
        };
        Method commandLine = Class.forName("dev.coroner.app.cli.CoronerCommand").getMethod("commandLine");
        for (String[] run : runs) {
            // a fresh command line per run, as each JVM the launcher starts has
            long start = System.nanoTime();
            Object cl = commandLine.invoke(null);
            Object status = cl.getClass().getMethod("execute", String[].class).invoke(cl, (Object) run);
            System.out.flush();
            System.err.printf("cds training: coroner %s -> exit status %s, %d ms%n", String.join(" ", run), status,
                    (System.nanoTime() - start) / 1_000_000);
        }
        java.nio.file.Files.deleteIfExists(Path.of(runs[runs.length - 1][4]));
        System.exit(0); // as Main does: no worker thread keeps this JVM (and the build) waiting
    }
}

package dev.coroner.app.cli;

import dev.coroner.app.launch.WindowFrontend;
import dev.coroner.app.launch.WindowRequest;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code coroner [FILE|DIR…]} opens the workbench (on the demo corpus when nothing is named); the subcommands
 * print verdicts without starting the FX toolkit (docs/VERDICTS.md, "Command line").
 */
@Command(name = "coroner", mixinStandardHelpOptions = true, versionProvider = CoronerVersion.class,
        description = {"Forensics for AI-agent run transcripts (Claude Code JSONL).",
                "With no subcommand, opens the workbench on the given files and folders,",
                "or on the bundled demo corpus when none is given."},
        subcommands = {VerdictCommand.class, PrecursorCommand.class, ScriptsCommand.class, ReportCommand.class,
                SnapshotCommand.class})
public final class CoronerCommand implements Callable<Integer> {
    /** Returned when the window opened: the JVM then lives until the window closes. */
    public static final int WINDOW_OPENED = -1;

    @Parameters(arity = "0..*", paramLabel = "PATH", description = "Transcript files or folders to open.")
    List<Path> paths = new ArrayList<>();

    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new CoronerCommand());
        cl.setOut(new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true));
        cl.setErr(new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true));
        return cl;
    }

    @Spec
    CommandSpec spec;

    /** Where the window comes from: loaded by name, only when it is asked for; a test puts a stand-in here. */
    Supplier<WindowFrontend> frontend = WindowFrontend::load;

    @Override
    public Integer call() {
        try {
            frontend.get().open(new WindowRequest(paths));
        } catch (RuntimeException | LinkageError e) {
            // The toolkit could not start: no display, or no GTK 3 on this Linux machine. Say what to do, once.
            new Output(spec).note("cannot open the window: " + Objects.requireNonNullElse(e.getMessage(), e.toString())
                    + ". The window needs a display and GTK 3 (Debian/Ubuntu: apt-get install libgtk-3-0); "
                    + "verdict, precursor, scripts and snapshot work without either.");
            return ExitStatus.BAD_INPUT;
        }
        return WINDOW_OPENED;
    }
}

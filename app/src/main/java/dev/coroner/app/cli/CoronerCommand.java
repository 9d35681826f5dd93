package dev.coroner.app.cli;

import dev.coroner.app.launch.WindowFrontend;
import dev.coroner.app.launch.WindowRequest;
import dev.coroner.core.text.EditDistance;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
                "With no subcommand, opens the workbench on the given files and folders, or on the bundled demo "
                        + "corpus when none is given."})
public final class CoronerCommand implements Callable<Integer> {
    /** Returned when the window opened: the JVM then lives until the window closes. */
    public static final int WINDOW_OPENED = -1;

    @Parameters(arity = "0..*", paramLabel = "PATH", description = "Transcript files or folders to open, or a workspace (a file named *.coroner.json).")
    List<Path> paths = new ArrayList<>();

    /** Set (to anything) in the environment, an internal error also prints its stack trace. */
    static final String STACK_TRACES_VARIABLE = "CORONER_STACK_TRACES";

    /**
     * The command line, printing to the process's standard output and error. Standard output is written straight
     * to its file descriptor through a {@link WatchedWriter}: {@code System.out} would hide a failed write.
     */
    public static CommandLine commandLine() {
        return commandLine(new String[0]);
    }

    /**
     * The subcommands, in the order the help lists them. Picocli reads a command's annotations, fields and methods
     * when it is added: making only the one named took its first {@code CommandLine} from 79 ms to 57–67 ms of a short
     * run (docs/ARCHITECTURE.md, "Start fast").
     */
    static final Map<String, Class<?>> SUBCOMMANDS = subcommands();

    private static Map<String, Class<?>> subcommands() {
        Map<String, Class<?>> all = new LinkedHashMap<>(); // classes, not lambdas: picocli makes each as it did
        all.put("verdict", VerdictCommand.class);
        all.put("precursor", PrecursorCommand.class);
        all.put("scripts", ScriptsCommand.class);
        all.put("cost", CostCommand.class);
        all.put("compare", CompareCommand.class);
        all.put("propose", ProposeCommand.class);
        all.put("report", ReportCommand.class);
        all.put("snapshot", SnapshotCommand.class);
        return java.util.Collections.unmodifiableMap(all);
    }

    /**
     * {@link #commandLine()} for {@code args}: when they start with a subcommand's name, only that subcommand is made;
     * otherwise (the window, {@code --help}, a mistyped name) all are, so the help and the errors list every one.
     */
    public static CommandLine commandLine(String... args) {
        CommandLine cl = new CommandLine(new CoronerCommand());
        Class<?> named = args.length > 0 ? SUBCOMMANDS.get(args[0]) : null;
        if (named != null) {
            cl.addSubcommand(args[0], named);
        } else {
            for (Map.Entry<String, Class<?>> s : SUBCOMMANDS.entrySet()) {
                cl.addSubcommand(s.getKey(), s.getValue());
            }
        }
        cl.setOut(new WatchedWriter(new FileOutputStream(FileDescriptor.out)));
        cl.setErr(new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true));
        cl.setExecutionExceptionHandler(new OneLine());
        return cl;
    }

    /**
     * Runs {@code args} on {@code cl} and returns the exit status (docs/VERDICTS.md, "Command line"). Whatever goes wrong
     * inside — an exception, a stack overflow, running out of memory — ends in one line on stderr and its own status,
     * never a stack trace and never a status that reads as a verdict.
     */
    public static int execute(CommandLine cl, String... args) {
        int status;
        try {
            status = cl.execute(args);
        } catch (Throwable e) { // picocli hands Errors through; they end here, as one line
            return failed(cl.getErr(), e);
        }
        boolean said = status == ExitStatus.INTERNAL_ERROR || status == ExitStatus.OUTPUT_FAILED;
        if (status != WINDOW_OPENED && !said && cl.getOut().checkError()) { // help and usage text is written too
            return failed(cl.getErr(), new OutputFailedException(
                    cl.getOut() instanceof WatchedWriter w ? w.failure() : null));
        }
        return status;
    }

    /**
     * What picocli calls when a command throws. A named class, not a lambda: JDK 17's class-data-sharing dump crashes
     * on this lambda's proxy, and the launcher's archive (app/pom.xml) would silently be lost.
     */
    private static final class OneLine implements CommandLine.IExecutionExceptionHandler {
        @Override
        public int handleExecutionException(Exception e, CommandLine commandLine, CommandLine.ParseResult parsed) {
            return failed(commandLine.getErr(), e);
        }
    }

    /**
     * The subcommand a first argument was surely meant to be, or null: a bare word (no folder, no extension) that names
     * nothing on disk and is one or two typing slips from a subcommand's name ({@code verdikt}, {@code reprot}). Such a
     * word is refused with the name, where it would otherwise open the window on a file that is not there; anything
     * that exists, or looks like a path, still opens.
     */
    static String commandMeant(Path first) {
        String word = first.toString();
        if (first.getNameCount() != 1 || word.contains(".") || Files.exists(first)) {
            return null;
        }
        for (String name : SUBCOMMANDS.keySet()) {
            if (EditDistance.of(word.toLowerCase(Locale.ROOT), name) <= 2) {
                return name;
            }
        }
        return null;
    }

    /** Says what failed in one line and returns the status it ends with. */
    static int failed(PrintWriter err, Throwable e) {
        if (e instanceof OutputFailedException o) {
            if (!o.readerWentAway()) {
                note(err, "cannot write the output: " + o.getMessage() + "; nothing more was printed");
            }
            return ExitStatus.OUTPUT_FAILED;
        }
        boolean traces = System.getenv(STACK_TRACES_VARIABLE) != null;
        note(err, "internal error: " + describe(e) + (e instanceof OutOfMemoryError ? "" : "; this is a bug in Coroner")
                + (traces ? "" : " (set " + STACK_TRACES_VARIABLE + "=1 for details)"));
        if (traces) {
            e.printStackTrace(err);
            err.flush();
        }
        return ExitStatus.INTERNAL_ERROR;
    }

    private static String describe(Throwable e) {
        if (e instanceof OutOfMemoryError) {
            return "out of memory (" + e.getMessage() + "); give it more heap (CORONER_JAVA_OPTS=-Xmx4g) "
                    + "or judge fewer files at once";
        }
        if (e instanceof StackOverflowError) {
            return "stack overflow";
        }
        return e.getMessage() == null ? e.getClass().getName() : e.getClass().getName() + ": " + e.getMessage();
    }

    private static void note(PrintWriter err, String note) {
        try {
            err.println("coroner: " + Output.safe(note));
            err.flush();
        } catch (Throwable ignored) { // out of memory again while saying so: the status still tells
        }
    }

    @Spec
    CommandSpec spec;

    /** Where the window comes from: loaded by name, only when it is asked for; a test puts a stand-in here. */
    Supplier<WindowFrontend> frontend = WindowFrontend::load;

    @Override
    public Integer call() {
        String meant = paths.isEmpty() ? null : commandMeant(paths.get(0));
        if (meant != null) {
            new Output(spec).note("'" + paths.get(0) + "' is not a command, nor a file or folder here; did you mean '"
                    + meant + "'? (coroner --help lists the commands)");
            return ExitStatus.BAD_INPUT;
        }
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

package dev.coroner.app.cli;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code coroner snapshot}: renders the workbench window to a PNG without a display (DESIGN §8), with the given
 * transcripts open and the first dead one's terminal record selected. The only subcommand that starts the FX
 * toolkit — headless, through Monocle — and it loads the window by name, so the other commands never load JavaFX.
 */
@Command(name = "snapshot", mixinStandardHelpOptions = true,
        description = {"Renders the workbench window to a PNG, headless (no display needed).",
                "Opens the transcripts and folders given, selects the first dead transcript (or the first one)",
                "and its terminal record, waits until everything is read, and writes the picture."})
public final class SnapshotCommand implements Callable<Integer> {
    static final String RENDERER = "dev.coroner.app.ui.Snapshots";
    /** Headless glass and software rendering: set before any JavaFX class loads. */
    static final List<String[]> HEADLESS = List.of(
            new String[] {"glass.platform", "Monocle"},
            new String[] {"monocle.platform", "Headless"},
            new String[] {"prism.order", "sw"},
            new String[] {"prism.text", "t2k"},
            new String[] {"java.awt.headless", "true"});

    @Option(names = "--out", required = true, paramLabel = "FILE.png", description = "Where to write the PNG.")
    Path out;

    @Option(names = "--grammar", paramLabel = "G.toml", description = "A precursor grammar for the WARN verdicts (default: the bundled Claude Code grammar).")
    Path grammar;

    @Option(names = "--size", paramLabel = "WxH", defaultValue = "1600x1000",
            description = "Window size in pixels (default: ${DEFAULT-VALUE}).")
    String size;

    @Option(names = "--select", paramLabel = "NAME[:LINE]",
            description = {"The transcript to show (its file name, or a path ending so) and optionally a line;",
                    "default: the first dead transcript (or the first), at its terminal record."})
    String select;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Transcript files or folders.")
    List<Path> paths;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Output output = new Output(spec);
        String[] wh = size.toLowerCase(java.util.Locale.ROOT).split("x");
        int width;
        int height;
        try {
            width = Integer.parseInt(wh[0]);
            height = Integer.parseInt(wh[1]);
        } catch (RuntimeException e) {
            output.note("--size wants WIDTHxHEIGHT, e.g. 1600x1000, not " + size);
            return ExitStatus.BAD_INPUT;
        }
        for (Path p : paths) {
            if (!Files.exists(p)) {
                output.note(p + ": no such file or folder");
                return ExitStatus.BAD_INPUT;
            }
        }
        if (grammar != null && !Files.isRegularFile(grammar)) {
            output.note(grammar + ": no such grammar file");
            return ExitStatus.BAD_INPUT;
        }
        for (String[] kv : HEADLESS) {
            System.setProperty(kv[0], kv[1]);
        }
        // the headless screen must hold the whole window, or Monocle overflows its frame buffer
        System.setProperty("headless.geometry", width + "x" + height + "-32");
        Method render = Class.forName(RENDERER).getMethod("render", List.class, Path.class, Path.class,
                String.class, int.class, int.class);
        render.invoke(null, paths, out, grammar, select, width, height);
        output.note("wrote " + out);
        return ExitStatus.CLEAN;
    }
}

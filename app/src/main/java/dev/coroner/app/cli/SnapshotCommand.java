package dev.coroner.app.cli;

import dev.coroner.app.launch.SnapshotRequest;
import dev.coroner.app.launch.WindowFrontend;
import dev.coroner.core.corpus.TranscriptPaths;
import dev.coroner.core.durable.AtomicWrite;
import dev.coroner.core.durable.RegularFiles;
import dev.coroner.core.read.TranscriptFile;
import dev.coroner.core.workspace.WorkspaceFiles;
import dev.coroner.core.workspace.WorkspaceRefusedException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code coroner snapshot}: renders the workbench window to a PNG without a display (docs/VERDICTS.md, "Command line"), with the given
 * transcripts open and the first dead one's terminal record selected. The only subcommand that starts the FX
 * toolkit — headless, through Monocle — and it loads the window by name ({@link WindowFrontend#load()}), so the
 * other commands never load JavaFX.
 */
@Command(name = "snapshot",
        // written out so no line breaks inside a name (picocli's own wrap cuts "G.toml" after its dot);
        // HelpTextTest.aWrittenOutSynopsisNamesEveryOption keeps it whole
        customSynopsis = {"coroner snapshot [-hV] [--allow-outside] [--dark] [--force]",
                "                        [--grammar-panel] [--grammar=G.toml] --out=FILE.png",
                "                        [--select=NAME[:LINE]] [--size=WxH] PATH..."},
        description = {"Renders the workbench window to a PNG, headless (no display needed).",
                "Opens the transcripts and folders given, selects the first dead transcript (or the first one) and "
                        + "its terminal record, waits until everything is read, and writes the picture."})
public final class SnapshotCommand implements Callable<Integer> {
    /**
     * Headless glass and software rendering, as system properties: set before any JavaFX class loads. Also what the
     * test tools that draw without a display set (the cold-window benchmark, the app icon renderer).
     */
    public static final Map<String, String> HEADLESS = Map.of(
            "glass.platform", "Monocle",
            "monocle.platform", "Headless",
            "prism.order", "sw",
            "prism.text", "t2k",
            "java.awt.headless", "true");

    @Option(names = "--out", required = true, paramLabel = "FILE.png",
            description = "Where to write the PNG: never one of the inputs, nor a name ending in .jsonl, unless "
                    + "--force.")
    Path out;

    @Option(names = "--allow-outside", description = "Read the transcripts and grammar a workspace names outside its "
            + "own folder (without it, such a workspace is refused and the files named).")
    boolean allowOutside;

    @Option(names = "--force", description = "Write --out even where it is one of the inputs, or a name ending in .jsonl.")
    boolean force;

    @Option(names = "--grammar", paramLabel = "G.toml", description = "A precursor grammar for the WARN verdicts (default: the bundled Claude Code grammar).")
    Path grammar;

    @Option(names = "--grammar-panel", description = "Show the grammar panel (in the detail panel's place).")
    boolean grammarPanel;

    @Option(names = "--dark", description = "Draw the window in its dark theme (View ▸ Dark theme).")
    boolean dark;

    @Option(names = "--size", paramLabel = "WxH", defaultValue = "1600x1000",
            description = "Window size in pixels (default: ${DEFAULT-VALUE}).")
    String size;

    @Option(names = "--select", paramLabel = "NAME[:LINE]",
            description = "The transcript to show (its file name, or a path ending so) and optionally a line; "
                    + "default: the first dead transcript (or the first), at its terminal record.")
    String select;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Transcript files or folders.")
    List<Path> paths;

    @Mixin
    CommonOptions common;

    @Override
    public Integer call() throws Exception {
        Output output = common.output();
        SnapshotRequest.Size window;
        try {
            window = SnapshotRequest.Size.parse(size);
        } catch (IllegalArgumentException e) {
            output.note("--size wants WIDTHxHEIGHT, e.g. 1600x1000, not " + size);
            return ExitStatus.BAD_INPUT;
        }
        SnapshotRequest.Selection selection;
        try {
            selection = select == null ? null : SnapshotRequest.Selection.parse(select);
        } catch (IllegalArgumentException e) {
            output.note("--select wants NAME or NAME:LINE, e.g. agent-a7b2.jsonl:6, not " + select);
            return ExitStatus.BAD_INPUT;
        }
        for (Path p : paths) {
            if (!Files.exists(p)) {
                output.note(p + ": no such file or folder");
                return ExitStatus.BAD_INPUT;
            }
            if (!Files.isDirectory(p) && !Files.isRegularFile(p)) {
                output.note(p + ": " + TranscriptFile.NOT_A_REGULAR_FILE);
                return ExitStatus.BAD_INPUT;
            }
        }
        if (grammar != null && !Files.exists(grammar)) {
            output.note(grammar + ": no such grammar file");
            return ExitStatus.BAD_INPUT;
        }
        if (grammar != null && !Files.isRegularFile(grammar)) {
            output.note(grammar + ": " + TranscriptFile.NOT_A_REGULAR_FILE);
            return ExitStatus.BAD_INPUT;
        }
        try {
            // before drawing, which takes a while: a pipe or device at --out, a read-only or full folder fail now
            if (Files.isDirectory(out.toAbsolutePath().getParent())) {
                AtomicWrite.probe(out);
            } else {
                RegularFiles.replaceable(out); // the folder is made when the picture is written
            }
        } catch (IOException e) {
            output.note("cannot write " + out + ": " + RegularFiles.reason(e));
            return ExitStatus.OUTPUT_FAILED;
        }
        String refused = workspaceRefusal();
        if (refused != null) {
            output.note(refused);
            return ExitStatus.BAD_INPUT;
        }
        String overwrite = force ? null : overwritesAnInput();
        if (overwrite != null) {
            output.note("--out " + out + " " + overwrite + "; Coroner never writes over what it reads: name another file, "
                    + "or add --force");
            return ExitStatus.BAD_INPUT;
        }
        HEADLESS.forEach(System::setProperty);
        // the headless screen must hold the whole window, or Monocle overflows its frame buffer
        System.setProperty("headless.geometry", window.width() + "x" + window.height() + "-32");
        try {
            WindowFrontend.load().snapshot(new SnapshotRequest(paths, out, grammar, selection, window, grammarPanel, dark));
        } catch (Exception e) {
            for (Throwable c = e; c != null; c = c.getCause()) {
                if (c instanceof SnapshotRequest.NotOpen n) { // known only once the window has listed what is open
                    output.note(n.getMessage());
                    return ExitStatus.BAD_INPUT;
                }
                if (c instanceof SnapshotRequest.NotWritten w) { // a full disk, a read-only folder: the old PNG is whole
                    output.note("cannot write " + out + ": " + w.getMessage());
                    return ExitStatus.OUTPUT_FAILED;
                }
            }
            throw e;
        }
        output.note("wrote " + out);
        return ExitStatus.CLEAN;
    }

    /**
     * Why the workspace among the paths (the first {@code *.coroner.json}, the one the window opens) is not opened, as
     * the window would refuse it, or null: it is torn, newer, malformed, too large, not a regular file, or it names
     * files outside its folder and {@code --allow-outside} was not given (docs/VERDICTS.md, "Files Coroner reads and
     * writes").
     */
    private String workspaceRefusal() {
        Path w = paths.stream().filter(p -> String.valueOf(p.getFileName()).endsWith(WorkspaceFiles.SUFFIX)).findFirst()
                .orElse(null);
        if (w == null) {
            return null;
        }
        WorkspaceFiles.Opened opened;
        try {
            opened = WorkspaceFiles.open(w);
        } catch (WorkspaceRefusedException e) {
            return e.getMessage();
        } catch (IOException e) {
            return w + ": cannot read it: " + RegularFiles.reason(e);
        }
        if (opened.outside().isEmpty() || allowOutside) {
            return null;
        }
        List<Path> outside = opened.outside();
        return w.getFileName() + " names " + outside.size() + (outside.size() == 1 ? " file" : " files")
                + " outside its folder: " + String.join(", ", outside.stream().limit(5).map(Path::toString).toList())
                + (outside.size() > 5 ? ", …" : "") + "; Coroner reads them only with --allow-outside";
    }

    /**
     * Why writing {@code --out} could destroy an input, or null: it is the same file as a transcript (named, or found in
     * a folder) or the grammar, through any link, or its name or its link's target ends in {@code .jsonl} — the name of
     * a transcript (docs/VERDICTS.md, "Command line").
     */
    private String overwritesAnInput() throws IOException {
        if (endsInJsonl(out) || Files.exists(out) && endsInJsonl(out.toRealPath())) {
            return "ends in .jsonl, the name of a transcript";
        }
        if (!Files.exists(out)) {
            return null;
        }
        if (grammar != null && Files.isSameFile(out, grammar)) {
            return "is the grammar";
        }
        List<Path> inputs = new ArrayList<>(paths);
        TranscriptPaths.expand(paths).inputs().forEach(i -> inputs.add(i.path()));
        for (Path p : inputs) {
            if (Files.exists(p) && Files.isSameFile(out, p)) {
                return "is one of the inputs";
            }
        }
        return null;
    }

    private static boolean endsInJsonl(Path p) {
        Path name = p.getFileName();
        return name != null && name.toString().toLowerCase(Locale.ROOT).endsWith(".jsonl");
    }
}

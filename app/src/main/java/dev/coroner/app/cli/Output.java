package dev.coroner.app.cli;

import dev.coroner.core.corpus.TranscriptPaths;
import dev.coroner.core.text.ControlChars;
import java.nio.file.Path;
import java.util.List;
import java.io.PrintWriter;
import picocli.CommandLine.Model.CommandSpec;

/** Where a subcommand prints: its text rows, its notes to stderr, always with control characters escaped. */
public final class Output {
    private final CommandSpec spec;

    public Output(CommandSpec spec) {
        this.spec = spec;
    }

    public PrintWriter out() {
        return spec.commandLine().getOut();
    }

    /** The transcripts the paths stand for (docs/VERDICTS.md, "Command line"); what was skipped while walking folders goes to stderr. */
    public List<TranscriptPaths.Input> expand(List<Path> paths) {
        TranscriptPaths.Expansion expansion = TranscriptPaths.expand(paths);
        expansion.notes().forEach(this::note);
        return expansion.inputs();
    }

    /** Prints a row; stops the command when standard output has failed (docs/VERDICTS.md, "Command line"). */
    public void text(String alreadySafe) {
        PrintWriter out = spec.commandLine().getOut();
        out.println(alreadySafe);
        out.flush();
        OutputFailedException.check(out);
    }

    public void note(String note) {
        spec.commandLine().getErr().println("coroner: " + safe(note));
        spec.commandLine().getErr().flush();
    }

    /** Transcript-derived text, made safe for a terminal. */
    public static String safe(String s) {
        return ControlChars.escape(s);
    }
}

package dev.coroner.app.cli;

import dev.coroner.core.text.ControlChars;
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

    public void text(String alreadySafe) {
        spec.commandLine().getOut().println(alreadySafe);
        spec.commandLine().getOut().flush();
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

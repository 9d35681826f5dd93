package dev.coroner.app.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the command line in-process and keeps what it printed. */
record CliRun(int status, String out, String err) {
    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var cl = CoronerCommand.commandLine(args); // as Main makes it: only the subcommand named, if any
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int status = CoronerCommand.execute(cl, args);
        return new CliRun(status, out.toString(), err.toString());
    }

    java.util.List<String> lines() {
        return out.lines().toList();
    }
}

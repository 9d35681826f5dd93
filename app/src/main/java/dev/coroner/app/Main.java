package dev.coroner.app;

import dev.coroner.app.cli.CoronerCommand;
import dev.coroner.app.launch.Utf8FileNames;
import picocli.CommandLine;

/**
 * The entry point of {@code coroner.jar}. It never touches JavaFX itself: the command line runs without the FX
 * toolkit, and only opening the window (or {@code snapshot}) loads it.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        Utf8FileNames.Start start = Utf8FileNames.adopt(args); // file names as UTF-8 (docs/VERDICTS.md, "Command line")
        if (start.status() != null) {
            System.exit(start.status()); // it ran in a child JVM whose file names are UTF-8
        }
        args = start.args();
        int status = CoronerCommand.execute(CoronerCommand.commandLine(args), args);
        if (status != CoronerCommand.WINDOW_OPENED) {
            System.exit(status);
        }
    }
}

package dev.coroner.app;

import dev.coroner.app.cli.CoronerCommand;
import picocli.CommandLine;

/**
 * The entry point of {@code coroner.jar}. It never touches JavaFX itself: the command line runs without the FX
 * toolkit, and only opening the window (or {@code snapshot}) loads it.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        int status = CoronerCommand.execute(CoronerCommand.commandLine(args), args);
        if (status != CoronerCommand.WINDOW_OPENED) {
            System.exit(status);
        }
    }
}

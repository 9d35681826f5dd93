package dev.coroner.app.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The preamble every subcommand shares ({@code @Mixin CommonOptions common}): {@code -h, --help} and {@code -V,
 * --version}, and where the command prints (docs/VERDICTS.md, "Command line"). What differs from command to command
 * stays in the command: the text of {@code --json} says what one row is, and {@code report} takes no PATH or many.
 */
@Command(mixinStandardHelpOptions = true)
final class CommonOptions {
    /** The command this is mixed into, not the mixin itself: its name, its usage and its streams. */
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    /** Where the command prints its rows and its notes. */
    Output output() {
        return new Output(spec);
    }

    /** The command's standard error, for what it writes there itself (a grammar's errors, a progress line). */
    PrintWriter err() {
        return spec.commandLine().getErr();
    }
}

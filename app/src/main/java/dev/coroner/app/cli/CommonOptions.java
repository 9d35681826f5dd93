package dev.coroner.app.cli;

import dev.coroner.core.precursor.GrammarError;
import dev.coroner.core.precursor.GrammarLoader;
import dev.coroner.core.precursor.GrammarNote;
import dev.coroner.core.precursor.GrammarResult;
import dev.coroner.core.precursor.PrecursorGrammar;
import dev.coroner.core.text.PathText;
import java.io.PrintWriter;
import java.nio.file.Path;
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

    /**
     * The grammar in {@code file}, its notes said on {@code output}; null when it holds a mistake, each then written to
     * standard error as {@code G.toml:LINE:COL: message} (the command exits {@link ExitStatus#BAD_INPUT}).
     */
    PrecursorGrammar grammar(Path file, Output output) {
        GrammarResult loaded = GrammarLoader.load(file);
        for (GrammarNote n : loaded.notes()) {
            output.note("note: " + n.describe(PathText.of(file)));
        }
        if (!loaded.ok()) {
            PrintWriter err = err();
            for (GrammarError e : loaded.errors()) {
                err.println(Output.safe(e.describe(PathText.of(file))));
            }
            err.flush();
            return null;
        }
        return loaded.grammar();
    }
}

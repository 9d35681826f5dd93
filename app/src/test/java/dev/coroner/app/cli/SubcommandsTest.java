package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The command line makes only the subcommand it was given (docs/ARCHITECTURE.md, "Start fast"): picocli reads each
 * command's annotations as it is added. The table of subcommands must name each by its own {@code @Command} name, and
 * anything else (the window, {@code --help}) still gets every subcommand.
 */
class SubcommandsTest {
    @Test
    void eachSubcommandIsListedUnderItsOwnName() {
        for (Map.Entry<String, Class<?>> s : CoronerCommand.SUBCOMMANDS.entrySet()) {
            assertEquals(s.getKey(), s.getValue().getAnnotation(CommandLine.Command.class).name(), s.getValue().getName());
        }
        assertEquals(List.of("verdict", "precursor", "scripts", "cost", "compare", "propose", "report", "snapshot"),
                List.copyOf(CoronerCommand.SUBCOMMANDS.keySet()));
    }

    @Test
    void aNamedSubcommandIsTheOnlyOneMade() {
        assertEquals(List.of("verdict"), List.copyOf(CoronerCommand.commandLine("verdict", "x.jsonl").getSubcommands().keySet()));
        assertEquals(List.of("snapshot"), List.copyOf(CoronerCommand.commandLine("snapshot", "--help").getSubcommands().keySet()));
        for (String[] other : new String[][] {{}, {"--help"}, {"--version"}, {"some/folder"}, {"--", "verdict"}}) {
            assertEquals(List.copyOf(CoronerCommand.SUBCOMMANDS.keySet()),
                    List.copyOf(CoronerCommand.commandLine(other).getSubcommands().keySet()), String.join(" ", other));
        }
    }

    @Test
    void theHelpStillListsEverySubcommandAndASubcommandsHelpIsItsOwn() {
        CliRun help = CliRun.of("--help");
        assertEquals(0, help.status());
        int at = -1;
        for (String name : CoronerCommand.SUBCOMMANDS.keySet()) {
            int here = help.out().indexOf("\n  " + name + " ");
            assertTrue(here > at, name + " listed in order in:\n" + help.out());
            at = here;
        }
        CliRun verdict = CliRun.of("verdict", "--help");
        assertEquals(0, verdict.status());
        assertTrue(verdict.out().startsWith("Usage: coroner verdict "), verdict.out());
    }
}

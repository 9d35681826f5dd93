package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * How {@code --help} reads in an 80-column terminal (docs/VERDICTS.md, "Command line"). A description is written
 * as whole paragraphs, one per element, for picocli to wrap: elements cut mid-sentence for a wider terminal left one
 * or two words alone on a line once picocli wrapped each again at 80. Where picocli would cut a name after its dot
 * ({@code --grammar=G.} / {@code toml}), the synopsis is written out, and must still name every option the command has.
 */
class HelpTextTest {
    private static final int WIDTH = 80;

    @Test
    void everyHelpLineFitsTheTerminal() {
        List<String[]> runs = new ArrayList<>();
        runs.add(new String[] {"--help"});
        for (String name : CoronerCommand.SUBCOMMANDS.keySet()) {
            runs.add(new String[] {name, "--help"});
        }
        for (String[] args : runs) {
            CliRun help = CliRun.of(args);
            assertEquals(0, help.status(), String.join(" ", args));
            for (String line : help.out().split("\n")) {
                assertTrue(line.length() <= WIDTH, String.join(" ", args) + ": '" + line + "' is wider than " + WIDTH);
            }
        }
    }

    @Test
    void descriptionsAreWholeParagraphsForPicocliToWrap() {
        List<CommandSpec> specs = new ArrayList<>();
        CommandLine root = CoronerCommand.commandLine();
        specs.add(root.getCommandSpec());
        root.getSubcommands().values().forEach(c -> specs.add(c.getCommandSpec()));
        for (CommandSpec spec : specs) {
            for (String element : spec.usageMessage().description()) {
                // an indented element is a line of a table (precursor's stances), laid out by hand
                boolean tableLine = element.startsWith(" ");
                assertTrue(tableLine || element.endsWith(".") || element.endsWith("?") || element.endsWith(":"),
                        spec.name() + ": '" + element + "' ends mid-sentence");
            }
            for (OptionSpec o : spec.options()) {
                assertEquals(1, o.description().length, spec.name() + " " + o.longestName() + ": one paragraph");
                assertTrue(o.description()[0].endsWith("."), spec.name() + " " + o.longestName());
            }
        }
    }

    @Test
    void aWrittenOutSynopsisNamesEveryOption() {
        CommandLine root = CoronerCommand.commandLine();
        int written = 0;
        for (CommandLine sub : root.getSubcommands().values()) {
            CommandSpec spec = sub.getCommandSpec();
            String[] custom = spec.usageMessage().customSynopsis();
            if (custom.length == 0) {
                continue;
            }
            written++;
            String synopsis = String.join("\n", custom);
            String name = spec.name();
            assertTrue(synopsis.startsWith("coroner " + name + " [-hV]"), name + ": " + synopsis);
            for (OptionSpec o : spec.options()) {
                if (o.usageHelp() || o.versionHelp()) {
                    continue; // the [-hV] above
                }
                String shown = o.arity().max() == 0 ? o.longestName() : o.longestName() + "=" + o.paramLabel();
                assertTrue(synopsis.contains(shown), name + ": the synopsis lacks " + shown + ":\n" + synopsis);
            }
            for (PositionalParamSpec p : spec.positionalParameters()) {
                assertTrue(synopsis.contains(p.paramLabel() + "..."), name + ": the synopsis lacks " + p.paramLabel());
            }
            for (int i = 0; i < custom.length; i++) {
                String shownLine = i == 0 ? "Usage: " + custom[i] : custom[i];
                assertTrue(shownLine.length() <= WIDTH, name + ": '" + shownLine + "' is too wide");
            }
        }
        assertEquals(2, written, "report and snapshot write their synopsis out");
    }
}

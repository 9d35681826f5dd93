package dev.coroner.app.cli;

import dev.coroner.core.corpus.CancelToken;
import dev.coroner.core.corpus.InOrder;
import dev.coroner.core.corpus.StateTally;
import dev.coroner.core.corpus.TranscriptPaths;
import dev.coroner.core.filter.FieldSchemas;
import dev.coroner.core.read.Harness;
import dev.coroner.core.terminal.AgentKind;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.core.index.ProblemList;
import dev.coroner.core.read.FileStamp;
import dev.coroner.core.index.TerminalVerdicts;
import dev.coroner.core.text.PathText;
import dev.coroner.core.usage.PriceTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code coroner verdict}: how each transcript ended (docs/VERDICTS.md, "Terminal verdict", "Command line"). Reads each file from its end. */
@Command(name = "verdict",
        description = {"How did each agent end? Judges each transcript's terminal assistant record.",
                "States: HEALTHY, SYNTHETIC (a harness-written death), EMPTY or UNREADABLE.",
                "A folder means every *.jsonl under it, in byte-wise path order.",
                "Exit status: 0 nothing dead, 1 something dead (a run that died after its last answer included), "
                        + "2 bad usage or an unreadable file named explicitly (a pipe or device included), "
                        + "3 Coroner failed inside (a bug, out of memory), 4 the output could not be written.",
                "--json adds after the reference's keys: kind (SESSION, SUBAGENT, HARNESS), trailing (the API "
                        + "failure the run ended in after its terminal record, or for Codex how its last turn failed "
                        + "to end, or null), harness (CLAUDE_CODE, CODEX) and, for a sub-agent, parent.",
                "--usage adds to each --json row what the transcript's model calls used and cost, as coroner cost "
                        + "counts it: session, models, input_tokens, output_tokens, cache_creation_tokens, "
                        + "cache_read_tokens, cost_usd, unpriced_models (each file then read in full once); --where "
                        + "may name them only with --usage.",
                "--follow follows growing transcripts and their folders, printing a row each time a verdict changes "
                        + "and a row for each transcript that appears under a followed folder."})
public final class VerdictCommand implements Callable<Integer> {
    @Option(names = "--json", description = "One JSON object per transcript, keys in a fixed order.")
    boolean json;

    @Option(names = "--follow", description = "Follow transcripts that are still being written, and folders: print "
            + "every row, then a new row each time a verdict changes or a transcript appears under a followed folder "
            + "(polled every 500 ms, reading only what was appended). Ctrl+C ends it.")
    boolean follow;

    @Option(names = "--usage", description = "Add the usage and cost fields of coroner cost to each row (docs/COST.md).")
    boolean usage;

    @Option(names = "--prices", paramLabel = "FILE", description = "With --usage: a TOML prices file over the bundled "
            + "prices, as for coroner cost.")
    Path prices;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Transcript files or folders.")
    List<Path> paths;

    @Mixin
    CommonOptions common;

    @Mixin
    WhereOption where;

    /** Between two polls of {@code --follow}; a test steps the polls itself (VerdictFollowCommandTest). */
    VerdictFollow.Pause pause = VerdictFollow.Pause.POLL_INTERVAL;

    @Override
    public Integer call() {
        Output output = common.output();
        // the usage fields are the rows' only under --usage: without it, naming one is an error that says so
        WhereOption.Rows kept = where.rows(usage ? FieldSchemas.TRANSCRIPT_USAGE
                : FieldSchemas.TRANSCRIPT.lacking(FieldSchemas.USAGE, "--usage"), common.err());
        if (kept == null) {
            return ExitStatus.BAD_INPUT;
        }
        if (prices != null && !usage) { // said, never silently ignored
            output.note("--prices goes with --usage: give --usage to add the usage and cost fields");
            return ExitStatus.BAD_INPUT;
        }
        PriceTable table = null;
        if (usage) {
            if (follow) {
                output.note("--usage does not go with --follow");
                return ExitStatus.BAD_INPUT;
            }
            table = CostCommand.priceTable(prices, output);
            if (table == null) {
                return ExitStatus.BAD_INPUT;
            }
        }
        PriceTable pricing = table;
        if (follow) {
            JsonLines rows = new JsonLines(output.out());
            return new VerdictFollow(output, (path, v) -> {
                if (!kept.keep(() -> row(path, v))) {
                    return;
                }
                if (json) {
                    rows.write(row(path, v));
                } else {
                    output.text(text(path, v));
                }
            }, pause).run(paths);
        }
        List<TranscriptPaths.Input> inputs = output.expand(paths);
        ExitStatus status = new ExitStatus();
        JsonLines lines = new JsonLines(output.out());
        List<TerminalVerdict> all = new ArrayList<>();
        // judged in parallel on the engine's bounded pool, printed in byte-wise path order
        InOrder.map(inputs, InOrder.defaultThreads(), input -> Judged.of(input.path(), pricing), (input, judged) -> {
            TerminalVerdict v = judged.verdict();
            if (!kept.keep(() -> row(input.path(), v, judged.usage()))) {
                return; // not printed, not counted, no say in the exit status
            }
            all.add(v);
            status.dead(v.died());
            status.unreadable(input.explicit() && v.state() == TerminalState.UNREADABLE);
            if (json) {
                lines.write(row(input.path(), v, judged.usage()));
                if (judged.problems().count() > 0) {
                    lines.write(ProblemRows.jsonFromTheEnd(input.path(), judged.problems()));
                }
                if (judged.changed() != null) {
                    lines.write(NoteRows.json(input.path(), null, judged.changed()));
                }
            } else {
                output.text(text(input.path(), v));
                if (judged.usage() != null) {
                    output.text("    " + CostCommand.usageText(judged.usage()));
                }
                if (judged.problems().count() > 0) {
                    output.text(ProblemRows.text(judged.problems()) + "\n" + ProblemRows.FROM_THE_END);
                }
                if (judged.changed() != null) {
                    output.text(NoteRows.text(judged.changed()));
                }
            }
        }, CancelToken.NEVER);
        if (!json && kept.given() && kept.total() > 1) {
            output.text(total(all) + " · " + kept.shown("transcript", "transcripts"));
        } else if (!json && all.size() > 1) {
            output.text(total(all));
        }
        if (kept.givenUp() != null) {
            output.note(kept.givenUp());
        }
        return status.code();
    }

    /**
     * The last line of the text output for more than one transcript, as the window's chart counts them: the workers
     * (sessions and sub-agents), the harness agents and the files with no run apart, the workers' deaths by class.
     * "total: 3 of 147 workers dead · 2% · + 5 harness agents, 0 dead · + 2 files with no run (0 bytes: 1, metadata
     * only: 1) · deaths: EMPTY 3".
     */
    static String total(List<TerminalVerdict> all) {
        List<StateTally.Judged> judged = new ArrayList<>();
        StateTally.DeathTally deaths = new StateTally.DeathTally();
        for (TerminalVerdict v : all) {
            judged.add(new StateTally.Judged(v.state(), v.diedAfterAnswer(), v.kind(), v.noRun()));
            if (v.diedInARun()) {
                deaths.died(v.state(), v.terminalClass(), v.trailing(), v.kind().worker());
            }
        }
        StringBuilder s = new StringBuilder("total: ").append(StateTally.of(judged).headline(Locale.ROOT));
        String sep = " · deaths: ";
        for (Map.Entry<String, StateTally.ClassDeaths> d : deaths.byClass().entrySet()) {
            if (d.getValue().workers() > 0) { // the workers' deaths: the harness agents' are in the headline
                s.append(sep).append(d.getKey()).append(' ').append(d.getValue().workers());
                sep = ", ";
            }
        }
        return s.toString();
    }

    /**
     * A verdict with the problem lines its walk from the end read, and under {@code --usage} the usage fields (null
     * without): read by the one pass, after the walk from the end, which alone gives the verdict.
     */
    private record Judged(TerminalVerdict verdict, ProblemList problems, String changed, Map<String, Object> usage) {
        static Judged of(Path path, PriceTable prices) {
            FileStamp before = FileStamp.of(path);
            ProblemList.FromTheEnd seen = new ProblemList.FromTheEnd();
            TerminalVerdict v = TerminalVerdicts.judge(path, seen);
            String changed = FileStamp.changedSince(path, before, -1);
            return new Judged(v, seen.list(), changed, prices == null ? null : CostCommand.usageFields(path, prices));
        }
    }

    static Map<String, Object> row(Path path, TerminalVerdict v) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("path", PathText.of(path));
        m.putAll(v.toMap());
        return m;
    }

    /** The --json row: with {@code usage} (the fields --usage adds) after the verdict's keys, when not null. */
    private static Map<String, Object> row(Path path, TerminalVerdict v, Map<String, Object> usage) {
        Map<String, Object> m = row(path, v);
        if (usage != null) {
            m.putAll(usage);
        }
        return m;
    }

    private static String text(Path path, TerminalVerdict v) {
        StringBuilder s = new StringBuilder();
        s.append(String.format("%-10s", v.state().name()));
        if (v.state() == TerminalState.SYNTHETIC) {
            s.append(' ').append(v.terminalClass().name());
        }
        if (v.diedAfterAnswer()) {
            s.append(" · died after its last answer (").append(v.trailing().cls().name()).append(')');
        }
        if (v.harness() == Harness.CODEX) { // Claude Code's rows read as they always did
            s.append(" · Codex");
            if (v.kind() == AgentKind.SUBAGENT) {
                s.append(" sub-agent of ").append(Output.safe(String.valueOf(v.parent())));
            }
        }
        if (v.noRun() != null) {
            s.append(" · ").append(v.noRun().describe()); // before the kind: a file with no run is no harness agent
        } else if (v.kind() == AgentKind.HARNESS) {
            s.append(" · harness agent");
        }
        s.append("  ").append(Output.safe(PathText.of(path))).append("\n    ").append(Output.safe(v.reason()));
        if (v.state() == TerminalState.SYNTHETIC && !v.evidence().text().isEmpty()) {
            s.append("\n    text: \"").append(Output.safe(v.evidence().text())).append('"');
        }
        return s.toString();
    }
}

package dev.coroner.app.cli;

import dev.coroner.core.corpus.CancelToken;
import dev.coroner.core.corpus.InOrder;
import dev.coroner.core.corpus.TranscriptPaths;
import dev.coroner.core.filter.FieldSchemas;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.precursor.CallSite;
import dev.coroner.core.precursor.Coverage;
import dev.coroner.core.precursor.ObservedTranscript;
import dev.coroner.core.precursor.PrecursorGrammar;
import dev.coroner.core.precursor.Proposal;
import dev.coroner.core.precursor.ProposalText;
import dev.coroner.core.precursor.Proposer;
import dev.coroner.core.precursor.UngatedTool;
import dev.coroner.core.text.PathText;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code coroner propose}: ungated mutating tools, and rules the corpus supports (docs/VERDICTS.md, "Coverage and proposals"). */
@Command(name = "propose",
        description = {"Which mutating tools does no rule gate, and which rules do the runs support?",
                "Coverage: tools that look mutating (Edit, Write, mcp__x__create_issue, ...) that no rule names.",
                "Proposals: for each gated or mutating-looking tool with at least --min-calls calls in runs "
                        + "that ended HEALTHY, the lookups (tools that only read; never a mutating tool or a "
                        + "shell) whose result came before its calls, with support (calls it preceded / all "
                        + "calls), lift (support / how often it preceded other tools' calls; above 1 "
                        + "to be proposed, highest first), the calls it missed, and the WARNs the gate gives with the rule added.",
                "Each proposal has an id: the SHA-256 of its canonical bytes. The output is the same bytes for the "
                        + "same inputs, whatever their order and however many threads read them.",
                "A folder means every *.jsonl under it.",
                "Exit status: 0 done, 2 bad usage, a grammar error or an unreadable file named explicitly, "
                        + "3 Coroner failed inside (a bug, out of memory), 4 the output could not be written."})
public final class ProposeCommand implements Callable<Integer> {
    @Option(names = "--grammar", paramLabel = "G.toml",
            description = "The grammar to extend: the [precursor] table of a TOML file. Default: none (nothing gated).")
    Path grammarFile;

    @Option(names = "--json", description = "One JSON object per line: the ungated tools, then the proposals.")
    boolean json;

    @Option(names = "--min-support", paramLabel = "X", defaultValue = "0.5",
            description = "The support a proposal needs, from 0 to 1 (default: ${DEFAULT-VALUE}).")
    BigDecimal minSupport;

    @Option(names = "--min-calls", paramLabel = "N", defaultValue = "3",
            description = "Calls of a tool, in runs that ended HEALTHY, needed before a rule is proposed for it "
                    + "(default: ${DEFAULT-VALUE}).")
    int minCalls;

    @Option(names = "--threads", paramLabel = "N",
            description = "Transcripts read at once (default: the machine's cores, at most 4). The output does not depend on it.")
    Integer threads;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Transcript files or folders.")
    List<Path> paths;

    @Mixin
    CommonOptions common;

    @Mixin
    WhereOption where;

    @Override
    public Integer call() {
        Output output = common.output();
        PrintWriter err = common.err();
        WhereOption.Rows kept = where.rows(FieldSchemas.PROPOSAL, err);
        if (kept == null) {
            return ExitStatus.BAD_INPUT;
        }
        if (minSupport.signum() < 0 || minSupport.compareTo(BigDecimal.ONE) > 0) {
            output.note("--min-support is a number from 0 to 1, not " + minSupport.toPlainString());
            return ExitStatus.BAD_INPUT;
        }
        if (minCalls < 1) {
            output.note("--min-calls is at least 1, not " + minCalls);
            return ExitStatus.BAD_INPUT;
        }
        if (threads != null && threads < 1) {
            output.note("--threads is at least 1, not " + threads);
            return ExitStatus.BAD_INPUT;
        }
        PrecursorGrammar grammar = PrecursorGrammar.EMPTY;
        if (grammarFile != null) {
            grammar = common.grammar(grammarFile, output);
            if (grammar == null) {
                return ExitStatus.BAD_INPUT;
            }
        }
        ExitStatus status = new ExitStatus();
        List<ObservedTranscript> observed = new ArrayList<>();
        int[] healthy = new int[1];
        InOrder.map(distinctInByteOrder(output.expand(paths)), threads == null ? InOrder.defaultThreads() : threads,
                input -> InOrder.sizeOf(input.path()),
                input -> Attempt.of(() -> ProblemRows.Judged.read(input.path(), TranscriptPass.Scope.CALLS)),
                (input, read) -> {
                    if (read.unreadable() != null) {
                        status.unreadable(input.explicit());
                        output.note(PathText.of(input.path()) + ": unreadable: " + read.unreadable().reason());
                        return;
                    }
                    if (read.value().changed() != null) {
                        // the proposals are counted over every file: the note goes beside them, on standard error
                        output.note(PathText.of(input.path()) + ": " + read.value().changed());
                    }
                    ObservedTranscript t = read.value().judgement().observed(PathText.of(input.path()));
                    healthy[0] += t.healthy() ? 1 : 0;
                    observed.add(t);
                }, CancelToken.NEVER);
        List<UngatedTool> ungated = Coverage.ungated(observed, grammar);
        List<Proposal> proposals = Proposer.propose(observed, grammar, minSupport, minCalls);
        if (kept.given()) {
            ungated = ungated.stream().filter(u -> kept.keep(() -> row(u))).toList();
            proposals = proposals.stream().filter(p -> kept.keep(() -> row(p))).toList();
        }
        if (json) {
            JsonLines lines = new JsonLines(output.out());
            ungated.forEach(u -> lines.write(row(u)));
            proposals.forEach(p -> lines.write(row(p)));
        } else {
            output.text(ProposeText.render(ungated, proposals, observed.size(), healthy[0], minSupport, minCalls)
                    + (kept.given() ? "\n" + kept.shown("row", "rows") + " (ungated tools and proposals)" : ""));
        }
        if (kept.givenUp() != null) {
            output.note(kept.givenUp());
        }
        return status.code() == ExitStatus.BAD_INPUT ? ExitStatus.BAD_INPUT : ExitStatus.CLEAN;
    }

    /** The inputs in byte-wise path order, each path once (named explicitly wins): the input order cannot matter. */
    static List<TranscriptPaths.Input> distinctInByteOrder(List<TranscriptPaths.Input> inputs) {
        TreeMap<Path, Boolean> byPath = new TreeMap<>(TranscriptPaths.BYTEWISE);
        inputs.forEach(i -> byPath.merge(i.path(), i.explicit(), Boolean::logicalOr));
        List<TranscriptPaths.Input> out = new ArrayList<>();
        byPath.forEach((p, explicit) -> out.add(new TranscriptPaths.Input(p, explicit)));
        return out;
    }

    static Map<String, Object> row(UngatedTool u) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", "ungated");
        m.put("tool", u.tool());
        m.put("canonical", u.canonical());
        m.put("spellings", u.spellings());
        m.put("calls", u.calls());
        m.put("transcripts", u.transcripts());
        m.put("examples", u.examples().stream().map(ProposeCommand::site).toList());
        return m;
    }

    static Map<String, Object> row(Proposal p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", "proposal");
        m.put("id", p.id());
        m.put("tool", p.tool());
        m.put("precursor", p.precursor());
        m.put("rule", p.widens() ? "widen" : "new");
        m.put("held", p.held());
        m.put("calls", p.calls());
        m.put("support", p.support());
        m.put("lift", p.lift());
        m.put("base_held", p.baseHeld());
        m.put("base_calls", p.baseCalls());
        m.put("warns_added", p.warnsAdded());
        m.put("warns_removed", p.warnsRemoved());
        m.put("misses_total", p.missesTotal());
        m.put("misses", p.misses().stream().map(ProposeCommand::site).toList());
        m.put("toml", ProposalText.describe(p));
        return m;
    }

    private static Map<String, Object> site(CallSite c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("path", c.path());
        m.put("line", c.line());
        m.put("tool_use_id", c.toolUseId());
        return m;
    }
}

package dev.coroner.app.cli;

import dev.coroner.core.workspace.BundledNames;
import dev.coroner.core.filter.FieldSchemas;
import dev.coroner.core.index.TerminalVerdicts;
import dev.coroner.core.corpus.InOrder;
import dev.coroner.core.corpus.TranscriptPaths;
import dev.coroner.core.durable.AtomicWrite;
import dev.coroner.core.durable.ReadabilityVerdict;
import dev.coroner.core.durable.RegularFiles;
import dev.coroner.core.findings.AnalysisSettings;
import dev.coroner.core.precursor.GrammarError;
import dev.coroner.core.redact.Redactor;
import dev.coroner.core.report.Report;
import dev.coroner.app.report.ReportInputs;
import dev.coroner.core.report.ReportBuilder;
import dev.coroner.core.report.ReportFiles;
import dev.coroner.core.report.ReportGrammar;
import dev.coroner.core.report.ReportPrices;
import dev.coroner.core.report.ReportRequest;
import dev.coroner.core.terminal.TerminalState;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code coroner report}: a self-contained report for reviewers, HTML or JSON (docs/ARCHITECTURE.md, "Reports"). */
@Command(name = "report",
        // written out so no line breaks inside a name (picocli's own wrap cuts "report.html" after its dot);
        // HelpTextTest.aWrittenOutSynopsisNamesEveryOption keeps it whole
        customSynopsis = {"coroner report [-hV] [--no-redact] [--absolute-paths] [--grammar=G.toml]",
                "                      --out=report.html|report.json [--workspace=W.coroner.json]",
                "                      [--usage [--prices=FILE]] [--redact-pattern=REGEX]...",
                "                      [--where=EXPR] [PATH...]",
                "       coroner report [-hV] [--no-redact] [--absolute-paths] [--grammar=G.toml]",
                "                      --out=report.html|report.json [--redact-pattern=REGEX]...",
                "                      --compare=A B"},
        description = {"Writes a report for reviewers, with the evidence of every verdict.",
                "Each transcript: its SHA-256, its terminal verdict with the "
                        + "reason and the evidence record's text, its trailing API failure, its WARNs, its code blocks "
                        + "linked to the calls that ran them. The corpus: workers and harness agents apart, deaths by "
                        + "class. The grammar and its SHA-256, the Coroner version. With --workspace, each "
                        + "transcript's notes and verdict overrides, marked human, beside the machine verdict.",
                "With --workspace and no PATH, the workspace's transcripts and grammar (a file, the bundled one or "
                        + "its inline text): the report the window's File > Export writes for that workspace. "
                        + "--grammar or PATHs given replace the workspace's.",
                "Paths are written relative to the folder that holds every transcript (their common ancestor), "
                        + "named once in the header by its folder name, so no absolute path is written; "
                        + "--absolute-paths writes them whole. A grammar outside that folder is named by its file "
                        + "name (its SHA-256 says which bytes); the bundled grammar is named as bundled.",
                "The extension of --out chooses the format: HTML (one page, no script, nothing fetched, prints well) "
                        + "or JSON (keys in a fixed order, schema-tagged coroner-report version 1). The same inputs "
                        + "give the same bytes on any machine.",
                "Secrets are redacted unless --no-redact: keys and tokens of Anthropic, OpenAI, Google, GitHub, "
                        + "GitLab, Slack (and its webhooks), Stripe, npm, PyPI, Hugging Face, SendGrid, Shopify, "
                        + "DigitalOcean and AWS, JWTs, private keys, Authorization credentials, passwords in URLs and "
                        + "in options (mysql -pX, sshpass -p, --password), and the whole value of a password, secret, "
                        + "token or key named in NAME=value; each becomes [REDACTED:kind].",
                "--usage adds what each transcript's model calls used and cost, and the corpus's cost with what the "
                        + "dead runs cost by class, as coroner cost counts them (docs/COST.md), priced with the bundled "
                        + "prices or --prices FILE over them; without it the report holds no cost.",
                "With --compare A B, the comparison of coroner compare instead (two transcripts: their calls "
                        + "aligned and both verdicts; two folders: the pairs and the summary), redacted and named "
                        + "like any report; its exit status is compare's (1: B has a death A did not).",
                "A folder means every *.jsonl under it, unless it is a fleet's runs table written as JSON lines (OUT/runs "
                        + "of coroner-fleet --format json): then the report holds its rows' verdicts as the job wrote "
                        + "them, and reads no transcript. An existing --out is replaced only when it is a report this "
                        + "version reads.",
                "Exit status: 0 nothing dead and no WARN, 1 something dead or WARNed, 2 bad usage, a grammar error, "
                        + "an --out that is not ours to replace, or an unreadable file named explicitly."})
public final class ReportCommand implements Callable<Integer> {
    @Option(names = "--out", required = true, paramLabel = "report.html|report.json",
            description = "Where to write the report; its extension (.html, .htm or .json) chooses the format.")
    Path out;

    @Option(names = "--grammar", paramLabel = "G.toml",
            description = "A precursor grammar to judge WARNs with (default: none, no WARN is judged).")
    Path grammarFile;

    @Option(names = "--no-redact", description = "Do not redact: the report shows transcript text as it is, secrets included.")
    boolean noRedact;

    @Option(names = "--redact-pattern", paramLabel = "REGEX",
            description = "Also redact what this Java regular expression matches (repeatable); counted as "
                    + "user-pattern-1, user-pattern-2, … The pattern itself is never written into the report.")
    List<String> redactPatterns = new ArrayList<>();

    @Option(names = "--workspace", paramLabel = "W.coroner.json",
            description = "A workspace whose annotations and verdict overrides the report shows beside the machine "
                    + "verdicts, marked as human judgements (redacted like the transcripts).")
    Path workspaceFile;

    @Option(names = "--absolute-paths", description = "Write every transcript's absolute path, not a path relative to "
            + "the folder that holds them all.")
    boolean absolutePaths;

    @Option(names = "--usage", description = "Add each transcript's tokens and cost, and the corpus's cost and what "
            + "its dead runs cost by class, as coroner cost counts them (docs/COST.md).")
    boolean usage;

    @Option(names = "--prices", paramLabel = "FILE", description = "With --usage: a TOML prices file over the bundled "
            + "prices, as for coroner cost; the report names it as it names files, with its SHA-256.")
    Path pricesFile;

    @Option(names = "--compare", arity = "2", paramLabel = "A B", hideParamSyntax = true,
            description = "Write the comparison of two transcripts or two folders, as coroner compare makes it, "
                    + "instead of a report on transcripts (docs/COMPARE.md).")
    List<Path> compare;

    @Parameters(arity = "0..*", paramLabel = "PATH", description = "Transcript files or folders (none: the "
            + "workspace's transcripts).")
    List<Path> paths = new ArrayList<>();

    @Mixin
    CommonOptions common;

    @Mixin
    WhereOption where;

    @Override
    public Integer call() {
        Output output = common.output();
        WhereOption.Rows kept = where.rows(FieldSchemas.TRANSCRIPT, common.err());
        if (kept == null) {
            return ExitStatus.BAD_INPUT;
        }
        ReportFiles.Format format = ReportFiles.Format.of(out);
        if (format == null) {
            output.note("--out must end in .html or .json (it chooses the format), not " + out.getFileName());
            return ExitStatus.BAD_INPUT;
        }
        if (noRedact && !redactPatterns.isEmpty()) {
            output.note("--redact-pattern and --no-redact contradict each other: give one");
            return ExitStatus.BAD_INPUT;
        }
        Redactor redactor;
        try {
            redactor = noRedact ? Redactor.OFF : Redactor.standard(redactPatterns);
        } catch (PatternSyntaxException e) {
            output.note("--redact-pattern is not a Java regular expression: " + e.getDescription() + " at index "
                    + e.getIndex() + " of " + e.getPattern());
            return ExitStatus.BAD_INPUT;
        }
        if (pricesFile != null && !usage) { // said, never silently ignored
            output.note("--prices goes with --usage: give --usage to add cost to the report");
            return ExitStatus.BAD_INPUT;
        }
        if (compare != null) {
            if (usage) {
                output.note("--usage does not go with --compare: a comparison report holds no cost; coroner cost A "
                        + "and coroner cost B say what each side cost");
                return ExitStatus.BAD_INPUT;
            }
            if (!paths.isEmpty() || workspaceFile != null) {
                output.note("--compare A B names the two sides: give no PATH and no --workspace with it");
                return ExitStatus.BAD_INPUT;
            }
            if (kept.given()) {
                // a comparison report is kept whole, as its rows' summary counts every row: coroner compare --where
                // shows a filtered comparison
                output.note("--where does not scope a comparison report: use coroner compare --where to see the "
                        + "rows it keeps");
                return ExitStatus.BAD_INPUT;
            }
            return new ReportCompare(output, common).run(compare.get(0), compare.get(1), format, out, redactor,
                    grammarFile, absolutePaths);
        }
        if (paths.isEmpty() && workspaceFile == null) {
            output.note("name the transcripts: PATH..., or --workspace W.coroner.json for the workspace's");
            return ExitStatus.BAD_INPUT;
        }
        try {
            ReadabilityVerdict refusal = ReportFiles.refusalToReplace(out, format);
            if (refusal != null) {
                output.note("will not replace " + out + ": " + refusal.reason() + ". Choose another --out, or remove it.");
                return ExitStatus.BAD_INPUT;
            }
            AtomicWrite.probe(out); // a read-only, full or missing folder fails now, before the corpus is judged
        } catch (IOException e) { // a pipe or device, or a file that cannot be read to check it: not replaced
            output.note("cannot write " + out + ": " + RegularFiles.reason(e));
            return ExitStatus.OUTPUT_FAILED;
        }
        if (paths.size() == 1 && workspaceFile == null) { // a fleet's runs table: its verdicts, no transcript read
            dev.coroner.core.corpus.FleetRuns.Kind runs = dev.coroner.core.corpus.FleetRuns.kind(paths.get(0));
            if (runs != dev.coroner.core.corpus.FleetRuns.Kind.NONE) {
                if (usage) { // said, never silently ignored: a fleet's rows carry no usage
                    output.note("--usage does not go with a fleet's runs table: its rows hold no token counts; "
                            + "report the transcripts it names with --usage");
                    return ExitStatus.BAD_INPUT;
                }
                if (kept.given()) { // said, never silently ignored: the table's rows are not filtered yet
                    output.note("--where does not scope a fleet's runs table yet: query the table itself "
                            + "(docs/FLEET.md) or report the transcripts it names");
                    return ExitStatus.BAD_INPUT;
                }
                return RunsReport.write(paths.get(0), runs, grammarFile != null, format, out, redactor, output);
            }
        }
        List<dev.coroner.core.workspace.Annotation> annotations = List.of();
        dev.coroner.core.workspace.Workspace workspace = null;
        if (workspaceFile != null) {
            try {
                var opened = dev.coroner.core.workspace.WorkspaceFiles.open(workspaceFile);
                if (opened.warning() != null) {
                    output.note(workspaceFile + ": " + opened.warning());
                }
                workspace = bundledResolved(opened.workspace());
                annotations = workspace.annotations();
            } catch (dev.coroner.core.workspace.WorkspaceRefusedException e) {
                output.note("--workspace: " + e.getMessage());
                return ExitStatus.BAD_INPUT;
            } catch (IOException e) {
                output.note("--workspace: cannot read " + workspaceFile + ": " + RegularFiles.reason(e));
                return ExitStatus.BAD_INPUT;
            }
        }
        // --grammar, else the workspace's: the grammar the window judged that workspace by
        Path grammarNamed = grammarFile;
        ReportGrammar grammar;
        try {
            grammar = grammarFile != null ? ReportInputs.grammar(grammarFile)
                    : workspace != null ? ReportInputs.grammar(workspace) : ReportGrammar.NONE;
        } catch (IOException e) {
            Path g = grammarFile != null ? grammarFile : Path.of(workspace.grammar().path());
            output.note(g + ": cannot read the grammar: " + e.getMessage());
            return ExitStatus.BAD_INPUT;
        }
        if (grammar.settings().loaded() != null && !grammar.settings().loaded().ok()) {
            PrintWriter err = common.err();
            String name = grammarNamed != null ? grammarNamed.toString() : workspace.grammar().inline() != null
                    ? workspaceFile + " (its inline grammar)" : workspace.grammar().path();
            for (GrammarError e : grammar.settings().loaded().errors()) {
                err.println(Output.safe(e.describe(name)));
            }
            err.flush();
            return ExitStatus.BAD_INPUT;
        }
        List<TranscriptPaths.Input> inputs = paths.isEmpty()
                ? ReportInputs.transcripts(workspace).stream().map(p -> new TranscriptPaths.Input(p, false)).toList()
                : output.expand(paths);
        List<Path> transcripts = ReportBuilder.order(inputs.stream().map(TranscriptPaths.Input::path).toList());
        if (kept.given()) {
            // scoped by each transcript's `coroner verdict --json` row: its verdict from the end, as verdict reads it
            transcripts = transcripts.stream()
                    .filter(p -> kept.keep(() -> VerdictCommand.row(p, TerminalVerdicts.judge(p)))).toList();
        }
        ReportPrices prices = null;
        if (usage) {
            try {
                prices = pricesFile == null ? ReportPrices.bundled() : ReportPrices.file(pricesFile);
            } catch (IOException e) {
                output.note(CostCommand.refusal(pricesFile, e));
                return ExitStatus.BAD_INPUT;
            }
        }
        ReportRequest request = new ReportRequest(transcripts, grammar, annotations, redactor, absolutePaths, prices);
        Report report = ReportBuilder.build(request, CoronerVersion.get(), InOrder.defaultThreads());
        try {
            ReportFiles.write(report, format, out);
        } catch (IOException e) { // a full disk, a read-only folder: whatever was at --out is as it was
            output.note("cannot write " + out + ": " + RegularFiles.reason(e));
            return ExitStatus.OUTPUT_FAILED;
        }
        output.note("wrote " + out + ": " + report.transcripts().size() + " transcripts, "
                + report.summary().headline() + ", " + redacted(report.redaction())
                + (kept.given() ? " (--where: " + kept.shown("transcript", "transcripts") + ")" : ""));
        if (kept.givenUp() != null) {
            output.note(kept.givenUp());
        }
        return status(inputs, transcripts, report);
    }

    static String redacted(Report.RedactionSummary r) {
        return !r.on() ? "not redacted" : r.total() + (r.total() == 1 ? " redaction" : " redactions");
    }

    /** {@code transcripts} is the report's order: entry {@code i} judged path {@code i} (its name may be redacted). */
    private static int status(List<TranscriptPaths.Input> inputs, List<Path> transcripts, Report report) {
        ExitStatus status = new ExitStatus();
        Set<String> explicit = inputs.stream().filter(TranscriptPaths.Input::explicit)
                .map(i -> ReportBuilder.name(i.path())).collect(Collectors.toSet());
        for (int i = 0; i < transcripts.size(); i++) {
            Report.TranscriptEntry e = report.transcripts().get(i);
            status.dead(e.verdict().died());
            status.warned(!e.warns().isEmpty());
            status.unreadable(e.verdict().state() == TerminalState.UNREADABLE
                    && explicit.contains(ReportBuilder.name(transcripts.get(i))));
        }
        return status.code();
    }

    /**
     * A workspace saved on the demo names its files {@code bundled:…} (docs/ARCHITECTURE.md, "Workspaces"): they are the
     * demo and the bundled grammar as this Coroner unpacked them, so the report reads what the window reopens.
     */
    private static dev.coroner.core.workspace.Workspace bundledResolved(dev.coroner.core.workspace.Workspace w) {
        // only then is the demo unpacked: a workspace of one's own transcripts needs none of it
        return BundledNames.names(w) ? new BundledNames(dev.coroner.fixtures.Fixtures.root()).resolved(w) : w;
    }
}

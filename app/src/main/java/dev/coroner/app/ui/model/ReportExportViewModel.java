package dev.coroner.app.ui.model;

import dev.coroner.app.report.ReportInputs;
import dev.coroner.core.corpus.InOrder;
import dev.coroner.core.durable.ReadabilityVerdict;
import dev.coroner.core.redact.Redactor;
import dev.coroner.core.report.Report;
import dev.coroner.core.report.ReportBuilder;
import dev.coroner.core.report.ReportFiles;
import dev.coroner.core.report.ReportGrammar;
import dev.coroner.core.report.ReportPrices;
import dev.coroner.core.report.ReportRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * File ▸ Export report (docs/ARCHITECTURE.md, "Reports"): the same report as {@code coroner report}, built by the core
 * {@link ReportBuilder} over the transcripts open, with the grammar in use, the annotations and redaction on. It is
 * built first and previewed (what was redacted, by kind and count), then written atomically.
 */
public final class ReportExportViewModel {
    private final Tasks tasks;
    private final CorpusViewModel corpus;
    private final Analyses analyses;
    private final AnnotationsViewModel annotations;
    private final String version;
    /** The grammar panel's text: what an untitled grammar (no file, a workspace's inline one) judges by. */
    private java.util.function.Supplier<String> untitledGrammar = () -> "";
    /** The transcripts the corpus panel's triage lets through: the report holds those (docs/WORKBENCH.md, "Triage"). */
    private java.util.function.Predicate<Path> inFilter = p -> true;
    /**
     * The prices the window shows costs with (docs/COST.md, "Reports"): what "Include tokens and cost" prices the
     * report with; null until read.
     */
    private java.util.function.Supplier<ReportPrices> prices = () -> null;
    /** Why the person's prices file was not used (it did not read), as the window's note says it; null when it was. */
    private volatile String pricesFailure;

    public ReportExportViewModel(Tasks tasks, CorpusViewModel corpus, Analyses analyses, AnnotationsViewModel annotations,
                                 String version) {
        this.tasks = tasks;
        this.corpus = corpus;
        this.analyses = analyses;
        this.annotations = annotations;
        this.version = version;
    }

    /** Where the text of an untitled grammar is read from (the grammar panel): the report judges by it and says so. */
    public void keepInlineGrammar(java.util.function.Supplier<String> text) {
        this.untitledGrammar = text;
    }

    /** The report holds only the transcripts {@code shown} lets through: what the filtered corpus panel shows. */
    public void followFilter(java.util.function.Predicate<Path> shown) {
        this.inFilter = java.util.Objects.requireNonNull(shown);
    }

    /**
     * How the window reads its prices ({@link CorpusCosts}'s loader, off the FX thread): the user's prices file over the
     * bundled list, or the bundled list alone when there is none or it does not read (the window then says why). What
     * it read is what "Include tokens and cost" prices with, the file's bytes kept: the report names the file and its
     * SHA-256 as {@code coroner report --usage --prices FILE} does.
     */
    public java.util.concurrent.Callable<dev.coroner.core.usage.PriceTable> pricesLoader(Path userFile) {
        java.util.concurrent.atomic.AtomicReference<ReportPrices> read = new java.util.concurrent.atomic.AtomicReference<>();
        priceWith(read::get);
        return () -> {
            try {
                ReportPrices p = ReportPrices.user(userFile);
                pricesFailure = null;
                read.set(p);
                return p.table();
            } catch (java.io.IOException | RuntimeException e) {
                // what the window falls back to; the preview says why, as the window's cost tooltips do
                pricesFailure = "Your prices file " + userFile + " was not used: " + e.getMessage();
                read.set(ReportPrices.bundled());
                throw e;
            }
        };
    }

    /** Prices "Include tokens and cost" with what {@code windowPrices} gives: the window's own prices. */
    public void priceWith(java.util.function.Supplier<ReportPrices> windowPrices) {
        this.prices = java.util.Objects.requireNonNull(windowPrices);
    }

    /**
     * A report built and not yet written, with the sentence the preview shows.
     *
     * @param withCost      whether it holds tokens and cost ("Include tokens and cost")
     * @param pricesFailure with cost, why the person's prices file was not used (the bundled prices were); else null
     */
    public record Prepared(Report report, ReportFiles.Format format, Path target, boolean withCost,
                           String pricesFailure) {
        /** "3 redactions: anthropic-key 2, github-token 1", or that nothing needed hiding. */
        public String redactions() {
            return ReportExportViewModel.redactions(report.redaction());
        }

        /** "Runs cost $1.23; dead runs …" and the prices' source, or what leaving cost out means. */
        public String costs() {
            if (report.cost() == null) {
                return "Tokens and cost are left out: the report is the one coroner report writes without --usage.";
            }
            return report.cost().line() + ".\nPrices: " + report.cost().prices().source() + "."
                    + (pricesFailure == null ? "" : "\n" + pricesFailure);
        }
    }

    /** What an export's redaction will hide, by kind, for its preview: a report's and a comparison's. */
    static String redactions(Report.RedactionSummary r) {
        if (r.total() == 0) {
            return "Redaction is on; nothing in these transcripts matched a secret shape.";
        }
        StringBuilder s = new StringBuilder(r.total() + (r.total() == 1 ? " redaction" : " redactions")
                + " will be written as [REDACTED:kind]:");
        r.byKind().forEach((kind, n) -> s.append("\n  ").append(kind).append(": ").append(n));
        return s.toString();
    }

    /**
     * Builds the report for {@code target} (its extension picks HTML or JSON) and hands it to {@code preview};
     * {@code refused} gets a sentence when the target may not be written or nothing is open.
     */
    public void prepare(Path target, Consumer<Prepared> preview, Consumer<String> refused) {
        prepare(target, false, preview, refused);
    }

    /**
     * As {@link #prepare(Path, Consumer, Consumer)}; {@code withCost}: with each transcript's tokens and cost and the
     * corpus's, priced with the window's prices: the report {@code coroner report --usage} writes with the same prices
     * file ({@code --prices}).
     */
    public void prepare(Path target, boolean withCost, Consumer<Prepared> preview, Consumer<String> refused) {
        ReportFiles.Format format = ReportFiles.Format.of(target);
        if (format == null) {
            refused.accept("A report's name ends in .html or .json (it chooses the format), not "
                    + target.getFileName() + ".");
            return;
        }
        List<Path> open = corpus.transcripts().stream().filter(inFilter).toList();
        if (open.isEmpty()) {
            refused.accept(corpus.transcripts().isEmpty() ? "No transcript is open: there is nothing to report."
                    : "The corpus filter shows no transcript: there is nothing to report.");
            return;
        }
        if (corpus.runs() != null) { // a fleet's runs table: the report on its rows shown (docs/FLEET.md)
            if (withCost) { // said, never silently left out
                refused.accept("A fleet's runs table holds no token counts: a report on it cannot include cost.");
                return;
            }
            RunsCorpus runs = corpus.runs();
            List<dev.coroner.core.corpus.FleetRuns.Row> shown = open.stream().map(runs.rows()::get).toList();
            build(target, format, () -> dev.coroner.core.report.FleetReport.build(
                    new dev.coroner.core.corpus.FleetRuns.Table(runs.folder(), shown, List.of()), version,
                    Redactor.standard(List.of())), false, preview, refused);
            return;
        }
        ReportPrices pricing = withCost ? prices.get() : null;
        if (withCost && pricing == null) {
            refused.accept("The prices are still being read: try again in a moment.");
            return;
        }
        Path grammar = analyses.grammarProperty().get();
        // no file but a grammar judged by: the panel's untitled text, as a workspace saves it inline
        String inline = grammar == null && analyses.settings().loaded() != null ? untitledGrammar.get() : "";
        var notes = annotations.all();
        build(target, format, () -> {
            // the request coroner report --workspace makes of the same workspace: one code path, one report
            ReportGrammar g = grammar != null && Files.isRegularFile(grammar) ? ReportInputs.grammar(grammar)
                    : !inline.isBlank() ? ReportGrammar.inline(inline) : ReportGrammar.NONE;
            return ReportBuilder.build(new ReportRequest(open, g, notes, Redactor.standard(List.of()), false, pricing),
                    version, InOrder.defaultThreads());
        }, withCost, preview, refused);
    }

    /** Off the FX thread: {@code report} built for {@code target} unless the target may not be replaced. */
    private void build(Path target, ReportFiles.Format format, java.util.concurrent.Callable<Report> report,
                       boolean withCost, Consumer<Prepared> preview, Consumer<String> refused) {
        String failure = withCost ? pricesFailure : null;
        tasks.run(() -> {
            ReadabilityVerdict refusal = ReportFiles.refusalToReplace(target, format);
            if (refusal != null) { // an answer, not a failure: no stack trace for it
                return new Outcome(null, "will not replace " + target.getFileName() + ": " + refusal.reason()
                        + ". Choose another name.");
            }
            return new Outcome(new Prepared(report.call(), format, target, withCost, failure), null);
        }, o -> {
            if (o.prepared() != null) {
                preview.accept(o.prepared());
            } else {
                refused.accept(o.refusal());
            }
        }, e -> refused.accept("Could not build the report: " + e.getMessage()));
    }

    private record Outcome(Prepared prepared, String refusal) {
    }

    /** Writes what the preview showed. */
    public void write(Prepared p, Consumer<String> done, Consumer<String> failed) {
        tasks.run(() -> {
            ReportFiles.write(p.report(), p.format(), p.target());
            return p.target();
        }, t -> done.accept("wrote " + t.getFileName()), e -> failed.accept("Could not write "
                + p.target().getFileName() + ": " + e.getMessage()));
    }
}

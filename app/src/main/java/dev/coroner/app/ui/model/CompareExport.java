package dev.coroner.app.ui.model;

import dev.coroner.app.report.ReportInputs;
import dev.coroner.core.compare.CorpusComparison;
import dev.coroner.core.compare.TranscriptComparison;
import dev.coroner.core.durable.ReadabilityVerdict;
import dev.coroner.core.redact.Redactor;
import dev.coroner.core.report.CompareReport;
import dev.coroner.core.report.ReportFiles;
import dev.coroner.core.report.ReportGrammar;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * The Compare view's export (docs/WORKBENCH.md, "Compare view"; docs/COMPARE.md, "Reports"): the comparison shown,
 * written by {@link CompareReport} as {@code coroner report --compare} writes it (redacted, relative paths), after a
 * preview of what redaction will hide. Built and written off the FX thread.
 */
public final class CompareExport {
    private final Tasks tasks;
    private final String version;

    /** A comparison made into a report and not yet written. */
    public record Prepared(CompareReport.Document document, ReportFiles.Format format, Path target) {
        /** "3 redactions: …", or that nothing needed hiding. */
        public String redactions() {
            return ReportExportViewModel.redactions(document.redaction());
        }
    }

    public CompareExport(Tasks tasks, String version) {
        this.tasks = tasks;
        this.version = version;
    }

    /**
     * Builds the report of {@code folders} when given, else of {@code transcripts}, for {@code target} (its extension
     * picks HTML or JSON); {@code grammar} is the file the sides' WARNs were judged by (null: none named).
     */
    public void prepare(TranscriptComparison transcripts, CorpusComparison folders, Path grammar, Path target,
                        Consumer<Prepared> preview, Consumer<String> refused) {
        ReportFiles.Format format = ReportFiles.Format.of(target);
        if (format == null) {
            refused.accept("A report's name ends in .html or .json (it chooses the format), not "
                    + target.getFileName() + ".");
            return;
        }
        if (transcripts == null && folders == null) {
            refused.accept("Nothing is compared yet: there is nothing to export.");
            return;
        }
        tasks.run(() -> {
            ReadabilityVerdict refusal = CompareReport.refusalToReplace(target, format);
            if (refusal != null) {
                return "will not replace " + target.getFileName() + ": " + refusal.reason() + ". Choose another name.";
            }
            // folders judge no WARN (docs/COMPARE.md, "Reports"): no grammar is named for them
            ReportGrammar g = folders == null && grammar != null && Files.isRegularFile(grammar)
                    ? ReportInputs.grammar(grammar) : ReportGrammar.NONE;
            CompareReport.Options o = new CompareReport.Options(Redactor.standard(List.of()), g, false, version);
            return new Prepared(folders != null ? CompareReport.of(folders, o) : CompareReport.of(transcripts, o),
                    format, target);
        }, out -> {
            if (out instanceof Prepared p) {
                preview.accept(p);
            } else {
                refused.accept((String) out);
            }
        }, e -> refused.accept("Could not build the report: " + e.getMessage()));
    }

    /** Writes what the preview showed. */
    public void write(Prepared p, Consumer<String> done, Consumer<String> failed) {
        tasks.run(() -> {
            p.document().write(p.format(), p.target());
            return p.target();
        }, t -> done.accept("wrote " + t.getFileName()), e -> failed.accept("Could not write "
                + p.target().getFileName() + ": " + e.getMessage()));
    }
}

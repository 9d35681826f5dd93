package dev.coroner.core.report;

import dev.coroner.core.redact.Redactor;
import dev.coroner.core.workspace.Annotation;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What a report is built from, whichever frontend asks (docs/ARCHITECTURE.md, "Reports"): {@code coroner report} with
 * paths or a workspace, and the window's File ▸ Export fill the same request, so the same workspace gives the same
 * report either way.
 *
 * @param transcripts   files, not folders
 * @param annotations   a workspace's notes and overrides, shown beside the verdicts
 * @param absolutePaths name every transcript by its absolute path instead of relative to their common root
 * @param prices        the prices to add each transcript's and the corpus's cost with ({@code --usage}); null: no cost,
 *                      and the report is the one written before reports carried cost (docs/COST.md, "Reports")
 */
public record ReportRequest(List<Path> transcripts, ReportGrammar grammar, List<Annotation> annotations,
                            Redactor redactor, boolean absolutePaths, ReportPrices prices) {
    public ReportRequest {
        transcripts = List.copyOf(transcripts);
        Objects.requireNonNull(grammar);
        annotations = List.copyOf(annotations);
        Objects.requireNonNull(redactor);
    }

    /** A request with no cost. */
    public ReportRequest(List<Path> transcripts, ReportGrammar grammar, List<Annotation> annotations, Redactor redactor,
                         boolean absolutePaths) {
        this(transcripts, grammar, annotations, redactor, absolutePaths, null);
    }
}

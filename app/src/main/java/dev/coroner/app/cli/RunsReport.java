package dev.coroner.app.cli;

import dev.coroner.core.corpus.FleetRuns;
import dev.coroner.core.durable.RegularFiles;
import dev.coroner.core.redact.Redactor;
import dev.coroner.core.report.FleetReport;
import dev.coroner.core.report.Report;
import dev.coroner.core.report.ReportFiles;
import java.io.IOException;
import java.nio.file.Path;

/**
 * {@code coroner report OUT/runs}: the report on a fleet's runs table written as JSON lines (docs/FLEET.md, "Opening
 * the runs table"), each row's verdict as the job wrote it; no transcript is read.
 */
final class RunsReport {
    private RunsReport() {
    }

    /** The exit status: 0 nothing dead or WARNed, 1 a row dead or WARNed or a line that is no row, 2 not readable here. */
    static int write(Path runs, FleetRuns.Kind kind, boolean grammarGiven, ReportFiles.Format format, Path out,
                     Redactor redactor, Output output) {
        if (kind == FleetRuns.Kind.PARQUET) {
            output.note(runs + " is a fleet's runs table in Parquet, which Coroner does not read: run the job with "
                    + "--format json to report on it (docs/FLEET.md)");
            return ExitStatus.BAD_INPUT;
        }
        if (grammarGiven) {
            output.note("--grammar does not apply to a fleet's runs table: its WARNs were judged by the job");
            return ExitStatus.BAD_INPUT;
        }
        FleetRuns.Table table;
        try {
            table = FleetRuns.read(runs);
        } catch (IOException e) {
            output.note("cannot read " + runs + ": " + e.getMessage());
            return ExitStatus.BAD_INPUT;
        }
        table.notes().forEach(n -> output.note(runs + ": " + n));
        Report report = FleetReport.build(table, CoronerVersion.get(), redactor);
        try {
            ReportFiles.write(report, format, out);
        } catch (IOException e) {
            output.note("cannot write " + out + ": " + RegularFiles.reason(e));
            return ExitStatus.OUTPUT_FAILED;
        }
        output.note("wrote " + out + ": " + FleetRuns.describe(table) + ", " + report.summary().headline() + ", "
                + ReportCommand.redacted(report.redaction()));
        ExitStatus status = new ExitStatus();
        for (FleetRuns.Row r : table.rows()) {
            status.dead(r.verdict().died() || r.problem() != null);
            status.warned(r.warns() > 0);
        }
        return status.code();
    }
}

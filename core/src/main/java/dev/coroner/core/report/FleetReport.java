package dev.coroner.core.report;

import dev.coroner.core.corpus.FleetRuns;
import dev.coroner.core.findings.FindingKind;
import dev.coroner.core.redact.Redaction;
import dev.coroner.core.redact.Redactor;
import dev.coroner.core.report.Report.Blocks;
import dev.coroner.core.report.Report.GrammarRef;
import dev.coroner.core.report.Report.RedactionSummary;
import dev.coroner.core.report.Report.TranscriptEntry;
import dev.coroner.core.report.Report.Verdict;
import dev.coroner.core.terminal.TerminalVerdict;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A report on a fleet's runs table (docs/FLEET.md, "Opening the runs table"): each row's verdict and counts as the job
 * wrote them, no transcript read. What a row does not hold, the report does not claim: no evidence text, no WARN list
 * (their count only), no matched blocks; each entry says it was read from the table, and where.
 */
public final class FleetReport {
    /** How the report names the grammar: the job's, which its rows do not name. */
    static final GrammarRef GRAMMAR = new GrammarRef("fleet",
            "the fleet job's --grammar, if it was given one (a runs table does not name it)", null);

    private FleetReport() {
    }

    /** The report on {@code table}'s rows (problem rows too, as UNREADABLE entries at their place), by path byte-wise. */
    public static Report build(FleetRuns.Table table, String version, Redactor redactor) {
        List<FleetRuns.Row> rows = new ArrayList<>(table.rows());
        rows.sort((a, b) -> Arrays.compareUnsigned(a.uri().getBytes(StandardCharsets.UTF_8),
                b.uri().getBytes(StandardCharsets.UTF_8))); // stable: one path twice keeps the table's order
        Redaction redaction = redactor.start();
        List<TranscriptEntry> entries = new ArrayList<>();
        Map<TranscriptEntry, Long> warns = new IdentityHashMap<>(); // by entry: two rows may be equal
        for (FleetRuns.Row r : rows) {
            TranscriptEntry e = ReportBuilder.redact(entry(r), redaction);
            entries.add(e);
            warns.put(e, r.warns());
        }
        return new Report(version, GRAMMAR,
                new RedactionSummary(redaction.on(), redactor.userPatterns(), redaction.counts(), redaction.total()),
                ReportBuilder.summary(entries, e -> warns.getOrDefault(e, 0L)), entries, null);
    }

    private static TranscriptEntry entry(FleetRuns.Row r) {
        TerminalVerdict v = r.verdict();
        Verdict verdict = new Verdict(v.state(), v.dead(), v.died(), v.terminalClass(), v.apiStatus(), v.error(),
                v.reason(), v.kind(), v.trailing(), null, "", v.noRun(), 0);
        Map<String, Long> findings = new LinkedHashMap<>();
        if (r.warns() > 0) {
            findings.put(FindingKind.WARN.name(), r.warns());
        }
        if (r.unmatchedBlocks() > 0) {
            findings.put(FindingKind.UNMATCHED_BLOCK.name(), r.unmatchedBlocks());
        }
        String note = r.problem() != null ? "a line of the fleet's runs table that is no row: " + r.place()
                : "read from the fleet's runs table (" + r.place() + "), not from the file: the verdict and counts are"
                + " the job's, the evidence is in the file" + (r.changed() == null ? "" : "; " + r.changed());
        return new TranscriptEntry(r.uri(), r.sha256(), r.sha256() == null ? null : r.size(), verdict, List.of(),
                new Blocks(List.of(), r.unmatchedBlocks(), Map.of()), r.records(), r.problemLines(), findings,
                List.of(), note, v.harness(), v.parent());
    }
}

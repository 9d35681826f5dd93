package dev.coroner.core.report;

import dev.coroner.core.cost.CostLedger;
import dev.coroner.core.cost.CostRow;
import dev.coroner.core.redact.Redaction;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.core.usage.Cost;
import dev.coroner.core.usage.TokenCounts;
import dev.coroner.core.usage.TranscriptUsage;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * A report's costs (docs/COST.md, "Reports"): each transcript's from the usage the one pass counted (no file read for
 * it), added up as {@code coroner cost} adds them ({@link CostLedger}), and every model name and the prices file's name
 * redacted like the transcripts' strings.
 */
final class ReportCosts {
    private ReportCosts() {
    }

    /**
     * {@code entry} with its usage and cost, and its cost row, when there are prices; else {@code entry} as it was.
     *
     * @param verdict the verdict the entry reports: its cost counts under that verdict's class
     */
    static ReportBuilder.Judged priced(Report.TranscriptEntry entry, Path path, TerminalVerdict verdict, String session,
                                      TranscriptUsage usage, ReportPrices prices) {
        if (prices == null) {
            return new ReportBuilder.Judged(entry, null);
        }
        CostRow row = new CostRow(path, verdict, session, usage, prices.table().cost(usage), CostRow.costClass(verdict));
        Report.TranscriptEntry e = entry; // as judged: no annotation, not renamed or redacted yet
        return new ReportBuilder.Judged(new Report.TranscriptEntry(e.path(), e.sha256(), e.size(), e.verdict(), e.warns(),
                e.blocks(), e.records(), e.problemLines(), e.findings(), e.annotations(), e.readNote(), e.harness(),
                e.parent(), new Report.Usage(usage, row.cost())), row);
    }

    /** A transcript's usage with its model names redacted (two that redact alike are added together); null stays null. */
    static Report.Usage redact(Report.Usage u, Redaction r) {
        if (u == null) {
            return null;
        }
        Map<String, TokenCounts> byModel = new LinkedHashMap<>();
        u.usage().byModel().forEach((model, tokens) -> byModel.merge(r.apply(model), tokens, TokenCounts::plus));
        TranscriptUsage usage = new TranscriptUsage(u.usage().total(), byModel, List.of(), null, null);
        return new Report.Usage(usage, redact(u.cost(), r));
    }

    /** The corpus's cost: {@code coroner cost}'s total and its groups by class, their model names redacted. */
    static Report.CorpusCost corpus(List<CostRow> rows, Report.Prices prices, Redaction r) {
        CostLedger.Total t = CostLedger.total(rows);
        CostLedger.Total total = new CostLedger.Total(t.transcripts(), t.tokens(), redact(t.cost(), r),
                redact(t.deadCost(), r));
        List<CostLedger.Group> byClass = CostLedger.by(CostLedger.By.CLASS, rows, List.of(), null).stream()
                .map(g -> new CostLedger.Group(g.by(), g.key(), g.transcripts(), redact(g.models(), r), g.tokens(),
                        redact(g.cost(), r), redact(g.deadCost(), r), null))
                .toList();
        // a prices file's name is a path like any other: a secret in it is redacted, and counted
        return new Report.CorpusCost(new Report.Prices(r.apply(prices.source()), r.apply(prices.file()),
                prices.sha256()), total, byClass);
    }

    private static Cost redact(Cost c, Redaction r) {
        return new Cost(c.usd(), redact(c.unpricedModels(), r), c.priced());
    }

    private static List<String> redact(List<String> models, Redaction r) {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (String m : models) {
            out.add(r.apply(m));
        }
        return List.copyOf(out);
    }
}

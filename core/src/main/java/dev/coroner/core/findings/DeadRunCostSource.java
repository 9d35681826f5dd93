package dev.coroner.core.findings;

import dev.coroner.core.index.TranscriptJudgement;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.core.usage.Cost;
import dev.coroner.core.usage.TranscriptUsage;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * What a failure cost (docs/COST.md, "The finding"): a {@link FindingKind#DEAD_RUN_COST} finding on a dead run (a
 * death in a run) whose model calls cost more than {@link AnalysisSettings#deadRunCostUsd()}, priced with the
 * settings' prices. Reads only the usage the pass kept.
 */
public final class DeadRunCostSource implements FindingSource {
    public static final String NAME = "dead-run-cost";

    @Override
    public Contribution contribute(TranscriptJudgement judgement, AnalysisSettings settings) {
        Findings found = new Findings();
        TerminalVerdict v = judgement.terminal();
        TranscriptUsage usage = judgement.usage();
        if (v.diedInARun() && !usage.isEmpty() && settings.deadRunCostUsd() != null) {
            Cost cost = settings.pricesInUse().cost(usage);
            if (cost.priced().compareTo(settings.deadRunCostUsd()) > 0) {
                String usd = money(cost.priced());
                String threshold = money(settings.deadRunCostUsd());
                String reason = String.format(Locale.ROOT, "the run died and its %,d billed messages cost %s%s, more "
                                + "than %s (%,d input, %,d output, %,d cache write, %,d cache read tokens)",
                        usage.messages().size(), cost.complete() ? "" : "at least ", usd, threshold,
                        usage.total().input(), usage.total().output(), usage.total().cacheCreation(),
                        usage.total().cacheRead())
                        + (cost.complete() ? "" : "; " + cost.note());
                // about the whole file: no line, no evidence bytes
                found.add(new Finding(FindingKind.DEAD_RUN_COST, FindingKind.DEAD_RUN_COST.severity(), 0, -1, 0,
                        "dead run cost " + usd, reason));
            }
        }
        return found.contribution(NAME);
    }

    /** "$12.30"; under a dollar to a hundredth of a cent, "$0.0850", as {@code coroner cost} writes money. */
    static String money(java.math.BigDecimal usd) {
        return "$" + usd.setScale(usd.abs().compareTo(java.math.BigDecimal.ONE) < 0 ? 4 : 2, RoundingMode.HALF_EVEN)
                .toPlainString();
    }
}

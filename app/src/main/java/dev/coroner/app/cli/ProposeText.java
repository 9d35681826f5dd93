package dev.coroner.app.cli;

import dev.coroner.core.precursor.CallSite;
import dev.coroner.core.precursor.Proposal;
import dev.coroner.core.precursor.ProposalText;
import dev.coroner.core.precursor.UngatedTool;
import java.math.BigDecimal;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The text form of {@code coroner propose}: the ungated tools, then one block per proposal. Everything taken from a
 * transcript (tool names, paths) is escaped before it reaches the terminal; numbers are integers or exact decimals.
 */
final class ProposeText {
    /** The id is shown cut to this many hex digits; {@code --json} carries all 64. */
    static final int SHORT_ID = 12;

    private ProposeText() {
    }

    static String render(List<UngatedTool> ungated, List<Proposal> proposals, int transcripts, int healthy,
                         BigDecimal minSupport, int minCalls) {
        StringBuilder s = new StringBuilder();
        if (ungated.isEmpty()) {
            s.append("Every tool that looks mutating is gated.\n");
        } else {
            s.append("Ungated: tools that look mutating and that no rule names\n");
            int w = ungated.stream().mapToInt(u -> Integer.toString(u.calls()).length()).max().orElse(1);
            for (UngatedTool u : ungated) {
                s.append("  ").append(pad(Integer.toString(u.calls()), w)).append(u.calls() == 1 ? " call  " : " calls ")
                        .append(" in ").append(u.transcripts()).append(u.transcripts() == 1 ? " transcript   " : " transcripts  ")
                        .append(Output.safe(u.tool())).append("   e.g. ").append(sites(u.examples())).append('\n');
            }
        }
        s.append('\n');
        if (proposals.isEmpty()) {
            s.append("No proposal reaches support ").append(minSupport.toPlainString()).append(" with lift above 1 for a tool")
                    .append(" called at least ").append(minCalls).append(minCalls == 1 ? " time" : " times")
                    .append(" in runs that ended HEALTHY.\n");
        } else {
            s.append("Proposals (support: calls a result of the lookup came before, in runs that ended HEALTHY;\n")
                    .append("lift: support / how often it came before the calls of other tools; highest first)\n");
            for (Proposal p : proposals) {
                s.append("  ").append(p.id(), 0, SHORT_ID).append("  ").append(Output.safe(ProposalText.describe(p)))
                        .append(p.widens() ? "   (widens the rule)" : "   (new rule)").append('\n')
                        .append("      support ").append(p.support().toPlainString()).append(" (").append(p.held())
                        .append(" of ").append(p.calls()).append(" calls)   lift ").append(p.lift().toPlainString())
                        .append(" (before ").append(p.baseHeld()).append(" of ").append(p.baseCalls())
                        .append(" other calls)   WARN ").append(delta(p)).append('\n');
                if (p.missesTotal() > 0) {
                    s.append("      missed ").append(p.missesTotal()).append(": ").append(sites(p.misses()));
                    if (p.missesTotal() > p.misses().size()) {
                        s.append(", ... ").append(p.missesTotal() - p.misses().size()).append(" more");
                    }
                    s.append('\n');
                }
            }
        }
        s.append('\n').append(proposals.size()).append(proposals.size() == 1 ? " proposal" : " proposals")
                .append(" from ").append(transcripts).append(transcripts == 1 ? " transcript" : " transcripts")
                .append(" (").append(healthy).append(" HEALTHY), minimum support ").append(minSupport.toPlainString())
                .append(", minimum calls ").append(minCalls);
        return s.toString();
    }

    private static String delta(Proposal p) {
        return "+" + p.warnsAdded() + " -" + p.warnsRemoved();
    }

    private static String sites(List<CallSite> sites) {
        return sites.stream().map(c -> Output.safe(c.path()) + ":" + c.line()).collect(Collectors.joining(", "));
    }

    private static String pad(String s, int width) {
        return " ".repeat(Math.max(0, width - s.length())) + s;
    }
}

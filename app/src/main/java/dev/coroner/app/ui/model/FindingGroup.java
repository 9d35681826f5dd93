package dev.coroner.app.ui.model;

import dev.coroner.core.findings.FindingKind;
import java.util.List;

/** The findings of one kind across the corpus, in transcript and line order. */
public record FindingGroup(FindingKind kind, List<FindingItem> items) {
    public FindingGroup {
        items = List.copyOf(items);
    }

    /** "2 deaths", "1 tool error", … */
    public String title() {
        int n = items.size();
        String noun = switch (kind) {
            case DEATH -> n == 1 ? "death" : "deaths";
            case DEAD_SUBAGENT_RESULT -> n == 1 ? "result from a dead sub-agent" : "results from dead sub-agents";
            case WARN -> n == 1 ? "WARN" : "WARNs";
            case UNMATCHED_BLOCK -> n == 1 ? "unmatched block" : "unmatched blocks";
            case PROBLEM -> n == 1 ? "problem line" : "problem lines";
            case TOOL_ERROR -> n == 1 ? "failed tool call" : "failed tool calls";
            case HARNESS_RECORD -> n == 1 ? "harness record mid-file" : "harness records mid-file";
            case SOURCE_FAILED -> n == 1 ? "verdict source that failed" : "verdict sources that failed";
        };
        return String.format("%,d %s", n, noun);
    }
}

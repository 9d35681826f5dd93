package dev.coroner.app.ui.model;

import dev.coroner.core.findings.FindingKind;
import java.util.List;

/** The findings of one kind across the corpus, in transcript and line order. */
public record FindingGroup(FindingKind kind, List<FindingItem> items) {
    public FindingGroup {
        items = List.copyOf(items);
    }

    /** "2 deaths", "1 failed tool call", …: as the kind declares its count. */
    public String title() {
        return kind.count(items.size());
    }
}

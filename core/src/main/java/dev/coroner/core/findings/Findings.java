package dev.coroner.core.findings;

import dev.coroner.core.read.SourceSpan;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What every verdict source emits through (docs/ARCHITECTURE.md, "Findings"): findings with their evidence and
 * markers, at most {@link #MAX_PER_KIND} of each kind per transcript — enough to read, bounded for a hostile file —
 * and, past that, a finding that says how many more there are: nothing is dropped silently.
 */
public final class Findings {
    /** Findings and markers kept per kind and transcript. */
    public static final int MAX_PER_KIND = 10_000;

    private final List<Finding> findings = new ArrayList<>();
    private final List<Marker> markers = new ArrayList<>();
    private final Map<FindingKind, Integer> findingCounts = new EnumMap<>(FindingKind.class);
    private final Map<MarkerKind, Integer> markerCounts = new EnumMap<>(MarkerKind.class);

    /** A finding whose evidence is the record at {@code evidence}. */
    public void add(FindingKind kind, SourceSpan evidence, String title, String reason) {
        add(Finding.of(kind, evidence, title, reason));
    }

    public void add(Finding f) {
        if (findingCounts.merge(f.kind(), 1, Integer::sum) <= MAX_PER_KIND) {
            findings.add(f);
        }
    }

    public void mark(Marker m) {
        if (markerCounts.merge(m.kind(), 1, Integer::sum) <= MAX_PER_KIND) {
            markers.add(m);
        }
    }

    /** Everything emitted, with a finding per kind that went over the bound. */
    public Contribution contribution(String source) {
        List<Finding> all = new ArrayList<>(findings);
        findingCounts.forEach((kind, n) -> {
            if (n > MAX_PER_KIND) {
                all.add(Finding.whole(kind, String.format("%,d more not listed", n - MAX_PER_KIND),
                        String.format("only the first %,d of each kind are listed; the timeline shows every line",
                                MAX_PER_KIND)));
            }
        });
        return new Contribution(source, all, markers);
    }
}

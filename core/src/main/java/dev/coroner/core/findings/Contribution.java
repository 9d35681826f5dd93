package dev.coroner.core.findings;

import java.util.List;

/** What one {@link FindingSource} adds to a transcript's analysis. */
public record Contribution(String source, List<Finding> findings, List<Marker> markers) {
    public Contribution {
        findings = List.copyOf(findings);
        markers = List.copyOf(markers);
    }

    public static Contribution empty(String source) {
        return new Contribution(source, List.of(), List.of());
    }
}

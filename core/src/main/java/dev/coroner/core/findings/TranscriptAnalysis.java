package dev.coroner.core.findings;

import dev.coroner.core.terminal.TerminalVerdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Everything Coroner concluded about one transcript: the terminal verdict, every finding (worst first) and every
 * marker (in line order), and the sub-agents it spawned. Immutable; {@link #with(Contribution)} adds what a
 * later source found.
 */
public record TranscriptAnalysis(Path path, IndexSummary summary, TerminalVerdict verdict, List<Finding> findings,
                                 List<Marker> markers, List<Spawn> spawns) {
    public TranscriptAnalysis {
        Objects.requireNonNull(path);
        Objects.requireNonNull(summary);
        Objects.requireNonNull(verdict);
        findings = findings.stream().sorted(Finding.BY_RANK).toList();
        markers = markers.stream().sorted(Comparator.comparingLong(Marker::line)).toList();
        spawns = List.copyOf(spawns);
    }

    /** This analysis with a source's findings and markers added. */
    public TranscriptAnalysis with(Contribution c) {
        List<Finding> f = new ArrayList<>(findings);
        f.addAll(c.findings());
        List<Marker> m = new ArrayList<>(markers);
        m.addAll(c.markers());
        return new TranscriptAnalysis(path, summary, verdict, f, m, spawns);
    }

    /** The worst severity among the findings, or null when there are none. */
    public Severity worst() {
        return findings.isEmpty() ? null : findings.get(0).severity();
    }

    public long count(MarkerKind kind) {
        return markers.stream().filter(m -> m.kind() == kind).count();
    }

    public long count(FindingKind kind) {
        return findings.stream().filter(f -> f.kind() == kind).count();
    }
}

package dev.coroner.app.ui.model;

import dev.coroner.core.findings.Contribution;
import dev.coroner.core.findings.Finding;
import dev.coroner.core.findings.FindingKind;
import dev.coroner.core.findings.FindingSource;
import dev.coroner.core.findings.Marker;
import dev.coroner.core.findings.MarkerKind;
import dev.coroner.fixtures.Fixtures;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * Stand-ins for the precursor gate and the code-block matcher, which land on other branches: they put a WARN on the
 * demo session's Edit call (line 10) and a matched block badge on its answer (line 14) pointing at the Bash call
 * (line 12), the way the real sources will — so the window's generic marker drawing can be tested now.
 */
public final class DemoSources {
    public static final Path DEMO = Fixtures.demoCorpus().toAbsolutePath().normalize();
    public static final Path SESSION = DEMO.resolve("7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b.jsonl");
    public static final Path DEAD_EXPORT = DEMO.resolve(
            "7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b/subagents/agent-a7b2d4f6e8c0a1b30.jsonl");
    public static final String WARN_REASON = "REFUTED: Edit needs a Read result before it; none came";

    private DemoSources() {
    }

    /** A WARN on line 10 of the demo session. */
    public static FindingSource gate() {
        return new FindingSource() {
            @Override
            public Contribution contribute(dev.coroner.core.index.TranscriptIndex index,
                                           dev.coroner.core.findings.AnalysisSettings settings) {
                if (!index.path().equals(SESSION)) {
                    return Contribution.empty("gate");
                }
                return new Contribution("gate", List.of(Finding.of(FindingKind.WARN, 10, -1, "Edit without Read",
                        WARN_REASON)), List.of(Marker.at(10, MarkerKind.WARN, "WARN · Edit", WARN_REASON, 0)));
            }

            @Override
            public Set<MarkerKind> judges() {
                return Set.of(MarkerKind.WARN);
            }
        };
    }

    /** Block 1 of the demo session's answer (line 14) matched to the Bash call on line 12; block 2 unmatched. */
    public static FindingSource blocks() {
        return new FindingSource() {
            @Override
            public Contribution contribute(dev.coroner.core.index.TranscriptIndex index,
                                           dev.coroner.core.findings.AnalysisSettings settings) {
                if (!index.path().equals(SESSION)) {
                    return Contribution.empty("blocks");
                }
                return new Contribution("blocks",
                        List.of(Finding.of(FindingKind.UNMATCHED_BLOCK, 14, -1, "block 2 unmatched",
                                "no-submission-this-turn")),
                        List.of(Marker.at(14, MarkerKind.BLOCK_MATCHED, "block 1 · error", "ran as the Bash call on line 12, "
                                        + "which failed", 12),
                                Marker.at(14, MarkerKind.BLOCK_UNMATCHED, "block 2 · unmatched", "no-submission-this-turn", 0)));
            }

            @Override
            public Set<MarkerKind> judges() {
                return Set.of(MarkerKind.BLOCK_MATCHED, MarkerKind.BLOCK_UNMATCHED);
            }
        };
    }
}

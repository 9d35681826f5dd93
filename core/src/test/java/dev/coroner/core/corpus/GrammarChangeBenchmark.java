package dev.coroner.core.corpus;

import dev.coroner.core.findings.AnalysisSettings;
import dev.coroner.core.findings.PrecursorSource;
import dev.coroner.core.findings.TranscriptAnalyser;
import dev.coroner.core.findings.TranscriptAnalysis;
import dev.coroner.core.precursor.CallStream;
import dev.coroner.core.precursor.GrammarChange;
import dev.coroner.core.precursor.GrammarLoader;
import dev.coroner.core.precursor.PrecursorGrammar;
import dev.coroner.fixtures.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the grammar panel computes after a keystroke besides the re-judging (docs/WORKBENCH.md, "The grammar
 * panel"): the text parsed and its change against the saved grammar over every kept call stream — 1,800 transcripts,
 * 100,000 calls, as in {@link RejudgeBenchmark}. Prints figures, never asserts on time:
 * {@code mvn -B verify -Pbenchmark -pl core -am -Dtest=GrammarChangeBenchmark}
 */
@Tag("benchmark")
class GrammarChangeBenchmark {
    private static final int FILES = 1_800;
    private static final int CALLS = 100_000;

    @TempDir
    Path dir;

    @Test
    void theChangeOfAnEditedGrammarOver100kCalls() throws Exception {
        for (int f = 0; f < FILES; f++) {
            RejudgeBenchmark.write(dir.resolve(String.format("session-%04d.jsonl", f)), f,
                    CALLS / FILES + (f < CALLS % FILES ? 1 : 0));
        }
        CorpusEngine engine = new CorpusEngine(new TranscriptAnalyser(List.of(new PrecursorSource())), new IndexCache(),
                InOrder.defaultThreads());
        Path saved = Fixtures.path("precursor/claude-code.toml");
        engine.run(CorpusSurvey.of(List.of(), List.of(dir)), new AnalysisSettings(saved), new CorpusEngine.Listener() {
            @Override
            public void indexing(Path path, long done, long total) {
            }

            @Override
            public void analysed(Path path, TranscriptAnalysis a, String prompt) {
            }
        }, CancelToken.NEVER);
        String savedText = Files.readString(saved);
        PrecursorGrammar before = GrammarLoader.parse(savedText).grammar();
        String editedText = savedText.replace("MultiEdit = [\"Read\"]", "MultiEdit = [\"Read\"]\nBash = [\"Grep\"]");
        GrammarChange.Baseline baseline = new GrammarChange.Baseline(before);
        long first = System.nanoTime();
        GrammarChange.against(baseline, GrammarLoader.parse(editedText).grammar(), engine.callStreams(), () -> false);
        System.out.printf("the first keystroke, the saved grammar's stances made too: %.1f ms%n",
                (System.nanoTime() - first) / 1e6);
        long[] us = new long[15];
        GrammarChange change = null;
        for (int i = -5; i < us.length; i++) {
            long s = System.nanoTime();
            Map<Path, CallStream> streams = engine.callStreams();
            PrecursorGrammar edited = GrammarLoader.parse(editedText).grammar();
            change = GrammarChange.against(baseline, edited, streams, () -> false);
            if (i >= 0) {
                us[i] = (System.nanoTime() - s) / 1_000;
            }
        }
        Arrays.sort(us);
        System.out.printf("each later keystroke: parsed an edited grammar and compared it with the saved one over %,d transcripts (%,d calls):"
                        + " median %.1f ms, worst %.1f ms (%d runs); +%,d WARN, -%,d WARN, %,d EXEMPT%n", FILES, CALLS,
                us[us.length / 2] / 1e3, us[us.length - 1] / 1e3, us.length, change.warnsAdded(), change.warnsRemoved(),
                change.exemptAdded());
    }
}

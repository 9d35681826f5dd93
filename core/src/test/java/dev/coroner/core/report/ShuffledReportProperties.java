package dev.coroner.core.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.coroner.core.corpus.TranscriptPaths;
import dev.coroner.core.findings.AnalysisSettings;
import dev.coroner.core.redact.Redactor;
import dev.coroner.fixtures.Fixtures;
import java.util.ArrayList;
import java.util.List;
import java.nio.file.Path;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Property (jqwik): a report's bytes do not depend on the order its transcripts were named in, nor on how many were
 * judged at once (docs/ARCHITECTURE.md, "Reports": exports are deterministic). Over the fixtures of sessions, sub-agents,
 * deaths and hostile text, in any order, with duplicates.
 */
class ShuffledReportProperties {
    private static final List<Path> FILES = files();
    private static final byte[][] SORTED = render(FILES, 1);

    private static List<Path> files() {
        List<Path> all = new ArrayList<>();
        for (String folder : List.of("kinds", "terminal", "scripts")) {
            TranscriptPaths.expand(List.of(Fixtures.path(folder))).inputs().forEach(i -> all.add(i.path()));
        }
        return List.copyOf(all);
    }

    private static byte[][] render(List<Path> files, int threads) {
        Report r = ReportBuilder.build(files, AnalysisSettings.NONE, null, "test", Redactor.standard(List.of()), threads);
        return new byte[][] {ReportJson.bytes(r), ReportHtml.bytes(r)};
    }

    @Provide
    Arbitrary<List<Path>> shuffled() {
        return Arbitraries.shuffle(FILES).flatMap(order -> Arbitraries.of(order).list().ofMaxSize(4)
                .map(extra -> {
                    List<Path> withDuplicates = new ArrayList<>(order);
                    withDuplicates.addAll(extra);
                    return withDuplicates;
                }));
    }

    @Property(tries = 12)
    void theReportIsByteIdenticalWhateverTheInputOrder(@ForAll("shuffled") List<Path> order,
                                                       @ForAll("threads") int threads) {
        byte[][] got = render(order, threads);
        assertArrayEquals(SORTED[0], got[0], "JSON");
        assertArrayEquals(SORTED[1], got[1], "HTML");
    }

    @Provide
    Arbitrary<Integer> threads() {
        return Arbitraries.integers().between(1, 4);
    }
}

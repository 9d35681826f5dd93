package dev.coroner.core.corpus;

import dev.coroner.core.findings.AnalysisSettings;
import dev.coroner.core.findings.MarkerKind;
import dev.coroner.core.findings.PrecursorSource;
import dev.coroner.core.findings.ScriptsSource;
import dev.coroner.core.findings.TranscriptAnalyser;
import dev.coroner.core.findings.TranscriptAnalysis;
import dev.coroner.core.read.ReadMeter;
import dev.coroner.fixtures.Fixtures;
import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A changed grammar re-judges an open corpus from memory (docs/ARCHITECTURE.md, "The corpus engine"): 1,800
 * transcripts holding 100,000 calls between them, read once, then judged again under another grammar, with the
 * bytes read counted (none) and the time printed. Prints figures, never asserts on time:
 * {@code mvn -B verify -Pbenchmark -pl core -am -Dtest=RejudgeBenchmark}
 */
@Tag("benchmark")
class RejudgeBenchmark {
    private static final int FILES = 1_800;
    private static final int CALLS = 100_000;

    @TempDir
    Path dir;

    @Test
    void aGrammarChangeReJudges1800TranscriptsAnd100kCallsFromMemory() throws Exception {
        for (int f = 0; f < FILES; f++) {
            write(dir.resolve(String.format("session-%04d.jsonl", f)), f, CALLS / FILES + (f < CALLS % FILES ? 1 : 0));
        }
        TranscriptAnalyser analyser = new TranscriptAnalyser(List.of(new PrecursorSource(), new ScriptsSource()));
        CorpusEngine engine = new CorpusEngine(analyser, new IndexCache(), InOrder.defaultThreads());
        AnalysisSettings claudeCode = new AnalysisSettings(Fixtures.path("precursor/claude-code.toml"));
        long t0 = System.nanoTime();
        CorpusSurvey survey = CorpusSurvey.of(List.of(), List.of(dir));
        AtomicLong analysed = new AtomicLong();
        engine.run(survey, claudeCode, new CorpusEngine.Listener() {
            @Override
            public void indexing(Path path, long done, long total) {
            }

            @Override
            public void analysed(Path path, TranscriptAnalysis a, String prompt) {
                analysed.incrementAndGet();
            }
        }, CancelToken.NEVER);
        System.out.printf("read and analysed %,d transcripts in %.0f ms%n", analysed.get(), (System.nanoTime() - t0) / 1e6);

        AtomicLong bytesRead = new AtomicLong();
        ReadMeter.install(new ReadMeter.Reads() {
            @Override
            public void opened(Path path, Object channel) {
                bytesRead.addAndGet(1_000_000_000L); // an open alone shows up
            }

            @Override
            public void read(Path path, Object channel, long bytes) {
                bytesRead.addAndGet(bytes);
            }
        });
        try {
            AnalysisSettings[] grammars = {AnalysisSettings.NONE, claudeCode,
                    new AnalysisSettings(Fixtures.path("precursor/claude-code-case-sensitive.toml"))};
            for (int warm = 0; warm < 10; warm++) {
                engine.rejudge(grammars[warm % grammars.length], CancelToken.NEVER);
            }
            long[] ms = new long[15];
            long warns = 0;
            for (int i = 0; i < ms.length; i++) {
                AnalysisSettings g = grammars[i % grammars.length];
                long s = System.nanoTime();
                Map<Path, TranscriptAnalysis> judged = engine.rejudge(g, CancelToken.NEVER);
                ms[i] = (System.nanoTime() - s) / 1_000;
                if (g == claudeCode) {
                    warns = judged.values().stream().mapToLong(a -> a.count(MarkerKind.WARN)).sum();
                }
            }
            long[] sorted = ms.clone();
            Arrays.sort(sorted);
            System.out.printf("re-judged %,d transcripts (%,d calls) from memory: median %.1f ms, worst %.1f ms "
                            + "(%d runs, grammars none / claude-code / case-sensitive); %,d WARN under claude-code; "
                            + "bytes read while re-judging: %,d%n", FILES, CALLS, sorted[ms.length / 2] / 1e3,
                    sorted[ms.length - 1] / 1e3, ms.length, warns, bytesRead.get());
            if (bytesRead.get() != 0) {
                throw new AssertionError("re-judging read a file");
            }
        } finally {
            ReadMeter.install(null);
        }
    }

    /** A session of {@code calls} calls: Read, Edit (some before any Read: a WARN), Bash, with their results. */
    static void write(Path p, int seed, int calls) throws Exception {
        try (BufferedWriter w = Files.newBufferedWriter(p, StandardCharsets.UTF_8)) {
            w.write("{\"type\":\"user\",\"sessionId\":\"s" + seed + "\",\"message\":{\"role\":\"user\",\"content\":\"fix it\"}}\n");
            String[] tools = {"Edit", "Read", "Bash", "Edit", "Grep"};
            for (int c = 0; c < calls; c++) {
                String tool = tools[(c + seed) % tools.length];
                String id = "toolu_" + seed + "_" + c;
                String input = tool.equals("Bash") ? "{\"command\":\"make test-" + c + "\"}" : "{\"file_path\":\"/src/f" + c + "\"}";
                w.write("{\"type\":\"assistant\",\"message\":{\"id\":\"msg_" + seed + "_" + c + "\",\"role\":\"assistant\","
                        + "\"model\":\"claude-x\",\"content\":[{\"type\":\"text\",\"text\":\"Running:\\n```\\nmake test-" + c
                        + "\\n```\"},{\"type\":\"tool_use\",\"id\":\"" + id + "\",\"name\":\"" + tool + "\",\"input\":" + input
                        + "}]}}\n");
                w.write("{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\""
                        + id + "\",\"content\":\"ok\"}]}}\n");
            }
            w.write("{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"model\":\"claude-x\",\"content\":"
                    + "[{\"type\":\"text\",\"text\":\"done\"}]}}\n");
        }
    }
}

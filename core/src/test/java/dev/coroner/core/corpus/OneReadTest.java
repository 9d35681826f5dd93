package dev.coroner.core.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.findings.AnalysisSettings;
import dev.coroner.core.findings.MarkerKind;
import dev.coroner.core.findings.PrecursorSource;
import dev.coroner.core.findings.ScriptsSource;
import dev.coroner.core.findings.TranscriptAnalyser;
import dev.coroner.core.findings.TranscriptAnalysis;
import dev.coroner.core.read.ReadMeter;
import dev.coroner.fixtures.Fixtures;
import dev.coroner.fixtures.GeneratedTranscript;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The window's way through a corpus reads each transcript in full exactly once (docs/ARCHITECTURE.md, "The pass"):
 * counted read by read, each channel opened on a file is either the one pass (the whole file) or a peek at its head
 * or tail (the survey) or one record (the first prompt). And a changed grammar re-judges every transcript reading
 * nothing at all.
 */
class OneReadTest {
    /** A peek: the survey's head (64 KB) or tail blocks, or one re-read record; far below a full read here. */
    private static final long PEEK = 256 * 1024;

    @TempDir
    Path dir;

    /** Bytes read per channel, by file. */
    private final Map<Path, List<AtomicLong>> reads = new ConcurrentHashMap<>();

    @AfterEach
    void uninstall() {
        ReadMeter.install(null);
    }

    private void meter() {
        reads.clear();
        ReadMeter.install(new ReadMeter.Reads() {
            final Map<Object, AtomicLong> byChannel = new ConcurrentHashMap<>();

            @Override
            public void opened(Path path, Object channel) {
                AtomicLong n = new AtomicLong();
                byChannel.put(channel, n);
                reads.computeIfAbsent(path.toAbsolutePath().normalize(), p -> new java.util.concurrent.CopyOnWriteArrayList<>()).add(n);
            }

            @Override
            public void read(Path path, Object channel, long bytes) {
                byChannel.get(channel).addAndGet(bytes);
            }
        });
    }

    @Test
    void everyTranscriptIsReadInFullOnceAndAGrammarChangeReadsNothing() throws Exception {
        copy(Fixtures.demoCorpus(), dir);
        Path big = dir.resolve("big-session.jsonl");
        GeneratedTranscript.write(big, 6L << 20); // 6 MB: its full read cannot pass for a peek
        List<Path> files;
        try (Stream<Path> s = Files.walk(dir)) {
            files = s.filter(p -> p.toString().endsWith(".jsonl")).map(p -> p.toAbsolutePath().normalize()).toList();
        }
        assertTrue(files.size() >= 5);

        meter();
        TranscriptAnalyser analyser = new TranscriptAnalyser(List.of(new PrecursorSource(), new ScriptsSource()));
        CorpusEngine engine = new CorpusEngine(analyser, new IndexCache(), 2);
        CorpusSurvey survey = CorpusSurvey.of(List.of(), List.of(dir));
        AnalysisSettings claudeCode = new AnalysisSettings(Fixtures.path("precursor/claude-code.toml"));
        Map<Path, TranscriptAnalysis> first = new ConcurrentHashMap<>();
        engine.run(survey, claudeCode, new CorpusEngine.Listener() {
            @Override
            public void indexing(Path path, long done, long total) {
            }

            @Override
            public void analysed(Path path, TranscriptAnalysis a, String prompt) {
                first.put(path, a);
            }
        }, CancelToken.NEVER);
        assertEquals(files.size(), first.size());

        for (Path f : files) {
            long size = Files.size(f);
            List<Long> channels = reads.get(f).stream().map(AtomicLong::get).toList();
            assertTrue(channels.stream().anyMatch(n -> n == size), f.getFileName() + " is read in full: " + channels);
            assertTrue(channels.stream().filter(n -> n > PEEK).count() <= 1,
                    f.getFileName() + ": one full read, every other read a peek: " + channels);
        }
        long bigSize = Files.size(big);
        List<Long> bigReads = reads.get(big.toAbsolutePath().normalize()).stream().map(AtomicLong::get).toList();
        assertEquals(1, bigReads.stream().filter(n -> n == bigSize).count(), "6 MB read in full once: " + bigReads);
        assertTrue(bigReads.stream().filter(n -> n != bigSize).allMatch(n -> n <= PEEK), "the rest are peeks: " + bigReads);

        meter();
        Map<Path, TranscriptAnalysis> none = engine.rejudge(AnalysisSettings.NONE, CancelToken.NEVER);
        assertEquals(Map.of(), reads, "re-judging opens no file");
        assertEquals(files.size(), none.size());
        long warnsBefore = first.values().stream().mapToLong(a -> a.count(MarkerKind.WARN)).sum();
        long warnsAfter = none.values().stream().mapToLong(a -> a.count(MarkerKind.WARN)).sum();
        assertNotEquals(0, warnsBefore, "the demo corpus has WARNs under the Claude Code grammar");
        assertEquals(0, warnsAfter, "no grammar, no WARN");
        Map<Path, TranscriptAnalysis> again = engine.rejudge(claudeCode, CancelToken.NEVER);
        assertEquals(Map.of(), reads, "re-judging opens no file");
        for (Path f : files) {
            assertEquals(first.get(f), again.get(f), f + ": judged again from memory, the same analysis");
        }
    }

    private static void copy(Path from, Path to) throws Exception {
        List<Path> all = new ArrayList<>();
        try (Stream<Path> s = Files.walk(from)) {
            s.forEach(all::add);
        }
        for (Path p : all) {
            Path target = to.resolve(from.relativize(p).toString());
            if (Files.isDirectory(p)) {
                Files.createDirectories(target);
            } else {
                Files.copy(p, target);
            }
        }
    }
}

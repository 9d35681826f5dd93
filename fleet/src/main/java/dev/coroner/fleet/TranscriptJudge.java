package dev.coroner.fleet;

import dev.coroner.core.findings.AnalysisSettings;
import dev.coroner.core.findings.FindingSources;
import dev.coroner.core.findings.TranscriptAnalyser;
import dev.coroner.core.findings.TranscriptAnalysis;
import dev.coroner.core.index.Timestamps;
import dev.coroner.core.index.TranscriptIndex;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.precursor.GrammarLoader;
import dev.coroner.core.read.TranscriptFile;
import dev.coroner.core.read.TranscriptSource;
import dev.coroner.core.read.UnreadableTranscriptException;
import java.io.IOException;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.sql.Row;

/**
 * Judges transcripts one after another on one executor thread, as the command line judges one: the one pass, then the
 * finding sources (docs/FLEET.md, "How the job runs"). Made once per partition, so the grammar is parsed once per
 * partition. Never throws for a file: a file that cannot be read, or that makes Coroner fail inside, is a row that
 * says why.
 */
final class TranscriptJudge {
    /** One transcript's rows, and what the summary counts of it. */
    record Judged(String json, Row run, List<Row> findings, FleetSummary.Counted counted) implements Serializable {
    }

    private final Configuration conf;
    private final AnalysisSettings settings;
    private final TranscriptAnalyser analyser = new TranscriptAnalyser(FindingSources.standard());
    private final String version;

    /** @param grammar the precursor grammar's bytes, or null for none; {@code grammarName} names it */
    TranscriptJudge(Configuration conf, byte[] grammar, String grammarName, String version) {
        this.conf = conf;
        this.settings = grammar == null ? AnalysisSettings.NONE
                : new AnalysisSettings(Path.of(grammarName), GrammarLoader.parse(grammar));
        this.version = version;
    }

    /** The rows of the transcript at {@code uri} (a qualified Hadoop path), listed with {@code size} bytes (-1: unknown). */
    Judged judge(String uri, long size) {
        org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(uri);
        Path name = Path.of(file.toUri().getPath());
        RunRow.Facts none = new RunRow.Facts(size < 0 ? null : size, null, null, null, null);
        TranscriptAnalysis analysis;
        RunRow.Facts facts;
        try {
            FileSystem fs = file.getFileSystem(conf);
            HadoopFile opener = new HadoopFile(fs, file);
            Object[] out = TranscriptFile.openingWith(opener, () -> pass(opener));
            analysis = (TranscriptAnalysis) out[0];
            facts = out[1] == null ? none : (RunRow.Facts) out[1];
        } catch (IOException | RuntimeException | StackOverflowError e) {
            // a malformed file never kills an executor: Coroner failing inside is said on the file's row
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            analysis = TranscriptAnalyser.unreadable(name, "Coroner failed inside: " + why);
            facts = none;
        }
        Map<String, Object> m = RunRow.map(uri, analysis, facts, version);
        return new Judged(FleetJson.line(m), RunRow.row(m), RunRow.findings(uri, analysis),
                FleetSummary.Counted.of(analysis.verdict()));
    }

    /** {analysis, facts or null}: the pass (which reads the harness's version too), the sources, the hash of every byte. */
    private Object[] pass(HadoopFile opener) throws IOException {
        Path name = opener.name();
        TranscriptIndex index;
        try {
            index = TranscriptPass.run(name, TranscriptPass.Scope.ALL);
        } catch (UnreadableTranscriptException e) {
            return new Object[] {TranscriptAnalyser.unreadable(name, e.reason()), null};
        }
        TranscriptAnalysis analysis = analyser.analyse(index, settings);
        long size = index.bytesIndexed();
        String sha = sha256(opener, size);
        Instant first = null;
        Instant last = null;
        for (int row = 0; row < index.size(); row++) {
            long t = index.time(row);
            if (t != Timestamps.NONE) {
                first = first == null ? Instant.ofEpochMilli(t) : first;
                last = Instant.ofEpochMilli(t);
            }
        }
        return new Object[] {analysis,
                new RunRow.Facts(size, sha, index.harnessVersion(), first, last)}; // the pass read it
    }

    /** The hash of the file's first {@code size} bytes: what the pass read in order, and the rest read now. */
    private static String sha256(HadoopFile opener, long size) throws IOException {
        Sha256Cursor digest = opener.digest();
        if (digest.next() < size) {
            try (TranscriptSource rest = opener.open(opener.name())) {
                ByteBuffer buf = ByteBuffer.allocate(1 << 16);
                while (digest.next() < size) {
                    buf.clear();
                    buf.limit((int) Math.min(buf.capacity(), size - digest.next()));
                    if (rest.read(buf, digest.next()) <= 0) {
                        return null; // the file shrank: its row says it changed
                    }
                }
            } catch (UnreadableTranscriptException e) {
                return null;
            }
        }
        return digest.hex();
    }
}

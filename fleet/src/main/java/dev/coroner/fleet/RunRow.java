package dev.coroner.fleet;

import dev.coroner.core.corpus.StateTally;
import dev.coroner.core.findings.Finding;
import dev.coroner.core.findings.FindingKind;
import dev.coroner.core.findings.TranscriptAnalysis;
import dev.coroner.core.terminal.TerminalVerdict;
import java.math.BigInteger;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * One transcript's row of {@code OUT/runs} and its rows of {@code OUT/findings} (docs/FLEET.md, "Tables"). The runs row
 * begins with the keys {@code coroner verdict --json} prints, in its order and with its values, then the fleet's own
 * columns; the JSON line and the Parquet row are made from the same map.
 */
final class RunRow {
    static final StructType TRAILING = new StructType(new StructField[] {
            DataTypes.createStructField("line", DataTypes.LongType, false),
            DataTypes.createStructField("attempt", DataTypes.IntegerType, true),
            DataTypes.createStructField("max", DataTypes.IntegerType, true),
            DataTypes.createStructField("status", DataTypes.IntegerType, true),
            DataTypes.createStructField("cause", DataTypes.StringType, true),
            DataTypes.createStructField("class", DataTypes.StringType, false),
            // a Codex trailing failure's words (docs/VERDICTS.md, "Codex CLI"); null for Claude Code's
            DataTypes.createStructField("reason", DataTypes.StringType, true)});

    static final StructType RUNS = new StructType(new StructField[] {
            // coroner verdict --json, key for key
            DataTypes.createStructField("path", DataTypes.StringType, false),
            DataTypes.createStructField("state", DataTypes.StringType, false),
            DataTypes.createStructField("dead", DataTypes.BooleanType, false),
            DataTypes.createStructField("class", DataTypes.StringType, false),
            DataTypes.createStructField("api_status", DataTypes.LongType, true),
            DataTypes.createStructField("error", DataTypes.StringType, true),
            DataTypes.createStructField("reason", DataTypes.StringType, false),
            DataTypes.createStructField("kind", DataTypes.StringType, false),
            DataTypes.createStructField("trailing", TRAILING, true),
            DataTypes.createStructField("harness", DataTypes.StringType, false),
            DataTypes.createStructField("parent", DataTypes.StringType, true),
            // the fleet's own
            DataTypes.createStructField("size", DataTypes.LongType, true),
            DataTypes.createStructField("sha256", DataTypes.StringType, true),
            DataTypes.createStructField("harness_version", DataTypes.StringType, true),
            DataTypes.createStructField("session_id", DataTypes.StringType, true),
            DataTypes.createStructField("died_after_answer", DataTypes.BooleanType, false),
            DataTypes.createStructField("death_class", DataTypes.StringType, true),
            DataTypes.createStructField("no_run", DataTypes.StringType, true),
            DataTypes.createStructField("warns", DataTypes.LongType, false),
            DataTypes.createStructField("unmatched_blocks", DataTypes.LongType, false),
            DataTypes.createStructField("problem_lines", DataTypes.LongType, false),
            DataTypes.createStructField("records", DataTypes.LongType, false),
            DataTypes.createStructField("first_timestamp", DataTypes.TimestampType, true),
            DataTypes.createStructField("last_timestamp", DataTypes.TimestampType, true),
            DataTypes.createStructField("changed", DataTypes.StringType, true),
            DataTypes.createStructField("coroner_version", DataTypes.StringType, false)});

    static final StructType FINDINGS = new StructType(new StructField[] {
            DataTypes.createStructField("path", DataTypes.StringType, false),
            DataTypes.createStructField("kind", DataTypes.StringType, false),
            DataTypes.createStructField("severity", DataTypes.StringType, false),
            DataTypes.createStructField("line", DataTypes.LongType, false),
            DataTypes.createStructField("offset", DataTypes.LongType, false),
            DataTypes.createStructField("length", DataTypes.LongType, false),
            DataTypes.createStructField("title", DataTypes.StringType, false),
            DataTypes.createStructField("reason", DataTypes.StringType, false)});

    /**
     * What the pass gave beyond the analysis: the file's hash, its harness's version, the first and last record times
     * (the harness itself is the verdict's).
     */
    record Facts(Long size, String sha256, String harnessVersion, Instant first, Instant last) {
    }

    private RunRow() {
    }

    /** The runs row as an ordered map: JSON values (BigInteger, Long, String, Boolean, Map, null). */
    static Map<String, Object> map(String path, TranscriptAnalysis a, Facts facts, String version) {
        TerminalVerdict v = a.verdict();
        Map<String, Object> m = new LinkedHashMap<>();
        // coroner verdict --json (app: VerdictCommand.row), in its order
        m.put("path", path);
        m.putAll(v.toMap());
        // the verdict's parent (a Codex sub-agent's thread, a Claude Code agent file's session): the CLI omits a null
        m.putIfAbsent("parent", null);
        m.put("size", facts.size());
        m.put("sha256", facts.sha256());
        m.put("harness_version", facts.harnessVersion());
        m.put("session_id", a.summary().sessionId());
        m.put("died_after_answer", v.diedAfterAnswer());
        m.put("death_class", v.diedInARun() ? StateTally.deathClass(v.state(), v.terminalClass(), v.trailing()) : null);
        m.put("no_run", v.noRun() == null ? null : v.noRun().label());
        m.put("warns", a.count(FindingKind.WARN));
        m.put("unmatched_blocks", a.count(FindingKind.UNMATCHED_BLOCK));
        m.put("problem_lines", a.summary().problems());
        m.put("records", a.summary().records());
        m.put("first_timestamp", facts.first() == null ? null : facts.first().toString());
        m.put("last_timestamp", facts.last() == null ? null : facts.last().toString());
        m.put("changed", a.summary().changed());
        m.put("coroner_version", version);
        return m;
    }

    /** The same row for Parquet, in {@link #RUNS}' order. */
    static Row row(Map<String, Object> m) {
        Object[] values = new Object[RUNS.size()];
        int i = 0;
        for (StructField f : RUNS.fields()) {
            Object v = m.get(f.name());
            if (f.name().equals("api_status") && v != null) {
                BigInteger b = (BigInteger) v;
                v = b.bitLength() < 64 ? b.longValue() : null; // a status no long holds: the JSON line keeps it whole
            } else if (f.name().equals("trailing") && v != null) {
                Map<?, ?> t = (Map<?, ?>) v;
                v = RowFactory.create(t.get("line"), t.get("attempt"), t.get("max"), t.get("status"), t.get("cause"),
                        t.get("class"), t.get("reason"));
            } else if (f.dataType() == DataTypes.TimestampType && v != null) {
                v = Timestamp.from(Instant.parse((String) v));
            }
            values[i++] = v;
        }
        return RowFactory.create(values);
    }

    static List<Row> findings(String path, TranscriptAnalysis a) {
        List<Row> rows = new ArrayList<>();
        for (Finding f : a.findings()) {
            rows.add(RowFactory.create(path, f.kind().name(), f.severity().name(), f.line(), f.offset(), f.length(),
                    f.title(), f.reason()));
        }
        return rows;
    }
}

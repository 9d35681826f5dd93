package dev.coroner.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.coroner.core.corpus.FleetRuns;
import dev.coroner.core.redact.Redactor;
import dev.coroner.core.report.FleetReport;
import dev.coroner.core.report.Report;
import dev.coroner.fixtures.ProjectsCorpus;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job over a corpus shaped like {@code ~/.claude/projects} (sessions, nested and flat sub-agents, harness agents,
 * dangling links, multi-MB outputs; {@code ProjectsCorpus}): every JSON row holds what {@code coroner verdict --json}
 * prints for the same file (state, dead, class, kind, api_status, trailing, every key it prints), the Parquet tables read
 * back through Spark SQL count what the command line counts, and the JSON rows read back as a corpus of verdicts
 * ({@code FleetRuns}, docs/FLEET.md, "Opening the runs table") give the command line's headline.
 *
 * <p>In the default build the corpus is a small one generated here (100 files, 8 MiB). {@code bench/fleet-parity.sh}
 * runs the same test on the 1,800-file corpus by naming it in the system property {@code coroner.fleet.corpus}.
 */
class FleetProjectsCorpusTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;
    static SparkSession spark;
    static Path corpus;
    static FleetJob.Result json;
    static FleetJob.Result parquet;
    static Map<String, ObjectNode> cli;

    @BeforeAll
    static void runTheJobBothWays() throws IOException {
        String named = System.getProperty("coroner.fleet.corpus", "");
        if (named.isBlank()) {
            corpus = dir.resolve("projects");
            ProjectsCorpus.generate(corpus, 100, 8L << 20);
        } else {
            corpus = Path.of(named).toAbsolutePath().normalize();
        }
        spark = SparkSession.builder().master("local[2]").appName("fleet-projects-test")
                .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "2")
                .config("spark.driver.host", "127.0.0.1").getOrCreate();
        json = FleetJob.run(spark, FleetJob.Options.parse(new String[] {"--format", "json", "--out",
                dir.resolve("json").toString(), corpus.toString()}));
        parquet = FleetJob.run(spark, FleetJob.Options.parse(new String[] {"--out", dir.resolve("parquet").toString(),
                corpus.toString()}));
        cli = FleetJobTest.verdictRows(corpus.toString());
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
    }

    @Test
    void everyJsonRowIsWhatCoronerVerdictJsonPrintsForTheSameFile() throws IOException {
        Map<String, ObjectNode> fleet = FleetJobTest.runsRows(dir.resolve("json/runs"));
        assertTrue(cli.size() >= 100, "the corpus: " + cli.size() + " transcripts");
        assertEquals(cli.keySet(), fleet.keySet(), "the same transcripts");
        for (Map.Entry<String, ObjectNode> e : cli.entrySet()) {
            ObjectNode got = fleet.get(e.getKey());
            e.getValue().fieldNames().forEachRemaining(key -> {
                if (!key.equals("path")) {
                    assertEquals(e.getValue().get(key), got.get(key), e.getKey() + ": " + key);
                }
            });
        }
        System.out.printf("fleet parity: %d transcripts, %d bytes: every JSON row equals coroner verdict --json%n",
                json.transcripts(), json.bytes());
    }

    @Test
    void theParquetTablesCountWhatTheCommandLineCounts() {
        spark.read().parquet(dir.resolve("parquet/runs").toString()).createOrReplaceTempView("runs");
        assertEquals(cli.size(), spark.sql("SELECT count(*) FROM runs").first().getLong(0));
        assertEquals(json.transcripts(), parquet.transcripts());
        for (String column : List.of("state", "class", "kind", "harness")) {
            Map<String, Long> want = tally(cli, r -> r.get(column).asText());
            Map<String, Long> got = new TreeMap<>();
            spark.sql("SELECT `" + column + "`, count(*) FROM runs GROUP BY 1").collectAsList()
                    .forEach(r -> got.put(r.getString(0), r.getLong(1)));
            assertEquals(want, got, "transcripts by " + column);
        }
        assertEquals(cli.values().stream().filter(r -> r.get("dead").asBoolean()).count(),
                spark.sql("SELECT count(*) FROM runs WHERE dead").first().getLong(0));
        assertEquals(cli.values().stream().filter(r -> !r.get("trailing").isNull()).count(),
                spark.sql("SELECT count(*) FROM runs WHERE trailing IS NOT NULL").first().getLong(0));
        Map<String, Long> statuses = tally(cli, r -> r.get("api_status").isNull() ? "null" : r.get("api_status").asText());
        Map<String, Long> sqlStatuses = new TreeMap<>();
        spark.sql("SELECT coalesce(cast(api_status AS string), 'null'), count(*) FROM runs GROUP BY 1").collectAsList()
                .forEach(r -> sqlStatuses.put(r.getString(0), r.getLong(1)));
        assertEquals(statuses, sqlStatuses, "transcripts by api_status");
    }

    @Test
    void theSummaryAndTheRowsReadBackGiveTheCommandLinesTotal() throws IOException {
        StringWriter out = new StringWriter();
        FleetJobTest.cli(out, "verdict", corpus.toString());
        List<String> lines = out.toString().lines().toList();
        String total = lines.get(lines.size() - 1);
        JsonNode summary = JSON.readTree(dir.resolve("json/summary.json").toFile());
        assertEquals(total, summary.get("total").asText());
        assertEquals(total, parquet.summary().get("total"));

        // the JSON rows opened as the window and coroner report open them: the same verdicts, the same headline
        FleetRuns.Table table = FleetRuns.read(dir.resolve("json"));
        assertEquals(cli.size(), table.rows().size());
        assertTrue(table.rows().stream().allMatch(r -> r.problem() == null && r.reachable()));
        for (FleetRuns.Row r : table.rows()) {
            ObjectNode want = cli.get(r.local().toString());
            JsonNode back = JSON.readTree(JSON.writeValueAsString(r.verdict().toMap())); // written as the CLI writes it
            want.fieldNames().forEachRemaining(key -> {
                if (!key.equals("path")) {
                    assertEquals(want.get(key), back.get(key), r.uri() + ": " + key);
                }
            });
        }
        Report report = FleetReport.build(table, "test", Redactor.OFF);
        assertEquals(summary.get("headline").asText(), report.summary().headline());
    }

    private static Map<String, Long> tally(Map<String, ObjectNode> rows, Function<ObjectNode, String> key) {
        Map<String, Long> t = new TreeMap<>();
        rows.values().forEach(r -> t.merge(key.apply(r), 1L, Long::sum));
        return t;
    }
}

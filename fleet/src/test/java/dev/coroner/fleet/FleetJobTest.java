package dev.coroner.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.coroner.app.cli.CoronerCommand;
import dev.coroner.fixtures.Fixtures;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job on {@code local[2]} over every fixture gives, for each transcript, the row {@code coroner verdict --json}
 * prints for it (the command line's own code, run in-process), and its Parquet tables read back through Spark SQL count
 * what the JSON lines count (docs/FLEET.md).
 */
class FleetJobTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The keys {@code coroner verdict --json} prints, in its order: the runs row begins with them. */
    private static final List<String> VERDICT_KEYS = List.of("path", "state", "dead", "class", "api_status", "error",
            "reason", "kind", "trailing");

    @TempDir
    static Path dir;
    static SparkSession spark;
    static Path corpus;
    static FleetJob.Result json;
    static FleetJob.Result parquet;

    @BeforeAll
    static void runTheJobBothWays() throws IOException {
        corpus = Fixtures.root();
        spark = SparkSession.builder().master("local[2]").appName("fleet-test")
                .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "2")
                .config("spark.driver.host", "127.0.0.1").getOrCreate();
        json = FleetJob.run(spark, FleetJob.Options.parse(new String[] {"--format", "json", "--out",
                dir.resolve("json").toString(), corpus.toString()}));
        parquet = FleetJob.run(spark, FleetJob.Options.parse(new String[] {"--out", dir.resolve("parquet").toString(),
                corpus.toString()}));
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
    }

    @Test
    void everyRowIsWhatTheCommandLinePrintsForTheSameFileFieldForField() throws IOException {
        Map<String, ObjectNode> cli = verdictRows();
        Map<String, ObjectNode> fleet = runsRows(dir.resolve("json/runs"));
        assertTrue(cli.size() > 100, "the fixtures hold over a hundred transcripts: " + cli.size());
        assertEquals(cli.keySet(), fleet.keySet(), "the same transcripts");
        for (Map.Entry<String, ObjectNode> e : cli.entrySet()) {
            ObjectNode want = e.getValue();
            ObjectNode got = fleet.get(e.getKey());
            // whatever keys the command line prints (a new one included), the row begins with them, in its order
            List<String> cliKeys = new ArrayList<>();
            want.fieldNames().forEachRemaining(cliKeys::add);
            List<String> keys = new ArrayList<>();
            got.fieldNames().forEachRemaining(keys::add);
            assertTrue(cliKeys.containsAll(VERDICT_KEYS), "coroner verdict --json prints " + cliKeys);
            assertEquals(cliKeys, keys.subList(0, cliKeys.size()), "the verdict's keys first, in its order");
            for (String key : cliKeys) {
                if (!key.equals("path")) {
                    assertEquals(want.get(key), got.get(key), e.getKey() + ": " + key);
                }
            }
        }
    }

    @Test
    void eachRowCarriesTheFilesSizeAndSha256() throws Exception {
        for (Map.Entry<String, ObjectNode> e : runsRows(dir.resolve("json/runs")).entrySet()) {
            Path file = Path.of(e.getKey());
            if (!Files.isRegularFile(file)) {
                continue;
            }
            byte[] bytes = Files.readAllBytes(file);
            assertEquals(bytes.length, e.getValue().get("size").asLong(), e.getKey());
            String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
            assertEquals(sha, e.getValue().get("sha256").asText(), e.getKey());
        }
    }

    @Test
    void theParquetTablesReadBackThroughSparkSqlCountWhatTheJsonLinesCount() throws IOException {
        Map<String, ObjectNode> fleet = runsRows(dir.resolve("json/runs"));
        spark.read().parquet(dir.resolve("parquet/runs").toString()).createOrReplaceTempView("runs");
        spark.read().parquet(dir.resolve("parquet/findings").toString()).createOrReplaceTempView("findings");
        spark.read().json(dir.resolve("json/findings").toString()).createOrReplaceTempView("findings_json");

        assertEquals(fleet.size(), spark.sql("SELECT count(*) FROM runs").first().getLong(0));
        assertEquals(json.transcripts(), parquet.transcripts());
        Map<String, Long> byState = new TreeMap<>();
        fleet.values().forEach(r -> byState.merge(r.get("state").asText(), 1L, Long::sum));
        Map<String, Long> sqlByState = new TreeMap<>();
        spark.sql("SELECT state, count(*) FROM runs GROUP BY state").collectAsList()
                .forEach(r -> sqlByState.put(r.getString(0), r.getLong(1)));
        assertEquals(byState, sqlByState, "transcripts by state");
        long dead = fleet.values().stream().filter(r -> r.get("dead").asBoolean()).count();
        assertEquals(dead, spark.sql("SELECT count(*) FROM runs WHERE dead").first().getLong(0));
        long findings = spark.sql("SELECT count(*) FROM findings_json").first().getLong(0);
        assertTrue(findings > 0);
        assertEquals(findings, spark.sql("SELECT count(*) FROM findings").first().getLong(0));
        long warns = fleet.values().stream().mapToLong(r -> r.get("warns").asLong()).sum();
        assertEquals(warns, spark.sql("SELECT count(*) FROM findings WHERE kind = 'WARN'").first().getLong(0));
    }

    @Test
    void theSummaryIsTheCommandLinesTotalLine() throws IOException {
        StringWriter out = new StringWriter();
        cli(out, "verdict", corpus.toString());
        List<String> lines = out.toString().lines().toList();
        String total = lines.get(lines.size() - 1);
        assertTrue(total.startsWith("total: "), total);
        JsonNode summary = JSON.readTree(dir.resolve("json/summary.json").toFile());
        assertEquals(total, summary.get("total").asText());
        assertEquals(total, parquet.summary().get("total"));
        assertEquals(json.transcripts(), summary.get("transcripts").asLong());
    }

    private static Map<String, ObjectNode> verdictRows() throws IOException {
        return verdictRows(corpus.toString());
    }

    /** {@code coroner verdict --json} over {@code inputs}, in-process: its verdict rows by path. */
    static Map<String, ObjectNode> verdictRows(String... inputs) throws IOException {
        StringWriter out = new StringWriter();
        List<String> args = new ArrayList<>(List.of("verdict", "--json"));
        args.addAll(List.of(inputs));
        cli(out, args.toArray(String[]::new));
        Map<String, ObjectNode> rows = new TreeMap<>();
        for (String line : out.toString().lines().toList()) {
            ObjectNode row = (ObjectNode) JSON.readTree(line);
            if (row.has("state")) { // not the problem-line and note rows that follow a verdict
                rows.put(row.get("path").asText(), row);
            }
        }
        return rows;
    }

    static void cli(StringWriter out, String... args) {
        var cl = CoronerCommand.commandLine(args);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(new StringWriter(), true));
        CoronerCommand.execute(cl, args);
    }

    /** The job's JSON runs rows by path, the {@code file:} scheme taken off so they name files as the command line does. */
    static Map<String, ObjectNode> runsRows(Path runs) throws IOException {
        Map<String, ObjectNode> rows = new TreeMap<>();
        try (Stream<Path> parts = Files.list(runs)) {
            for (Iterator<Path> it = parts.filter(p -> p.getFileName().toString().startsWith("part-")).iterator();
                 it.hasNext(); ) {
                for (String line : Files.readAllLines(it.next())) {
                    ObjectNode row = (ObjectNode) JSON.readTree(line);
                    String path = row.get("path").asText();
                    assertFalse(rows.containsKey(path), "one row per transcript: " + path);
                    rows.put(path.startsWith("file:") ? path.substring("file:".length()) : path, row);
                }
            }
        }
        return rows;
    }
}

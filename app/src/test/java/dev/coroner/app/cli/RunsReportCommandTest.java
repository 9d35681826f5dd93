package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.fixtures.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code coroner report OUT/runs} (docs/FLEET.md, "Opening the runs table"): a fleet's runs table in JSON lines is
 * reported from its rows. The table here is what {@code coroner verdict --json} prints for the demo corpus (its
 * lines are the runs rows' first keys), with a row on HDFS and a line that is no row.
 */
class RunsReportCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private Path runs() throws Exception {
        Path demo = Fixtures.demoCorpus().toAbsolutePath();
        CliRun verdicts = CliRun.of("verdict", "--json", demo.toString());
        assertEquals(1, verdicts.status(), verdicts.err());
        Path runs = Files.createDirectories(dir.resolve("out/runs"));
        Files.writeString(runs.resolve("part-00000-aa-c000.txt"), verdicts.out(), StandardCharsets.UTF_8);
        Files.writeString(runs.resolve("part-00001-aa-c000.txt"),
                "{\"path\":\"hdfs://nn/runs/x.jsonl\",\"state\":\"SYNTHETIC\",\"dead\":true,\"class\":\"RATE_LIMIT\","
                        + "\"api_status\":429,\"error\":\"rate_limit\",\"reason\":\"the API said 429\",\"kind\":\"SESSION\","
                        + "\"trailing\":null,\"harness\":\"CLAUDE_CODE\",\"warns\":2}\n"
                        + "{\"path\":\"hdfs://nn/runs/y.jsonl\",\"state\":\n",
                StandardCharsets.UTF_8);
        Files.writeString(runs.resolve("_SUCCESS"), "");
        return runs;
    }

    @Test
    void theReportHoldsEveryRowAndEveryLineThatIsNoRowWithoutReadingATranscript() throws Exception {
        Path runs = runs();
        long rows = Files.readAllLines(runs.resolve("part-00000-aa-c000.txt")).stream().filter(l -> !l.isBlank()).count();
        Path out = dir.resolve("fleet.json");
        CliRun run = CliRun.of("report", "--out", out.toString(), runs.toString());
        assertEquals(1, run.status(), "dead rows: " + run.err());
        assertTrue(run.err().contains("rows of a fleet's runs table, 1 line that is no row"), run.err());
        JsonNode r = JSON.readTree(out.toFile());
        assertEquals("fleet", r.get("grammar").get("origin").asText());
        assertEquals(rows + 2, r.get("transcripts").size());
        Map<String, JsonNode> byPath = new HashMap<>();
        r.get("transcripts").forEach(t -> byPath.put(t.get("path").asText(), t));
        JsonNode far = byPath.get("hdfs://nn/runs/x.jsonl");
        assertEquals("SYNTHETIC", far.get("verdict").get("state").asText());
        assertEquals("RATE_LIMIT", far.get("verdict").get("class").asText());
        JsonNode torn = byPath.get("part-00001-aa-c000.txt line 2");
        assertEquals("UNREADABLE", torn.get("verdict").get("state").asText());
        assertTrue(torn.get("verdict").get("reason").asText().startsWith("no row of a runs table at part-00001-aa-c000.txt line 2: not JSON"),
                torn.get("verdict").get("reason").asText());
        assertEquals(2, r.get("summary").get("warns").asLong(), "the rows' WARN counts");

        // the same verdicts as the report on the files themselves, by state
        Path direct = dir.resolve("direct.json");
        CliRun files = CliRun.of("report", "--out", direct.toString(), Fixtures.demoCorpus().toAbsolutePath().toString());
        JsonNode d = JSON.readTree(direct.toFile());
        for (String state : new String[] {"HEALTHY", "EMPTY"}) {
            assertEquals(d.get("summary").get("states").get(state).asInt(), r.get("summary").get("states").get(state).asInt(),
                    state + ": " + files.err());
        }
        assertEquals(d.get("summary").get("states").get("SYNTHETIC").asInt() + 1,
                r.get("summary").get("states").get("SYNTHETIC").asInt(), "and the HDFS row");
    }

    @Test
    void parquetAndAGrammarAreRefusedWithWhy() throws Exception {
        Path parquet = Files.createDirectories(dir.resolve("p/runs"));
        Files.write(parquet.resolve("part-00000-bb-c000.snappy.parquet"), new byte[] {'P', 'A', 'R', '1'});
        CliRun run = CliRun.of("report", "--out", dir.resolve("p.html").toString(), parquet.toString());
        assertEquals(2, run.status());
        assertTrue(run.err().contains("Parquet, which Coroner does not read: run the job with --format json"), run.err());
        assertFalse(Files.exists(dir.resolve("p.html")));

        CliRun graded = CliRun.of("report", "--grammar", Fixtures.path("precursor/claude-code.toml").toString(),
                "--out", dir.resolve("g.html").toString(), runs().toString());
        assertEquals(2, graded.status());
        assertTrue(graded.err().contains("--grammar does not apply to a fleet's runs table"), graded.err());
    }
}

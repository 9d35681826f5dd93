package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.fixtures.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code coroner cost} and {@code verdict --usage} (docs/COST.md) on the cost fixtures. */
class CostCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static List<JsonNode> rows(CliRun run) throws Exception {
        List<JsonNode> rows = new java.util.ArrayList<>();
        for (String line : run.lines()) {
            rows.add(JSON.readTree(line));
        }
        return rows;
    }

    private static String cost() {
        return Fixtures.path("cost").toString();
    }

    @Test
    void jsonHasARowPerTranscriptThenTheTotalRow() throws Exception {
        CliRun run = CliRun.of("cost", "--json", cost());
        assertEquals(0, run.status(), run.err());
        List<JsonNode> rows = rows(run);
        assertEquals(8, rows.size(), run.out()); // 7 transcripts and the total
        JsonNode total = rows.get(7).get("total");
        assertEquals(7, total.get("transcripts").asInt());
        long input = 0;
        for (JsonNode r : rows.subList(0, 7)) {
            input += r.get("input_tokens").asLong();
        }
        assertEquals(input, total.get("input_tokens").asLong());
        assertEquals("[\"claude-imaginary-9\"]", total.get("unpriced_models").toString());
        JsonNode unknown = rows.stream().filter(r -> r.path("path").asText().endsWith("unknown-model.jsonl"))
                .findFirst().orElseThrow();
        assertTrue(unknown.get("cost_usd").isNull());
        JsonNode dead = rows.stream().filter(r -> r.path("path").asText().endsWith("dead-rate-limit.jsonl"))
                .findFirst().orElseThrow();
        assertEquals("RATE_LIMIT", dead.get("class").asText());
        assertTrue(dead.get("dead").asBoolean());
        assertTrue(total.get("dead_cost_usd").decimalValue().compareTo(dead.get("cost_usd").decimalValue()) > 0,
                "the dead sub-agent's cost is in it too");
    }

    @Test
    void bySessionRollsTheSubagentsUp() throws Exception {
        CliRun run = CliRun.of("cost", "--json", "--by", "session", Fixtures.path("cost/subagents").toString());
        List<JsonNode> rows = rows(run);
        assertEquals(2, rows.size(), run.out());
        assertEquals("5e551011-0000-4000-8000-0000000000a0", rows.get(0).get("session").asText());
        assertEquals(3, rows.get(0).get("transcripts").asInt());
        assertEquals(rows.get(0).get("cost_usd").decimalValue(), rows.get(1).get("total").get("cost_usd").decimalValue());
    }

    @Test
    void textNamesTheModelWithNoPriceAndEndsWithTheTotal() {
        CliRun run = CliRun.of("cost", Fixtures.path("cost/unknown-model.jsonl").toString());
        assertEquals(0, run.status(), run.err());
        assertTrue(run.out().contains("no price for claude-imaginary-9"), run.out());
        assertTrue(run.lines().get(run.lines().size() - 1).startsWith("total: 1 transcript · $0.0000 · "), run.out());
    }

    @Test
    void aPricesFileGivesTheUnknownModelItsPriceAndABadOneIsRefused() throws Exception {
        Path prices = dir.resolve("p.toml");
        Files.writeString(prices, "[models.\"claude-imaginary-9\"]\ninput = 2\noutput = 10\n");
        CliRun run = CliRun.of("cost", "--json", "--prices", prices.toString(),
                Fixtures.path("cost/unknown-model.jsonl").toString());
        assertTrue(run.out().contains("\"cost_usd\":0.000150,"), run.out()); // (50×2 + 5×10) / 1,000,000
        Files.writeString(prices, "[models.\"x\"]\ninput = \"two\"\n");
        CliRun bad = CliRun.of("cost", "--prices", prices.toString(), cost());
        assertEquals(ExitStatus.BAD_INPUT, bad.status());
        assertTrue(bad.err().contains("is not a price"), bad.err());
        assertEquals(ExitStatus.BAD_INPUT, CliRun.of("cost", "--by", "week", cost()).status());
    }

    @Test
    void aFileThatCannotBeReadShowsNoDollarsAndTheTotalSaysItLeftItOut() throws Exception {
        String missing = dir.resolve("gone.jsonl").toString();
        CliRun run = CliRun.of("cost", missing, Fixtures.path("cost/streamed.jsonl").toString());
        assertEquals(ExitStatus.BAD_INPUT, run.status(), run.err()); // named explicitly
        List<String> lines = run.lines();
        assertEquals("UNREADABLE not read  -  " + missing, lines.get(0), run.out());
        assertEquals("    no such file", lines.get(1), run.out());
        assertTrue(lines.get(2).startsWith("HEALTHY    $0.0031  claude-sonnet-4-6  "), run.out());
        String total = lines.get(lines.size() - 1);
        assertTrue(total.startsWith("total: 2 transcripts · $0.0031 · "), total);
        assertTrue(total.endsWith(" · not read: 1 file"), total);
        // with every file read, the total says nothing of the kind
        CliRun read = CliRun.of("cost", Fixtures.path("cost/streamed.jsonl").toString());
        assertFalse(read.out().contains("not read"), read.out());
    }

    @Test
    void countsOfTranscriptsAreWrittenWithThousandsSeparatorsAsTheTokenCountsAre() throws Exception {
        Path many = Files.createDirectories(dir.resolve("many"));
        String run = Files.readString(Fixtures.path("cost/streamed.jsonl"));
        for (int i = 0; i < 1_000; i++) {
            Files.writeString(many.resolve(String.format("t%04d.jsonl", i)), run);
        }
        List<String> total = CliRun.of("cost", many.toString()).lines();
        assertTrue(total.get(total.size() - 1).startsWith("total: 1,000 transcripts · $3.06"), total.get(total.size() - 1));
        List<String> byModel = CliRun.of("cost", "--by", "model", many.toString()).lines();
        assertTrue(byModel.get(0).startsWith("claude-sonnet-4-6  $3.06 · 1,000 transcripts"), byModel.get(0));
    }

    @Test
    void verdictUsageAddsTheFieldsAndWithoutItTheRowIsAsBefore() throws Exception {
        String file = Fixtures.path("cost/dead-rate-limit.jsonl").toString();
        JsonNode plain = rows(CliRun.of("verdict", "--json", file)).get(0);
        JsonNode usage = rows(CliRun.of("verdict", "--json", "--usage", file)).get(0);
        assertFalse(plain.has("cost_usd"));
        List<String> plainKeys = new java.util.ArrayList<>();
        plain.fieldNames().forEachRemaining(plainKeys::add);
        List<String> usageKeys = new java.util.ArrayList<>();
        usage.fieldNames().forEachRemaining(usageKeys::add);
        assertEquals(plainKeys, usageKeys.subList(0, plainKeys.size()));
        assertEquals(List.of("session", "models", "input_tokens", "output_tokens", "cache_creation_tokens",
                "cache_read_tokens", "cost_usd", "unpriced_models"), usageKeys.subList(plainKeys.size(), usageKeys.size()));
        assertEquals(2000, usage.get("input_tokens").asLong());
        assertEquals(ExitStatus.BAD_INPUT, CliRun.of("verdict", "--usage", "--follow", file).status());
        // --prices alone would change nothing: said, not ignored
        CliRun alone = CliRun.of("verdict", "--json", "--prices", file, file);
        assertEquals(ExitStatus.BAD_INPUT, alone.status());
        assertTrue(alone.err().contains("--prices goes with --usage"), alone.err());
        assertEquals("", alone.out());
    }
}

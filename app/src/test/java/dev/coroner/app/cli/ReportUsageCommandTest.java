package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.core.durable.Sha256;
import dev.coroner.core.workspace.Workspace;
import dev.coroner.core.workspace.WorkspaceFiles;
import dev.coroner.fixtures.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/COST.md, "Reports": {@code coroner report --usage [--prices FILE]} adds {@code coroner cost}'s figures to the
 * report, with paths or a workspace; {@code --prices} alone, {@code --compare} and a fleet's runs table refuse it, said.
 */
class ReportUsageCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path COST = Fixtures.path("cost");

    @TempDir
    Path dir;

    @Test
    void usageAddsEachTranscriptsCostRowAndTheCorpusTotalCoronerCostPrints() throws Exception {
        Path out = dir.resolve("r.json");
        CliRun run = CliRun.of("report", "--usage", "--out", out.toString(), COST.toString());
        assertEquals(1, run.status(), "a dead run: " + run.err());
        JsonNode r = JSON.readTree(out.toFile());
        CliRun cost = CliRun.of("cost", "--json", COST.toString());
        List<String> lines = cost.out().lines().toList();
        JsonNode total = JSON.readTree(lines.get(lines.size() - 1)).get("total");
        JsonNode summary = r.get("summary").get("cost");
        total.fieldNames().forEachRemaining(k -> assertEquals(total.get(k), summary.get(k), k));
        for (int i = 0; i < lines.size() - 1; i++) { // coroner cost's rows are in the report's order too
            JsonNode row = JSON.readTree(lines.get(i));
            JsonNode usage = r.get("transcripts").get(i).get("usage");
            usage.fieldNames().forEachRemaining(k -> assertEquals(row.get(k), usage.get(k), k));
        }
        assertTrue(Files.readString(out).contains("\"dead_cost_usd\": 0.100000,"), "written as coroner cost writes it");
        CliRun byClass = CliRun.of("cost", "--json", "--by", "class", COST.toString());
        List<String> groups = byClass.out().lines().toList();
        for (int i = 0; i < groups.size() - 1; i++) {
            assertEquals(JSON.readTree(groups.get(i)), summary.get("by_class").get(i));
        }
        assertEquals("LiteLLM model prices via ccusage 20.0.24, 2026-09-22", summary.get("prices").get("source").asText());
    }

    @Test
    void withoutUsageTheReportHoldsNoCost() throws Exception {
        Path out = dir.resolve("r.json");
        CliRun.of("report", "--out", out.toString(), COST.toString());
        String json = Files.readString(out);
        assertFalse(json.contains("\"usage\"") || json.contains("cost_usd"), json);
    }

    @Test
    void pricesOverTheBundledListAreNamedByTheirFileAndHash() throws Exception {
        Path corpus = Files.createDirectories(dir.resolve("corpus"));
        Path run = Files.copy(COST.resolve("dead-rate-limit.jsonl"), corpus.resolve("dead-rate-limit.jsonl"));
        Path prices = dir.resolve("mine.toml");
        Files.writeString(prices, "[models.\"claude-opus-4-7\"]\ninput = 4.0\noutput = 20.0\ncache_write = 5.0\n");
        Path out = dir.resolve("r.html");
        CliRun r = CliRun.of("report", "--usage", "--prices", prices.toString(), "--out", out.toString(), run.toString());
        assertEquals(1, r.status(), r.err());
        String html = Files.readString(out);
        assertTrue(html.contains("<tr><th>Prices</th><td>mine.toml over LiteLLM model prices via ccusage 20.0.24, "
                + "2026-09-22<br><code>SHA-256 " + Sha256.of(Files.readAllBytes(prices)) + "</code></td></tr>"), html);
        // 2,000 × $4 + 500 × $20 + 10,000 × $5 per million
        assertTrue(html.contains("<p class=\"cost\">Runs cost $0.0680; dead runs $0.0680: RATE_LIMIT $0.0680</p>"), html);
        assertFalse(html.contains(dir.toString()), "no absolute path");
    }

    @Test
    void pricesWithoutUsageABadPricesFileCompareAndAFleetsTableAreRefusedAndSaid() throws Exception {
        Path out = dir.resolve("r.json");
        Path prices = dir.resolve("p.toml");
        Files.writeString(prices, "[models.\"x\"]\ninput = 1.0\n");
        CliRun alone = CliRun.of("report", "--prices", prices.toString(), "--out", out.toString(), COST.toString());
        assertEquals(2, alone.status());
        assertTrue(alone.err().contains("--prices goes with --usage"), alone.err());

        Files.writeString(prices, "[models.\"x\"]\ninput = \"cheap\"\n");
        CliRun bad = CliRun.of("report", "--usage", "--prices", prices.toString(), "--out", out.toString(),
                COST.toString());
        assertEquals(2, bad.status());
        assertTrue(bad.err().contains("cannot use the prices file " + prices + ": "), bad.err());

        Path a = COST.resolve("dead-rate-limit.jsonl");
        Path b = COST.resolve("streamed.jsonl");
        CliRun compare = CliRun.of("report", "--usage", "--out", out.toString(), "--compare", a.toString(), b.toString());
        assertEquals(2, compare.status());
        assertTrue(compare.err().contains("--usage does not go with --compare"), compare.err());

        Path runs = Files.createDirectories(dir.resolve("fleet/runs"));
        Files.writeString(runs.resolve("part-00000-aa-c000.txt"), CliRun.of("verdict", "--json", a.toString()).out(),
                StandardCharsets.UTF_8);
        Files.writeString(runs.resolve("_SUCCESS"), "");
        CliRun fleet = CliRun.of("report", "--usage", "--out", out.toString(), runs.toString());
        assertEquals(2, fleet.status());
        assertTrue(fleet.err().contains("--usage does not go with a fleet's runs table"), fleet.err());
        assertFalse(Files.exists(out), "nothing written for a refusal");
    }

    @Test
    void aWorkspacesReportWithUsageIsTheReportOfItsTranscriptsWithUsage() throws Exception {
        Path corpus = Files.createDirectories(dir.resolve("corpus"));
        Path dead = Files.copy(COST.resolve("dead-rate-limit.jsonl"), corpus.resolve("dead-rate-limit.jsonl"));
        Path unknown = Files.copy(COST.resolve("unknown-model.jsonl"), corpus.resolve("unknown-model.jsonl"));
        Workspace w = new Workspace(List.of(WorkspaceFiles.describe(dead), WorkspaceFiles.describe(unknown)), null,
                List.of(), List.of(), null, Workspace.Layout.NONE);
        Path file = dir.resolve("w.coroner.json");
        WorkspaceFiles.atomic().save(file, w);
        Path fromWorkspace = dir.resolve("w.json");
        Path fromPaths = dir.resolve("p.json");
        CliRun one = CliRun.of("report", "--usage", "--workspace", file.toString(), "--out", fromWorkspace.toString());
        CliRun two = CliRun.of("report", "--usage", "--out", fromPaths.toString(), dead.toString(), unknown.toString());
        assertEquals(1, one.status(), one.err());
        assertEquals(1, two.status(), two.err());
        assertArrayEquals(Files.readAllBytes(fromPaths), Files.readAllBytes(fromWorkspace));
        assertTrue(JSON.readTree(fromWorkspace.toFile()).get("transcripts").get(1).get("usage").get("cost_usd").isNull());
    }
}

package dev.coroner.core.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.cost.CostLedger;
import dev.coroner.core.cost.CostRow;
import dev.coroner.core.corpus.TranscriptPaths;
import dev.coroner.core.durable.Sha256;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.redact.Redactor;
import dev.coroner.core.usage.PriceTable;
import dev.coroner.fixtures.Fixtures;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/COST.md, "Reports": a report asked for cost carries each transcript's usage fields and the corpus's total and
 * groups by class exactly as {@code coroner cost} counts them, names its prices as reports name files, redacts and
 * escapes model names, and a report not asked for cost is the report it always was.
 */
class ReportCostTest {
    private static final String BUNDLED = "LiteLLM model prices via ccusage 20.0.24, 2026-09-22";

    @TempDir
    Path dir;

    private static List<Path> costFixtures() throws Exception {
        return TranscriptPaths.expand(List.of(Fixtures.path("cost"))).inputs().stream()
                .map(TranscriptPaths.Input::path).toList();
    }

    private static Report report(List<Path> files, ReportPrices prices, Redactor redactor) {
        return ReportBuilder.build(new ReportRequest(files, ReportGrammar.NONE, List.of(), redactor, false, prices),
                "test", 2);
    }

    private static String json(Report r) {
        return new String(ReportJson.bytes(r), StandardCharsets.UTF_8);
    }

    private static String html(Report r) {
        return new String(ReportHtml.bytes(r), StandardCharsets.UTF_8);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> transcripts(Map<String, Object> tree) {
        return (List<Map<String, Object>>) tree.get("transcripts");
    }

    private static Map<String, Object> entry(Map<String, Object> tree, String path) {
        return transcripts(tree).stream().filter(t -> t.get("path").equals(path)).findFirst().orElseThrow();
    }

    /** What {@code coroner cost} makes of the same files: its rows, read by the one pass and priced alike. */
    private static List<CostRow> costRows(List<Path> files, PriceTable prices) throws Exception {
        List<CostRow> rows = new ArrayList<>();
        for (Path p : ReportBuilder.order(files)) {
            rows.add(CostRow.of(p, TranscriptPass.run(p), prices));
        }
        return rows;
    }

    @Test
    void eachTranscriptCarriesTheFieldsCoronerCostWritesAndTheCorpusItsTotalAndClasses() throws Exception {
        List<Path> files = costFixtures();
        Report r = report(files, ReportPrices.bundled(), Redactor.standard(List.of()));
        Map<String, Object> tree = ReportJson.tree(r);
        List<CostRow> rows = costRows(files, PriceTable.bundled());
        for (int i = 0; i < rows.size(); i++) { // each entry's usage: coroner cost's row fields, keys and all
            CostRow row = rows.get(i);
            assertEquals(CostRow.usageFields(row.usage(), row.cost()), transcripts(tree).get(i).get("usage"),
                    row.path().toString());
        }
        // claude-opus-4-7 ($5 in, $25 out, $6.25 cache write): 2,000 in, 500 out, 10,000 written, worked by hand
        Map<String, Object> dead = map(entry(tree, "dead-rate-limit.jsonl").get("usage"));
        assertEquals(new BigDecimal("0.085000"), dead.get("cost_usd"));
        assertEquals(List.of("models", "input_tokens", "output_tokens", "cache_creation_tokens", "cache_read_tokens",
                "cost_usd", "unpriced_models"), List.copyOf(dead.keySet()));
        Map<String, Object> unknown = map(entry(tree, "unknown-model.jsonl").get("usage"));
        assertNull(unknown.get("cost_usd"), "no price, no cost: never a guess");
        assertEquals(List.of("claude-imaginary-9"), unknown.get("unpriced_models"));

        Map<String, Object> cost = map(map(tree.get("summary")).get("cost"));
        assertEquals(List.of("transcripts", "input_tokens", "output_tokens", "cache_creation_tokens",
                "cache_read_tokens", "cost_usd", "dead_cost_usd", "unpriced_models", "by_class", "prices"),
                List.copyOf(cost.keySet()));
        Map<String, Object> total = new LinkedHashMap<>(cost);
        total.remove("by_class");
        total.remove("prices");
        assertEquals(CostLedger.total(rows).toMap().get("total"), total, "coroner cost --json's total row");
        assertEquals(CostLedger.by(CostLedger.By.CLASS, rows, List.of(), PriceTable.bundled()).stream()
                .map(CostLedger.Group::toMap).toList(), cost.get("by_class"), "coroner cost --by class --json's rows");
        // the dead run ($0.085) and the dead sub-agent (claude-sonnet-4-6, 3,000 in, 400 out: $0.015), under RATE_LIMIT
        assertEquals(new BigDecimal("0.100000"), cost.get("dead_cost_usd"));
        @SuppressWarnings("unchecked")
        Map<String, Object> rateLimit = ((List<Map<String, Object>>) cost.get("by_class")).stream()
                .filter(g -> g.get("class").equals("RATE_LIMIT")).findFirst().orElseThrow();
        assertEquals(new BigDecimal("0.100000"), rateLimit.get("dead_cost_usd"));
        assertEquals(2, rateLimit.get("transcripts"));
        assertEquals(List.of("claude-imaginary-9"), cost.get("unpriced_models"));
        Map<String, Object> prices = new LinkedHashMap<>();
        prices.put("source", BUNDLED);
        prices.put("file", null);
        prices.put("sha256", null);
        assertEquals(prices, cost.get("prices"));

        String json = json(r);
        assertTrue(json.contains("\"cost_usd\": 0.085000,"), "money as coroner cost writes it, exactly: " + json);
        assertTrue(json.contains("\"dead_cost_usd\": 0.100000,"), json);
    }

    @Test
    void thePageShowsEachCostTheCorpusLineAndThePrices() throws Exception {
        String html = html(report(costFixtures(), ReportPrices.bundled(), Redactor.standard(List.of())));
        assertTrue(html.contains("<tr><th>Prices</th><td>" + BUNDLED + "</td></tr>"), html);
        // $0.126263 in all with the unknown model's tokens left out: a lower bound, said so
        assertTrue(html.contains("<p class=\"cost\">Runs cost at least $0.1263; dead runs $0.1000: RATE_LIMIT $0.1000</p>"),
                html);
        assertTrue(html.contains("<tr><th>Not counted</th><td>no price for claude-imaginary-9: their tokens are in the "
                + "counts, not in the dollars</td></tr>"), html);
        assertTrue(html.contains("<tr><th>Cost</th><td>$0.0850 · claude-opus-4-7 · in 2,000 · out 500 · cache write "
                + "10,000 · cache read 0</td></tr>"), html);
        assertTrue(html.contains("<tr><th>Cost</th><td>no price for claude-imaginary-9 · claude-imaginary-9 · in 50 · "
                + "out 5 · cache write 0 · cache read 0</td></tr>"), html);
    }

    @Test
    void aFileNotReadShowsNoDollarsAndTheCorpusLineSaysItIsALowerBound() throws Exception {
        List<Path> files = new ArrayList<>(List.of(Fixtures.path("cost/dead-rate-limit.jsonl")));
        files.add(dir.resolve("gone.jsonl")); // no such file
        String html = html(report(files, ReportPrices.bundled(), Redactor.standard(List.of())));
        assertTrue(html.contains("<tr><th>Cost</th><td>not read: nothing of the file is counted</td></tr>"), html);
        assertFalse(html.contains("<td>$0.0000 · in 0"), html);
        assertTrue(html.contains("<p class=\"cost\">Runs cost at least $0.0850; dead runs $0.0850: RATE_LIMIT $0.0850; "
                + "1 file not read</p>"), html);
        // every file read: no such words
        String read = html(report(List.of(Fixtures.path("cost/dead-rate-limit.jsonl")), ReportPrices.bundled(),
                Redactor.standard(List.of())));
        assertTrue(read.contains("<p class=\"cost\">Runs cost $0.0850; dead runs $0.0850: RATE_LIMIT $0.0850</p>"), read);
    }

    @Test
    void withoutPricesTheReportIsTheOneWithoutCostAndWithThemOnlyTheCostIsAdded() throws Exception {
        List<Path> files = new ArrayList<>(costFixtures());
        files.add(Fixtures.path("report/hostile-text.jsonl"));
        Report without = report(files, null, Redactor.standard(List.of()));
        Report legacy = ReportBuilder.build(new ReportRequest(files, ReportGrammar.NONE, List.of(),
                Redactor.standard(List.of()), false), "test", 1);
        assertArrayEquals(ReportJson.bytes(legacy), ReportJson.bytes(without));
        assertArrayEquals(ReportHtml.bytes(legacy), ReportHtml.bytes(without));
        assertNull(without.cost());
        assertTrue(without.transcripts().stream().allMatch(e -> e.usage() == null));
        String plain = json(without);
        assertFalse(plain.contains("usage") || plain.contains("cost_usd"), plain);
        assertFalse(html(without).contains("Cost") || html(without).contains("Prices"));

        Report with = report(files, ReportPrices.bundled(), Redactor.standard(List.of()));
        Map<String, Object> tree = ReportJson.tree(with);
        map(tree.get("summary")).remove("cost");
        transcripts(tree).forEach(t -> t.remove("usage"));
        assertArrayEquals(ReportJson.bytes(without), ReportJson.bytes(tree), "the cost is added, nothing else changes");
        String page = html(with)
                .replaceAll("(?s)<h4>Cost</h4>\n<p class=\"cost\">.*?</p>\n<table class=\"rows\">\n.*?</table>\n", "")
                .replaceAll("<tr><th>(Cost|Prices)</th><td>[^\n]*</td></tr>\n", "");
        assertEquals(html(without), page);
    }

    @Test
    void aPricesFileIsNamedAsReportsNameFilesWithItsHashAndPricesTheCost() throws Exception {
        Path corpus = Files.createDirectories(dir.resolve("corpus"));
        Path run = Files.copy(Fixtures.path("cost/dead-rate-limit.jsonl"), corpus.resolve("dead-rate-limit.jsonl"));
        byte[] toml = """
                [models."claude-opus-4-7"]
                input = 4.0
                output = 20.0
                cache_write = 5.0
                cache_read = 0.4
                """.getBytes(StandardCharsets.UTF_8);
        Path outside = Files.write(Files.createDirectories(dir.resolve("elsewhere")).resolve("mine.toml"), toml);
        Map<String, Object> cost = map(map(ReportJson.tree(report(List.of(run), ReportPrices.file(outside),
                Redactor.standard(List.of()))).get("summary")).get("cost"));
        Map<String, Object> prices = map(cost.get("prices"));
        assertEquals("mine.toml over " + BUNDLED, prices.get("source"), "a file outside the corpus: by its name");
        assertEquals("mine.toml", prices.get("file"));
        assertEquals(Sha256.of(toml), prices.get("sha256"));
        // 2,000 × $4 + 500 × $20 + 10,000 × $5 per million
        assertEquals(new BigDecimal("0.068000"), cost.get("cost_usd"));

        Path inside = Files.write(Files.createDirectories(corpus.resolve("prices")).resolve("ours.toml"),
                ("[source]\nname = \"our contract\"\ndate = \"2026-12-01\"\n\n" + new String(toml, StandardCharsets.UTF_8))
                        .getBytes(StandardCharsets.UTF_8));
        Report r = report(List.of(run), ReportPrices.file(inside), Redactor.standard(List.of()));
        prices = map(map(map(ReportJson.tree(r).get("summary")).get("cost")).get("prices"));
        assertEquals("our contract, 2026-12-01 over " + BUNDLED, prices.get("source"), "the file's own source");
        assertEquals("prices/ours.toml", prices.get("file"), "under the corpus: relative to it");
        String json = json(r);
        String html = html(r);
        assertFalse(json.contains(dir.toString()) || html.contains(dir.toString()), "no absolute path: " + json);
    }

    @Test
    void modelNamesAreRedactedAndCountedAndEscapedOnThePage() throws Exception {
        Path hostile = dir.resolve("hostile-model.jsonl");
        Files.writeString(hostile, Files.readString(Fixtures.path("cost/unknown-model.jsonl"))
                .replace("claude-imaginary-9", "claude-<img src=x onerror=alert(1)>-secretword"));
        List<Path> files = List.of(hostile, Fixtures.path("cost/unknown-model.jsonl"));
        Report open = report(files, ReportPrices.bundled(), Redactor.standard(List.of()));
        String page = html(open);
        assertFalse(page.contains("<img"), "a model name is transcript text: escaped");
        assertTrue(page.contains("no price for claude-&lt;img src=x onerror=alert(1)&gt;-secretword"), page);

        Report redacted = report(files, ReportPrices.bundled(), Redactor.standard(List.of("secretword|imaginary")));
        String json = json(redacted);
        assertFalse(json.contains("secretword") || json.contains("imaginary"), json);
        assertFalse(html(redacted).contains("secretword") || html(redacted).contains("imaginary"));
        Map<String, Object> tree = ReportJson.tree(redacted);
        Map<String, Object> unknown = transcripts(tree).stream()
                .filter(t -> ((String) t.get("path")).endsWith("unknown-model.jsonl")).findFirst().orElseThrow();
        assertEquals(List.of("claude-[REDACTED:user-pattern-1]-9"), map(unknown.get("usage")).get("unpriced_models"));
        // each name written is counted: 2 entries × (models, unpriced) = 4, the total's unpriced 2, the one class's
        // (HEALTHY) models 2 and unpriced 2
        assertEquals(10L, redacted.redaction().byKind().get("user-pattern-1"));
        assertEquals(0L, open.redaction().total());
    }

    @Test
    void theSameInputsGiveTheSameBytesWhateverThePoolDid() throws Exception {
        List<Path> files = costFixtures();
        Report one = ReportBuilder.build(new ReportRequest(files, ReportGrammar.NONE, List.of(),
                Redactor.standard(List.of()), false, ReportPrices.bundled()), "test", 1);
        List<Path> reversed = new ArrayList<>(files);
        java.util.Collections.reverse(reversed);
        Report three = ReportBuilder.build(new ReportRequest(reversed, ReportGrammar.NONE, List.of(),
                Redactor.standard(List.of()), false, ReportPrices.bundled()), "test", 3);
        assertArrayEquals(ReportJson.bytes(one), ReportJson.bytes(three));
        assertArrayEquals(ReportHtml.bytes(one), ReportHtml.bytes(three));
    }
}

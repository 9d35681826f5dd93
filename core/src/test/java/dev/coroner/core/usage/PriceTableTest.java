package dev.coroner.core.usage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bundled prices, their override, matching and the null cost (docs/COST.md, "Prices", "Matching"). */
class PriceTableTest {
    @TempDir
    Path dir;

    private Path file(String text) throws IOException {
        Path f = dir.resolve("prices.toml");
        Files.writeString(f, text);
        return f;
    }

    @Test
    void theBundledListSaysItsSourceAndDateAndPricesClaudeAndOpenAiModels() {
        PriceTable t = PriceTable.bundled();
        assertEquals("LiteLLM model prices via ccusage 20.0.24, 2026-09-22", t.source());
        assertEquals(new ModelPrice("claude-opus-4-7", 5.0, 25.0, 6.25, 0.5, 10.0), t.price("claude-opus-4-7").orElseThrow());
        assertEquals(new ModelPrice("gpt-5.4", 2.5, 15.0, 0.0, 0.25, 0.0), t.price("gpt-5.4").orElseThrow());
        assertTrue(t.size() > 100, "models: " + t.size());
        assertFalse(t.price("zai/glm-5").isPresent(), "only Claude and OpenAI models are bundled");
    }

    @Test
    void aModelIsFoundByItsExactNameThenWithAProviderPrefix() throws IOException {
        PriceTable t = PriceTable.load(file("""
                [models."anthropic/claude-x"]
                input = 1
                output = 2
                [models."openai/gpt-x"]
                input = 3
                output = 4
                [models."gpt-x"]
                input = 5
                output = 6
                """));
        assertEquals(1.0, t.price("claude-x").orElseThrow().inputPerMTok());
        assertEquals(5.0, t.price("gpt-x").orElseThrow().inputPerMTok(), "the exact name comes first");
        assertTrue(t.price("claude").isEmpty(), "no partial match: a name is the whole name");
        assertTrue(t.price("x").isEmpty());
        assertTrue(t.price(null).isEmpty());
    }

    @Test
    void aPricesFileOverridesModelByModelAndAMissingPriceIsZero() throws IOException {
        PriceTable t = PriceTable.bundled().overriddenBy(PriceTable.load(file("""
                [source]
                name = "our contract"
                date = "2026-12-01"
                [models."claude-opus-4-7"]
                input = 4
                output = 20
                cache_write = 5
                cache_read = 0.4
                [models."claude-x"]
                output = 1.5
                """)));
        assertEquals(new ModelPrice("claude-opus-4-7", 4, 20, 5, 0.4, 5), t.price("claude-opus-4-7").orElseThrow());
        assertEquals(new ModelPrice("claude-x", 0, 1.5, 0, 0, 0), t.price("claude-x").orElseThrow());
        assertEquals(6.25, t.price("claude-opus-4-6").orElseThrow().cacheWritePerMTok(), "the others stay");
        assertEquals("our contract, 2026-12-01 over LiteLLM model prices via ccusage 20.0.24, 2026-09-22", t.source());
    }

    @Test
    void aFileThatIsNoPricesFileIsRefusedSayingWhere() throws IOException {
        IOException e = assertThrows(IOException.class, () -> PriceTable.load(file("[models.\"a\"]\ninput = \n")));
        assertTrue(e.getMessage().contains("line 2"), e.getMessage());
        e = assertThrows(IOException.class, () -> PriceTable.load(file("[models.\"a\"]\ninput = -1\n")));
        assertTrue(e.getMessage().contains("models.\"a\".input (line 2, column 1) is not a price"), e.getMessage());
        e = assertThrows(IOException.class, () -> PriceTable.load(file("[model.\"a\"]\ninput = 1\n")));
        assertTrue(e.getMessage().contains("unknown table or key \"model\""), e.getMessage());
        e = assertThrows(IOException.class, () -> PriceTable.load(file("[models]\na = 1\n")));
        assertTrue(e.getMessage().contains("models.\"a\" (line 2, column 1) is not a table"), e.getMessage());
    }

    @Test
    void aMisspeltKeyOrAValueOfTheWrongKindIsRefusedWithWhereItIsNeverReadAsZeroNorAnInternalError() {
        // each would have priced a model at $0 silently, or failed as a bug in Coroner
        Map<String, String> refused = Map.of(
                "[models.\"a\"]\ninput = 1\ninputt = 3\n",
                "unknown key models.\"a\".inputt (line 3, column 1) (a model's prices are input, output, cache_write, "
                        + "cache_read, cache_write_1h)",
                "[source]\nname = 3\n", "source.name (line 2, column 1) is not a text",
                "[source]\nnam = \"ours\"\n", "unknown key source.nam (line 2, column 1)",
                "source = \"ours\"\n", "source (line 1, column 1) is not a table",
                "models = 3\n", "models (line 1, column 1) is not a table",
                "[models.\"a\"]\ncache_read = \"0.3\"\n", "models.\"a\".cache_read (line 2, column 1) is not a price");
        refused.forEach((text, says) -> {
            IOException e = assertThrows(IOException.class, () -> PriceTable.load(file(text)), text);
            assertTrue(e.getMessage().contains(says), text + " -> " + e.getMessage());
        });
    }

    @Test
    void aSourceDateMayBeWrittenAsATomlDate() throws IOException {
        PriceTable t = PriceTable.load(file("[source]\nname = \"our contract\"\ndate = 2026-12-01\n"
                + "[models.\"a\"]\ninput = 1\n"));
        assertEquals("our contract, 2026-12-01", t.source());
    }

    @Test
    void aCostIsNullWhenAModelThatBilledHasNoPriceAndASumNamesWhatItLeftOut() {
        PriceTable t = PriceTable.bundled();
        TokenCounts million = new TokenCounts(1_000_000, 0, 0, 0);
        Cost priced = t.cost(Map.of("claude-opus-4-7", million));
        Cost mixed = t.cost(new java.util.LinkedHashMap<>(Map.of("claude-opus-4-7", million, "claude-y", million)));
        Cost idle = t.cost(Map.of("claude-y", TokenCounts.ZERO));
        assertEquals(0, new BigDecimal("5").compareTo(priced.priced()));
        assertNull(mixed.usd());
        assertEquals(List.of("claude-y"), mixed.unpricedModels());
        assertTrue(idle.complete(), "a model that billed nothing needs no price");
        Cost sum = Cost.sum(List.of(priced, mixed, idle));
        assertEquals(new BigDecimal("10.000000"), sum.rounded(), "the priced parts, the mixed one's too");
        assertEquals(List.of("claude-y"), sum.unpricedModels());
        assertEquals(sum, Cost.sum(List.of(idle, mixed, priced)), "a sum does not depend on its order");
    }

    @Test
    void theUsersPricesFileIsUnderTheDataFolderAndOverridesTheBundledList() throws IOException {
        assertEquals(dir.resolve("prices.toml"), PriceTable.userFile(dir));
        assertEquals(PriceTable.bundled().price("claude-opus-4-7"), PriceTable.forUser(dir).price("claude-opus-4-7"));
        file("[models.\"claude-opus-4-7\"]\ninput = 1\n");
        assertEquals(1.0, PriceTable.forUser(dir).price("claude-opus-4-7").orElseThrow().inputPerMTok());
        String was = System.getProperty("coroner.data");
        System.setProperty("coroner.data", dir.toString());
        try {
            assertEquals(dir.toAbsolutePath().resolve("prices.toml"), PriceTable.userFile());
            assertEquals(1.0, PriceTable.forUser().price("claude-opus-4-7").orElseThrow().inputPerMTok());
        } finally {
            if (was == null) {
                System.clearProperty("coroner.data");
            } else {
                System.setProperty("coroner.data", was);
            }
        }
    }
}

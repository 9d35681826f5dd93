package dev.coroner.core.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.corpus.TranscriptPaths;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.usage.PriceTable;
import dev.coroner.core.usage.TokenCounts;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Our totals on ../shared/corpus (the "corpus" profile), pinned: the figures of our own run of {@code coroner cost},
 * which bench/ccusage_parity.py checks against ccusage 20.0.24's {@code session --json --offline} on the same files
 * (the four token totals equal, the cost equal to the micro-dollar; docs/COST.md, "Parity with ccusage"). A change to
 * the counting or the bundled prices moves them, and must be checked against ccusage again.
 */
@Tag("corpus")
class CostCorpusTest {
    @Test
    void theCorpusTotalsAreTheOnesCheckedAgainstCcusage() throws Exception {
        Path root = Path.of(System.getProperty("coroner.corpus", "../shared/corpus"));
        assertTrue(Files.isDirectory(root), "corpus profile enabled but no corpus at " + root.toAbsolutePath());
        List<CostRow> rows = new ArrayList<>();
        for (TranscriptPaths.Input in : TranscriptPaths.expand(List.of(root)).inputs()) {
            rows.add(CostRow.of(in.path(), TranscriptPass.run(in.path(), TranscriptPass.Scope.ALL),
                    PriceTable.bundled()));
        }
        CostLedger.Total total = CostLedger.total(rows);
        assertEquals(152, total.transcripts());
        TokenCounts t = total.tokens();
        assertEquals(List.of(424_806L, 4_085_491L, 26_558_495L, 1_295_270_894L),
                List.of(t.input(), t.output(), t.cacheCreation(), t.cacheRead()));
        assertEquals(new BigDecimal("1059.649739"), total.cost().pricedRounded());
        assertEquals(List.of(), total.cost().unpricedModels());
    }
}

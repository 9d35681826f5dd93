package dev.coroner.app.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.read.Harness;
import dev.coroner.core.report.ReportGrammar;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Both bundled grammars, Claude Code's and Codex CLI's, are recognised as bundled wherever they were unpacked. */
class ReportInputsTest {
    @Test
    void eachHarnessHasItsBundledGrammarAndEachIsKnownAsBundled() {
        Path claude = ReportInputs.bundledGrammar(Harness.CLAUDE_CODE);
        Path codex = ReportInputs.bundledGrammar(Harness.CODEX);
        assertEquals(ReportInputs.bundledGrammar(), claude);
        assertEquals("codex.toml", codex.getFileName().toString());
        assertTrue(Files.isRegularFile(codex));
        assertEquals(Harness.CLAUDE_CODE, ReportInputs.bundledFor(claude));
        assertEquals(Harness.CODEX, ReportInputs.bundledFor(codex));
    }

    @Test
    void aCopyOfTheCodexGrammarUnpackedByAnEarlierRunIsNamedBundledAndAnyOtherFileIsNot(@TempDir Path dir) throws IOException {
        Path gone = dir.resolve("coroner-fixtures-123").resolve("precursor").resolve("codex.toml");
        assertTrue(ReportInputs.isBundled(gone));
        ReportGrammar g = ReportInputs.grammar(gone);
        ReportGrammar own = ReportInputs.grammar(ReportInputs.bundledGrammar(Harness.CODEX));
        assertEquals(ReportGrammar.Origin.BUNDLED, g.origin());
        assertEquals(own.file(), g.file(), "a copy that is gone is read from this run's own");
        assertEquals(own.sha256(), g.sha256());
        Path mine = Files.createDirectories(dir.resolve("precursor")).resolve("codex.toml");
        Files.copy(ReportInputs.bundledGrammar(Harness.CODEX), mine);
        assertFalse(ReportInputs.isBundled(mine));
        assertNull(ReportInputs.bundledFor(mine));
    }
}

package dev.coroner.core.findings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.index.TranscriptIndex;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.fixtures.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The precursor gate and the matcher as the window sees them: markers and findings on the demo session. */
class StandardSourcesTest {
    static final Path SESSION = Fixtures.demoCorpus().resolve("7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b.jsonl");
    static final AnalysisSettings CLAUDE_CODE = new AnalysisSettings(Fixtures.path("precursor/claude-code.toml"));

    @TempDir
    Path dir;

    @Test
    void theEditBeforeAnyReadIsAWarnWithTheGatesReason() throws Exception {
        Contribution c = new PrecursorSource().contribute(TranscriptPass.run(SESSION).judgement(), CLAUDE_CODE);
        assertEquals(1, c.markers().size());
        Marker warn = c.markers().get(0);
        assertEquals(10, warn.line());
        assertEquals(MarkerKind.WARN, warn.kind());
        // the lookups as claude-code.toml spells them (Edit = ["Read"], Read = ["NotebookRead"]), in its order
        assertTrue(warn.reason().startsWith("Edit · REFUTED · required Read or NotebookRead: results had come in, but"
                + " none from Read or NotebookRead:"), warn.reason());
        assertEquals(FindingKind.WARN, c.findings().get(0).kind());
        assertEquals("WARN: Edit before Read or NotebookRead", c.findings().get(0).title());
        assertTrue(c.findings().get(0).offset() > 0, "the finding points at the call's bytes");
    }

    @Test
    void anExemptCallPutsNoWarnOnTheTimelineOrInTheFindings() throws Exception {
        TranscriptIndex index = TranscriptPass.run(Fixtures.path("precursor/exemptions/own-write.jsonl"));
        Path withoutExemptions = dir.resolve("read-first.toml");
        Files.writeString(withoutExemptions, "[precursor.requires]\nEdit = \"Read\"\nWrite = \"Read\"\nMultiEdit = \"Read\"\n");
        Contribution reference = new PrecursorSource().contribute(index.judgement(), new AnalysisSettings(withoutExemptions));
        Contribution exempted = new PrecursorSource().contribute(index.judgement(), CLAUDE_CODE);
        assertEquals(4, reference.findings().size());
        // the created test file, and the Edit and MultiEdit of it after its Write, are EXEMPT: informational only
        assertEquals(List.of(FindingKind.WARN), exempted.findings().stream().map(Finding::kind).toList());
        assertEquals(List.of(MarkerKind.WARN), exempted.markers().stream().map(Marker::kind).toList());
        assertTrue(exempted.markers().get(0).label().equals("WARN Edit"), exempted.markers().get(0).label());
    }

    @Test
    void noGrammarMeansNoWarnsAndABrokenGrammarFailsLoudly() throws Exception {
        TranscriptIndex index = TranscriptPass.run(SESSION);
        assertEquals(List.of(), new PrecursorSource().contribute(index.judgement(), AnalysisSettings.NONE).markers());
        Path bad = dir.resolve("bad.toml");
        Files.writeString(bad, "[precursor.requires]\nEdit = 3\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new PrecursorSource().contribute(index.judgement(), new AnalysisSettings(bad)));
        assertTrue(e.getMessage().startsWith("bad.toml:2:"), e.getMessage());
    }

    @Test
    void theAnswersBlocksAreLinkedToTheFailedBashCallOrLabelledUnmatched() throws Exception {
        Contribution c = new ScriptsSource().contribute(TranscriptPass.run(SESSION).judgement(), AnalysisSettings.NONE);
        Marker matched = c.markers().stream().filter(m -> m.kind() == MarkerKind.BLOCK_MATCHED).findFirst().orElseThrow();
        assertEquals(14, matched.line());
        assertEquals(12, matched.targetLine(), "the badge goes to the Bash call that ran it");
        assertEquals("block 1 · error", matched.label());
        assertTrue(matched.reason().contains("exit code 1"), matched.reason());
        Marker unmatched = c.markers().stream().filter(m -> m.kind() == MarkerKind.BLOCK_UNMATCHED).findFirst().orElseThrow();
        assertEquals("block 2 · no-submission-this-turn", unmatched.label());
        assertEquals(List.of(FindingKind.UNMATCHED_BLOCK), c.findings().stream().map(Finding::kind).toList());
    }
}

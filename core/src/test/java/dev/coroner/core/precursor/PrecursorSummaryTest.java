package dev.coroner.core.precursor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.coroner.core.index.TranscriptPass;
import dev.coroner.fixtures.Fixtures;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PrecursorSummaryTest {

    private static PrecursorSummary summarise(String grammar, String transcript) throws Exception {
        PrecursorGrammar g = GrammarLoader.load(Fixtures.path("precursor/" + grammar)).grammar();
        CallStream s = TranscriptPass.run(Fixtures.path("precursor/" + transcript)).judgement().calls();
        return PrecursorSummary.of(PrecursorGate.evaluate(g, s));
    }

    @Test
    void countsWarnsAndNamesTheToolsAsCalled() throws Exception {
        PrecursorSummary s = summarise("customer-service.toml", "customer-service/parallel.jsonl");
        assertEquals(2, s.gated());
        assertEquals(1, s.warnings());
        assertEquals(Map.of("modify_order", 1), s.warnedTools());
        assertEquals("1 WARN (modify_order ×1) · 2 gated calls: 1 ATTESTED, 1 REFUTED, 0 NO_SIGNAL", s.describe());
    }

    @Test
    void aCleanTranscriptHasNoWarn() throws Exception {
        PrecursorSummary s = summarise("claude-code.toml", "claude-code/first-call.jsonl");
        assertEquals(0, s.warnings());
        assertEquals("no WARN · 2 gated calls: 1 ATTESTED, 0 REFUTED, 1 NO_SIGNAL", s.describe());
    }

    @Test
    void noGatedCallsAtAll() throws Exception {
        assertEquals("no WARN · 0 gated calls: 0 ATTESTED, 0 REFUTED, 0 NO_SIGNAL",
                summarise("claude-code.toml", "claude-code/undeclared.jsonl").describe());
    }

    @Test
    void toolsAreListedInCodePointOrderWithTheirCounts() {
        ToolCall w = new ToolCall(0, "a", "Write", 1);
        ToolCall e = new ToolCall(1, "b", "Edit", 2);
        ToolCall e2 = new ToolCall(2, "c", "Edit", 3);
        List<PrecursorVerdict> v = List.of(
                new PrecursorVerdict(w, PrecursorStance.REFUTED, List.of("read"), List.of(), "r"),
                new PrecursorVerdict(e, PrecursorStance.REFUTED, List.of("read"), List.of(), "r"),
                new PrecursorVerdict(e2, PrecursorStance.REFUTED, List.of("read"), List.of(), "r"),
                new PrecursorVerdict(new ToolCall(3, "d", "Bash", 4), PrecursorStance.NO_SIGNAL, List.of(), List.of(), "not gated"));
        PrecursorSummary s = PrecursorSummary.of(v);
        assertEquals(List.of("Edit", "Write"), List.copyOf(s.warnedTools().keySet()));
        assertEquals("3 WARN (Edit ×2, Write ×1) · 3 gated calls: 0 ATTESTED, 3 REFUTED, 0 NO_SIGNAL", s.describe());
    }
}

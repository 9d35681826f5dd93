package dev.coroner.core.terminal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

/** the reference {@code refusal_envelope}: dead verdicts block with a greppable reason class; others are all clear. */
class RefusalEnvelopeTest {
    private static TerminalVerdict synthetic(TerminalClass cls, Integer status) {
        TerminalEvidence e = new TerminalEvidence(true, true, "<synthetic>", "stop_sequence", true,
                status == null ? null : BigInteger.valueOf(status), null, null, "x", true, 0, null);
        return new TerminalVerdict(TerminalState.SYNTHETIC, cls, e.apiStatus(), null, "r", e, AgentKind.SESSION, null);
    }

    @Test
    void syntheticBlocksWithItsClass() {
        var m = RefusalEnvelope.of(synthetic(TerminalClass.RATE_LIMIT, 429)).toMap();
        assertEquals(List.of("do_not_render", "blocked", "all_clear", "verdict", "reason_class", "state",
                "api_status", "reason"), List.copyOf(m.keySet()));
        assertEquals(true, m.get("blocked"));
        assertEquals(false, m.get("all_clear"));
        assertEquals("WEDGE", m.get("verdict"));
        assertEquals("RESULT_DEAD_RATE_LIMIT", m.get("reason_class"));
        assertEquals(BigInteger.valueOf(429), m.get("api_status"));
    }

    @Test
    void emptyBlocksAsResultEmpty() {
        var m = RefusalEnvelope.of(TerminalClassifier.classify(TerminalEvidence.notFound())).toMap();
        assertEquals("RESULT_EMPTY", m.get("reason_class"));
        assertEquals("EMPTY", m.get("state"));
        assertEquals(null, m.get("api_status"));
    }

    @Test
    void healthyAndUnreadableAreAllClear() {
        for (TerminalVerdict v : List.of(TerminalClassifier.classify(TerminalEvidence.unreadable("gone")),
                TerminalClassifier.classify(new TerminalEvidence(true, true, "claude-x", null, false, null, null, null,
                        "ok", true, 0, null)))) {
            var m = RefusalEnvelope.of(v).toMap();
            assertEquals(List.of("all_clear", "verdict", "state", "reason"), List.copyOf(m.keySet()));
            assertEquals("LIVE", m.get("verdict"));
            assertEquals(v.state().name(), m.get("state"));
        }
    }
}

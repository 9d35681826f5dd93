package dev.coroner.core.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.coroner.core.terminal.AgentKind;
import dev.coroner.core.terminal.NoRun;
import dev.coroner.core.terminal.TerminalState;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The chart's counts come from the transcripts' verdicts; one not judged yet is counted as such, never as healthy;
 * harness agents are counted apart from the workers, never hidden.
 */
class StateTallyTest {
    @Test
    void eachStateIsCountedAndUnjudgedOnesArePending() {
        StateTally t = StateTally.of(Arrays.asList(TerminalState.SYNTHETIC, TerminalState.HEALTHY, null,
                TerminalState.EMPTY, TerminalState.SYNTHETIC, TerminalState.UNREADABLE).stream()
                .map(StateTally.Judged::worker).toList());
        assertEquals(new StateTally(1, 2, 1, 1, 1, 0, 0, 0), t);
        assertEquals("3 of 6 dead · 50% · 1 being judged", t.headline());
    }

    @Test
    void workersComeFirstAndHarnessAgentsApartWithTheirDeaths() {
        StateTally t = StateTally.of(List.of(
                new StateTally.Judged(TerminalState.HEALTHY, false, AgentKind.SESSION),
                new StateTally.Judged(TerminalState.SYNTHETIC, false, AgentKind.SUBAGENT),
                new StateTally.Judged(TerminalState.HEALTHY, true, AgentKind.SUBAGENT),
                new StateTally.Judged(TerminalState.HEALTHY, false, AgentKind.HARNESS),
                new StateTally.Judged(TerminalState.SYNTHETIC, false, AgentKind.HARNESS),
                new StateTally.Judged(TerminalState.HEALTHY, true, AgentKind.HARNESS),
                new StateTally.Judged(null, false, AgentKind.HARNESS)));
        assertEquals(new StateTally(1, 1, 0, 0, 0, 1, 4, 2), t);
        assertEquals(3, t.total());
        assertEquals(7, t.transcripts());
        assertEquals("2 of 3 workers dead · 67% · + 4 harness agents, 2 dead", t.headline());
    }

    @Test
    void onlyHarnessAgentsOpenStillSaysSo() {
        StateTally t = StateTally.of(List.of(new StateTally.Judged(TerminalState.EMPTY, false, AgentKind.HARNESS)));
        assertEquals("0 of 0 workers dead · 0% · + 1 harness agent, 1 dead", t.headline());
    }

    @Test
    void aReportsHeadlineIsWrittenTheSameInEveryLocale() {
        List<StateTally.Judged> many = new java.util.ArrayList<>();
        for (int i = 0; i < 1234; i++) {
            many.add(StateTally.Judged.worker(i < 617 ? TerminalState.SYNTHETIC : TerminalState.HEALTHY));
        }
        StateTally t = StateTally.of(many);
        assertEquals("617 of 1,234 dead · 50%", t.headline(java.util.Locale.ROOT));
        assertEquals("617 of 1.234 dead · 50%", t.headline(java.util.Locale.GERMANY));
    }

    @Test
    void filesThatHoldNoRunAreCountedApartWhateverTheirNameNeverAsDeaths() {
        StateTally t = StateTally.of(List.of(
                new StateTally.Judged(TerminalState.HEALTHY, false, AgentKind.SESSION),
                new StateTally.Judged(TerminalState.SYNTHETIC, false, AgentKind.SUBAGENT),
                new StateTally.Judged(TerminalState.EMPTY, false, AgentKind.SESSION, NoRun.ZERO_BYTES),
                new StateTally.Judged(TerminalState.EMPTY, false, AgentKind.HARNESS, NoRun.ZERO_BYTES),
                new StateTally.Judged(TerminalState.EMPTY, false, AgentKind.SUBAGENT, NoRun.METADATA_ONLY)));
        assertEquals(new StateTally(1, 1, 0, 0, 0, 0, 0, 0, 2, 1), t);
        assertEquals(1, t.dead());
        assertEquals(2, t.total());
        assertEquals(5, t.transcripts());
        assertEquals("1 of 2 workers dead · 50% · + 3 files with no run (0 bytes: 2, metadata only: 1)", t.headline());
        assertEquals("1 of 2 workers dead · 50%", t.workersHeadline());
        assertFalse(new StateTally.Judged(TerminalState.EMPTY, false, AgentKind.SESSION, NoRun.ZERO_BYTES).died());
    }
}

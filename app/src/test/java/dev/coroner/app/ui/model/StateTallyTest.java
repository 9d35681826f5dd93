package dev.coroner.app.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.coroner.core.terminal.TerminalState;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The chart's counts come from the transcripts' states; one not judged yet is counted as such, never as healthy. */
class StateTallyTest {
    @Test
    void eachStateIsCountedAndUnjudgedOnesArePending() {
        StateTally t = StateTally.of(Arrays.asList(TerminalState.SYNTHETIC, TerminalState.HEALTHY, null,
                TerminalState.EMPTY, TerminalState.SYNTHETIC, TerminalState.UNREADABLE));
        assertEquals(new StateTally(1, 2, 1, 1, 1), t);
        assertEquals("3 of 6 dead · 50% · 1 being judged", t.headline());
    }
}

package dev.coroner.core.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The one pairing rule (docs/VERDICTS.md, "Pairing"). */
class CallPairingTest {
    @Test
    void aResultAnswersTheOpenCallOfItsIdOnce() {
        CallPairing p = new CallPairing();
        assertEquals(0, p.call("a"));
        assertEquals(1, p.call("b"));
        assertEquals(1, p.result("b"));
        assertEquals(-1, p.result("b"), "a second result for the same call is an orphan");
        assertEquals(0, p.result("a"));
    }

    @Test
    void aReusedIdPairsWithItsLatestCall() {
        CallPairing p = new CallPairing();
        p.call("x");
        assertEquals(1, p.call("x"));
        assertEquals(1, p.result("x"));
        assertEquals(-1, p.result("x"), "the earlier call with the same id stays unanswered");
    }

    @Test
    void resultsWithoutACallInTheFileAndIdsThatAreNotStringsAreOrphans() {
        CallPairing p = new CallPairing();
        assertEquals(0, p.call(null));
        assertEquals(-1, p.result("never-called"));
        assertEquals(-1, p.result(null));
    }
}

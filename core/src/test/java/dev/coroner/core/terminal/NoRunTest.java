package dev.coroner.core.terminal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.index.TerminalVerdicts;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.fixtures.Fixtures;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * docs/VERDICTS.md, "Files that hold no run": a 0-byte file and one of only metadata records are EMPTY and dead as the
 * reference says, and marked as holding no run; a prompt with no answer, a file of garbage and one that ends in an API
 * failure are runs. The reader from the end and the one pass agree.
 */
class NoRunTest {
    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({
            "terminal/empty-file.jsonl,                          ZERO_BYTES",
            "norun/empty.jsonl,                                  ZERO_BYTES",
            "terminal/empty-metadata-only.jsonl,                 METADATA_ONLY",
            "norun/summary-only.jsonl,                           METADATA_ONLY",
            "terminal/empty-prompt-only.jsonl,                   ",
            "terminal/empty-prompt-then-connection-refused.jsonl, ",
            "terminal/blank-lines.jsonl,                         ",
            "terminal/garbled.jsonl,                             ",
            "terminal/gzip.jsonl,                                ",
            "terminal/empty-content.jsonl,                       ",
            "terminal/healthy.jsonl,                             ",
            "terminal/synthetic-rate-limit-429.jsonl,            ",
    })
    void onlyA0ByteFileAndOneOfOnlyMetadataHoldNoRun(String fixture, NoRun expected) throws Exception {
        Path p = Fixtures.path(fixture);
        TerminalVerdict fromTheEnd = TerminalVerdicts.judge(p);
        assertEquals(expected, fromTheEnd.noRun(), fromTheEnd.reason());
        assertEquals(expected, TranscriptPass.run(p).judgement().terminal().noRun(), "the one pass agrees");
        if (expected != null) {
            assertEquals(TerminalState.EMPTY, fromTheEnd.state(), "the reference's state stays");
            assertTrue(fromTheEnd.dead(), "the reference's dead stays");
            assertTrue(!fromTheEnd.diedInARun(), "but it is no death of a run");
        }
    }
}

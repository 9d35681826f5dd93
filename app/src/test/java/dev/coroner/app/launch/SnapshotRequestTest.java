package dev.coroner.app.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.coroner.fixtures.Fixtures;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The command line's words for the window become typed values before any JavaFX class loads. */
class SnapshotRequestTest {
    @ParameterizedTest
    @CsvSource({"1600x1000, 1600, 1000", "800X600, 800, 600", "1 x 2, 1, 2"})
    void aSizeIsWidthByHeight(String text, int width, int height) {
        assertEquals(new SnapshotRequest.Size(width, height), SnapshotRequest.Size.parse(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"1600", "1600x", "x1000", "1600x1000x2", "wide x tall", "0x100", "-5x100"})
    void anythingElseIsNotASize(String text) {
        assertThrows(IllegalArgumentException.class, () -> SnapshotRequest.Size.parse(text));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "agent-a7b2.jsonl | agent-a7b2.jsonl | 0",
            "agent-a7b2.jsonl:6 | agent-a7b2.jsonl | 6",
            "C:\\runs\\a.jsonl | C:\\runs\\a.jsonl | 0",
            "C:\\runs\\a.jsonl:12 | C:\\runs\\a.jsonl | 12",
            "odd:name.jsonl | odd:name.jsonl | 0"})
    void aSelectionIsANameAndMaybeALine(String text, String name, long line) {
        assertEquals(new SnapshotRequest.Selection(name, line), SnapshotRequest.Selection.parse(text));
    }

    @Test
    void aLineTooLongForALineIsNotASelection() {
        assertThrows(IllegalArgumentException.class,
                () -> SnapshotRequest.Selection.parse("a.jsonl:99999999999999999999"));
    }

    @Test
    void aWindowAskedForNothingOpensTheDemoCorpus() {
        assertEquals(List.of(Fixtures.demoCorpus().toAbsolutePath()), new WindowRequest(List.of()).toOpen());
        assertEquals(List.of(Path.of("a.jsonl").toAbsolutePath()), new WindowRequest(List.of(Path.of("a.jsonl"))).toOpen());
    }
}

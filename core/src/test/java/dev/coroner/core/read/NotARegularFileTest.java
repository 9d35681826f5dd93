package dev.coroner.core.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.index.TerminalVerdicts;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.fixtures.SpecialFiles;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/VERDICTS.md, "Reading": only a regular file is opened. A named pipe with no writer would block the open
 * forever and {@code /dev/zero} never ends; both are unreadable from their attributes. The timeout is a guard
 * against a hang, not a measure of speed.
 */
class NotARegularFileTest {
    private static final Duration HANG_GUARD = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    private static UnreadableTranscriptException refused(Executable read) {
        return assertTimeoutPreemptively(HANG_GUARD,
                () -> assertThrows(UnreadableTranscriptException.class, read));
    }

    @Test
    void aNamedPipeIsUnreadableToEveryReaderWithoutBeingOpened() throws Exception {
        Path fifo = SpecialFiles.fifo(dir.resolve("pipe.jsonl"));
        assertEquals(TranscriptFile.NOT_A_REGULAR_FILE, refused(() -> TranscriptReader.readAll(fifo)).reason());
        assertEquals(TranscriptFile.NOT_A_REGULAR_FILE, refused(() -> TranscriptPass.run(fifo)).reason());
        assertEquals(TranscriptFile.NOT_A_REGULAR_FILE, refused(() -> TailReader.linesBack(fifo, l -> true)).reason());
    }

    @Test
    void aNamedPipeGetsAnUnreadableVerdict() throws Exception {
        Path fifo = SpecialFiles.fifo(dir.resolve("pipe.jsonl"));
        TerminalVerdict v = assertTimeoutPreemptively(HANG_GUARD, () -> TerminalVerdicts.judge(fifo));
        assertEquals(TerminalState.UNREADABLE, v.state());
        assertTrue(v.reason().contains(TranscriptFile.NOT_A_REGULAR_FILE), v.reason());
    }

    @Test
    void anEndlessDeviceIsUnreadableToEveryReader() {
        Path zero = SpecialFiles.ENDLESS_DEVICE;
        assertEquals(TranscriptFile.NOT_A_REGULAR_FILE, refused(() -> TranscriptReader.readAll(zero)).reason());
        assertEquals(TranscriptFile.NOT_A_REGULAR_FILE, refused(() -> TranscriptPass.run(zero)).reason());
        assertEquals(TerminalState.UNREADABLE, TerminalVerdicts.judge(zero).state());
    }
}

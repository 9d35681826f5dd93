package dev.coroner.core.durable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.coroner.core.precursor.GrammarTableText;
import dev.coroner.core.read.TranscriptFile;
import dev.coroner.fixtures.SpecialFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/VERDICTS.md, "Files Coroner reads and writes": every file read whole, hashed or replaced goes through the one
 * opener, which refuses a pipe or a device at once instead of waiting on it or reading forever.
 */
class RegularFilesTest {
    @TempDir
    Path dir;

    @Test
    void everyReaderRefusesAPipeAndALinkToADeviceAtOnce() throws Exception {
        Path fifo = SpecialFiles.fifo(dir.resolve("p.toml"));
        Path zero = Files.createSymbolicLink(dir.resolve("z.toml"), SpecialFiles.ENDLESS_DEVICE);
        for (Path p : List.of(fifo, zero)) {
            for (Executable read : List.<Executable>of(() -> RegularFiles.readAll(p, 1000), () -> RegularFiles.head(p, 10),
                    () -> Sha256.of(p), () -> GrammarTableText.save(p, "[precursor]\n"))) {
                RegularFiles.Refused e = assertTimeoutPreemptively(Duration.ofSeconds(5),
                        () -> assertThrows(RegularFiles.Refused.class, read));
                assertEquals(TranscriptFile.NOT_A_REGULAR_FILE, e.getMessage());
            }
        }
    }

    @Test
    void aFolderIsRefusedAndAMissingFileIsNotThere() throws Exception {
        assertEquals("a folder, not a file",
                assertThrows(RegularFiles.Refused.class, () -> RegularFiles.readAll(dir, 10)).getMessage());
        assertEquals(false, RegularFiles.replaceable(dir.resolve("none")));
        assertEquals(true, RegularFiles.replaceable(Files.writeString(dir.resolve("f"), "x")));
    }
}

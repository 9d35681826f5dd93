package dev.coroner.core.durable;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/ARCHITECTURE.md, "Files Coroner writes": a write is whole or not at all. */
class AtomicWriteTest {
    @TempDir
    Path dir;

    @Test
    void writesANewFileAndLeavesNoTemporaryBehind() throws Exception {
        Path target = dir.resolve("report.json");
        AtomicWrite.replace(target, "new\n".getBytes(StandardCharsets.UTF_8));
        assertEquals("new\n", Files.readString(target));
        assertEquals(List.of(target), list());
    }

    @Test
    void replacesAnOldFileWhole() throws Exception {
        Path target = dir.resolve("report.json");
        Files.writeString(target, "old old old old\n");
        AtomicWrite.replace(target, "new\n".getBytes(StandardCharsets.UTF_8));
        assertEquals("new\n", Files.readString(target));
        assertEquals(List.of(target), list());
    }

    @Test
    void aCrashBetweenWriteAndMoveLeavesTheOldFileWhole() throws Exception {
        Path target = dir.resolve("workspace.coroner.json");
        byte[] old = "{\"schema\":{\"family\":\"coroner-workspace\",\"version\":1},\"notes\":[\"kept\"]}\n"
                .getBytes(StandardCharsets.UTF_8);
        Files.write(target, old);
        AtomicReference<String> written = new AtomicReference<>();
        AtomicWrite crashing = new AtomicWrite(temporary -> {
            written.set(Files.readString(temporary)); // the new bytes were on disk, beside the old file
            throw new IOException("crash before the move");
        });
        IOException e = assertThrows(IOException.class,
                () -> crashing.write(target, "{\"half\":".getBytes(StandardCharsets.UTF_8)));
        assertEquals("crash before the move", e.getMessage());
        assertEquals("{\"half\":", written.get());
        assertArrayEquals(old, Files.readAllBytes(target), "the old file is whole");
        assertEquals(List.of(target), list(), "the temporary file is gone");
    }

    @Test
    void theTemporaryFileSitsInTheTargetsFolder() throws Exception {
        Path target = dir.resolve("r.html");
        AtomicReference<Path> seen = new AtomicReference<>();
        new AtomicWrite(seen::set).write(target, new byte[] {1, 2, 3});
        assertEquals(dir.toAbsolutePath(), seen.get().getParent());
        assertTrue(seen.get().getFileName().toString().startsWith(".r.html."), seen.get().toString());
        assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(target));
    }

    private List<Path> list() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        }
    }
}

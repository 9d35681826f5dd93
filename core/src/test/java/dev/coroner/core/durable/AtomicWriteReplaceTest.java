package dev.coroner.core.durable;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Replacing a file: no temporary file left, permissions kept, a failed move leaves the old target whole. */
class AtomicWriteReplaceTest {

    private static List<String> names(Path dir) throws IOException {
        try (var files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void createsAndReplacesAFileLeavingNoTemporaryFile(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("dos.toml");
        AtomicWrite.replace(f, "one\n".getBytes(StandardCharsets.UTF_8));
        assertEquals("one\n", Files.readString(f));
        AtomicWrite.replace(f, "two\n".getBytes(StandardCharsets.UTF_8));
        assertEquals("two\n", Files.readString(f));
        assertEquals(List.of("dos.toml"), names(dir));
    }

    @Test
    void theSavedFileKeepsThePermissionsTheOldOneHad(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("dos.toml");
        Files.writeString(f, "old\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-r--r--"));
        AtomicWrite.replace(f, "new\n".getBytes(StandardCharsets.UTF_8));
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)));
    }

    @Test
    void aFailedMoveLeavesTheOldTargetWholeAndNoTemporaryFile(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("taken");
        Files.createDirectory(target);
        Files.writeString(target.resolve("inside.txt"), "kept\n");
        assertThrows(IOException.class, () -> AtomicWrite.replace(target, "x".getBytes(StandardCharsets.UTF_8)));
        assertEquals("kept\n", Files.readString(target.resolve("inside.txt")));
        assertEquals(List.of("taken"), names(dir));
    }

    @Test
    void aMissingFolderIsAnErrorAndWritesNothing(@TempDir Path dir) {
        assertThrows(IOException.class, () -> AtomicWrite.replace(dir.resolve("no/such/folder/g.toml"), new byte[] {1}));
    }

    @Test
    void largeContentIsWrittenWhole(@TempDir Path dir) throws IOException {
        byte[] big = new byte[3 * 1024 * 1024 + 17];
        for (int i = 0; i < big.length; i++) {
            big[i] = (byte) (i * 31);
        }
        Path f = dir.resolve("big.bin");
        AtomicWrite.replace(f, big);
        assertArrayEquals(big, Files.readAllBytes(f));
    }
}

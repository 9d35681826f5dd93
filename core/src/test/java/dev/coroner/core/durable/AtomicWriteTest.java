package dev.coroner.core.durable;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.fixtures.SpecialFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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

    @Test
    void leftoversOfAKilledWriterAreRemovedByTheNextWriteAndALiveWritersAreKept() throws Exception {
        Path target = dir.resolve("r.html");
        long me = ProcessHandle.current().pid();
        Path dead = Files.writeString(dir.resolve(".r.html.4294967295.3.tmp"), "killed mid-write"); // above any pid
        Path mineBefore = Files.writeString(dir.resolve(".r.html." + me + ".999999.tmp"), "an earlier run, same pid");
        long live = ProcessHandle.current().parent().orElseThrow().pid();
        Path alive = Files.writeString(dir.resolve(".r.html." + live + ".1.tmp"), "another writer, still running");
        Path otherName = Files.writeString(dir.resolve(".q.html.4294967295.1.tmp"), "another target's");
        AtomicWrite.replace(target, "new".getBytes(StandardCharsets.UTF_8));
        assertFalse(Files.exists(dead), "a dead writer's leftover is gone");
        assertFalse(Files.exists(mineBefore), "a leftover with this pid but no write in progress is gone");
        assertTrue(Files.exists(alive), "a live process's temporary file is kept");
        assertTrue(Files.exists(otherName), "only this target's leftovers are touched");
        assertEquals("new", Files.readString(target));
    }

    @ParameterizedTest(name = "{0} bytes")
    @ValueSource(ints = {200, 210, 211, 251, 255})
    void aNameUpToTheFileSystemsLimitIsWritten(int bytes) throws Exception {
        Path target = dir.resolve("a".repeat(bytes - 5) + ".json");
        AtomicWrite.replace(target, "ok".getBytes(StandardCharsets.UTF_8));
        assertEquals("ok", Files.readString(target));
        assertEquals(List.of(target), list());
    }

    @Test
    void aLongNameOfManyByteCharactersIsCutOnACharactersEdge() throws Exception {
        String name = "\u00e9".repeat(125) + ".png"; // 254 bytes
        Path target = dir.resolve(name);
        AtomicReference<Path> seen = new AtomicReference<>();
        new AtomicWrite(seen::set).write(target, new byte[] {1});
        String temporary = seen.get().getFileName().toString();
        assertTrue(temporary.getBytes(StandardCharsets.UTF_8).length <= 255, temporary);
        assertTrue(temporary.startsWith("." + "\u00e9".repeat(20)) && temporary.contains("~."), temporary);
        assertArrayEquals(new byte[] {1}, Files.readAllBytes(target));
    }

    @Test
    void aNewFileIsPrivateToItsOwnerAndAReplacedOneKeepsItsMode() throws Exception {
        Path fresh = dir.resolve("new.json");
        AtomicWrite.replace(fresh, new byte[] {1});
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(fresh)));
        Path shared = Files.writeString(dir.resolve("shared.json"), "old");
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rw-r--r--"));
        AtomicWrite.replace(shared, new byte[] {2});
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(shared)));
    }

    @Test
    void aPipeAFolderOrALinkToADeviceIsNeverReplaced() throws Exception {
        Path fifo = SpecialFiles.fifo(dir.resolve("p.png"));
        Path folder = Files.createDirectory(dir.resolve("d.png"));
        Path device = Files.createSymbolicLink(dir.resolve("z.png"), Path.of("/dev/zero"));
        for (Path p : List.of(fifo, folder, device)) {
            assertThrows(RegularFiles.Refused.class, () -> AtomicWrite.replace(p, new byte[] {1}), p.toString());
        }
        assertTrue(Files.isSymbolicLink(device), "the link is still a link");
        assertFalse(Files.isRegularFile(fifo), "the pipe is still a pipe");
        assertEquals(3, list().size(), "no temporary file left");
    }

    @Test
    void aFailedWriteSaysWhyInOneLineWithoutTheTemporaryName() {
        Path target = dir.resolve("no-such-folder").resolve("r.png");
        IOException e = assertThrows(IOException.class, () -> AtomicWrite.replace(target, new byte[] {1}));
        assertEquals("no such file or folder", RegularFiles.reason(e));
        Path tooLong = dir.resolve("a".repeat(256) + ".png");
        IOException longer = assertThrows(IOException.class, () -> AtomicWrite.replace(tooLong, new byte[] {1}));
        assertEquals("File name too long", RegularFiles.reason(longer));
    }

    @Test
    void aProbeFailsAsTheWriteWouldAndLeavesNothingBehind() throws Exception {
        Path old = Files.writeString(dir.resolve("s.png"), "old");
        AtomicWrite.probe(old);
        AtomicWrite.probe(dir.resolve("new.png"));
        assertEquals("old", Files.readString(old));
        assertEquals(List.of(old), list(), "no temporary file, no new file");
        Path fifo = SpecialFiles.fifo(dir.resolve("p.png"));
        assertThrows(RegularFiles.Refused.class, () -> AtomicWrite.probe(fifo));
        assertThrows(IOException.class, () -> AtomicWrite.probe(dir.resolve("none").resolve("s.png")));
    }

    private List<Path> list() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        }
    }
}

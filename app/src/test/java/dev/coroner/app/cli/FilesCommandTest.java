package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.read.TranscriptFile;
import dev.coroner.fixtures.Fixtures;
import dev.coroner.fixtures.SpecialFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/VERDICTS.md, "Files Coroner reads and writes", on the command line: a pipe or a device as {@code --out} or
 * {@code --workspace} answers at once, a write that fails is exit 4 in one line, a workspace the window would refuse is
 * exit 2 before anything is drawn, and files a workspace names outside its folder are read only with
 * {@code --allow-outside}.
 */
class FilesCommandTest {
    private static final Path DEAD = Fixtures.demoCorpus().toAbsolutePath().normalize()
            .resolve("7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b/subagents/agent-a7b2d4f6e8c0a1b30.jsonl");
    private static final Duration AT_ONCE = Duration.ofSeconds(5);

    @TempDir
    Path dir;

    private List<Path> pipeAndDevice(String name) throws Exception {
        return List.of(SpecialFiles.fifo(dir.resolve("pipe-" + name)),
                Files.createSymbolicLink(dir.resolve("zero-" + name), SpecialFiles.ENDLESS_DEVICE));
    }

    @Test
    void reportToAPipeOrADeviceIsExit4AtOnceInOneLine() throws Exception {
        for (Path out : pipeAndDevice("r.json")) {
            CliRun r = assertTimeoutPreemptively(AT_ONCE, () -> CliRun.of("report", "--out", out.toString(), DEAD.toString()));
            assertEquals(ExitStatus.OUTPUT_FAILED, r.status(), r.err());
            assertEquals("coroner: cannot write " + out + ": " + TranscriptFile.NOT_A_REGULAR_FILE + "\n", r.err());
        }
        assertFalse(Files.isRegularFile(dir.resolve("pipe-r.json")), "the pipe is still a pipe");
        assertTrue(Files.isSymbolicLink(dir.resolve("zero-r.json")), "the link is still a link");
    }

    @Test
    void aReportThatCannotBeWrittenIsExit4NotBadUsage() {
        Path out = dir.resolve("no-such-folder").resolve("r.html");
        CliRun r = CliRun.of("report", "--out", out.toString(), DEAD.toString());
        assertEquals(ExitStatus.OUTPUT_FAILED, r.status(), r.err());
        assertEquals("coroner: cannot write " + out + ": no such file or folder\n", r.err());
    }

    @Test
    void aReportOfANameOf255BytesIsWrittenPrivateToItsOwner() throws Exception {
        Path out = dir.resolve("r".repeat(250) + ".json");
        CliRun r = CliRun.of("report", "--out", out.toString(), DEAD.toString());
        assertEquals(ExitStatus.FINDINGS, r.status(), r.err());
        assertTrue(Files.readString(out).startsWith("{"), "written");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(out)));
    }

    @Test
    void aWorkspaceThatIsAPipeOrADeviceIsBadInputAtOnce() throws Exception {
        for (Path w : pipeAndDevice("w.coroner.json")) {
            CliRun r = assertTimeoutPreemptively(AT_ONCE, () -> CliRun.of("report", "--out",
                    dir.resolve("r.json").toString(), "--workspace", w.toString(), DEAD.toString()));
            assertEquals(ExitStatus.BAD_INPUT, r.status(), r.err());
            assertEquals("coroner: --workspace: " + w.getFileName() + ": " + TranscriptFile.NOT_A_REGULAR_FILE
                    + "; nothing was opened from it.\n", r.err());
        }
        assertFalse(Files.exists(dir.resolve("r.json")));
    }

    @Test
    void aWorkspaceWithAMalformedVersionIsBadInputForTheReport() throws Exception {
        Path w = Files.writeString(dir.resolve("w.coroner.json"),
                "{\"schema\":{\"family\":\"coroner-workspace\",\"version\":2.0},\"transcripts\":[],\"annotations\":[]}");
        CliRun r = CliRun.of("report", "--out", dir.resolve("r.json").toString(), "--workspace", w.toString(),
                DEAD.toString());
        assertEquals(ExitStatus.BAD_INPUT, r.status(), r.err());
        assertTrue(r.err().contains("its version is 2.0, not a whole number from 1"), r.err());
    }

    @Test
    void snapshotToAPipeOrADeviceIsExit4BeforeAnythingIsDrawn() throws Exception {
        for (Path out : pipeAndDevice("s.png")) {
            CliRun r = assertTimeoutPreemptively(AT_ONCE,
                    () -> CliRun.of("snapshot", "--out", out.toString(), DEAD.toString()));
            assertEquals(ExitStatus.OUTPUT_FAILED, r.status(), r.err());
            assertEquals("coroner: cannot write " + out + ": " + TranscriptFile.NOT_A_REGULAR_FILE + "\n", r.err());
        }
    }

    @Test
    void snapshotOfATornNewerOrMalformedWorkspaceIsRefusedAsTheWindowRefusesIt() throws Exception {
        Path png = dir.resolve("s.png");
        for (String text : List.of("{\"schema\":{\"family\":\"coroner-workspace\",\"version\":1},\"transcripts\":[",
                "{\"schema\":{\"family\":\"coroner-workspace\",\"version\":3},\"transcripts\":[]}",
                "{\"schema\":{\"family\":\"coroner-workspace\",\"version\":\"2\"},\"transcripts\":[]}")) {
            Path w = Files.writeString(dir.resolve("w.coroner.json"), text);
            CliRun r = CliRun.of("snapshot", "--out", png.toString(), w.toString());
            assertEquals(ExitStatus.BAD_INPUT, r.status(), text + " " + r.err());
            assertTrue(r.err().startsWith("coroner: w.coroner.json"), r.err());
            assertEquals(1, r.err().lines().count(), r.err());
        }
        assertFalse(Files.exists(png), "nothing drawn");
    }

    @Test
    void snapshotOfAWorkspaceNamingFilesOutsideItsFolderWantsAllowOutside() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("case"));
        Path w = Files.writeString(folder.resolve("w.coroner.json"), "{\"schema\":{\"family\":\"coroner-workspace\","
                + "\"version\":1},\"transcripts\":[{\"path\":\"../../../../../../../../../etc/shadow\"}]}");
        Path png = dir.resolve("s.png");
        CliRun r = CliRun.of("snapshot", "--out", png.toString(), w.toString());
        assertEquals(ExitStatus.BAD_INPUT, r.status(), r.err());
        assertEquals("coroner: w.coroner.json names 1 file outside its folder: /etc/shadow; Coroner reads them only "
                + "with --allow-outside\n", r.err());
        assertFalse(Files.exists(png), "nothing drawn");
    }

    @Test
    void aSnapshotThatCannotBeWrittenIsExit4InOneLineNotAStackTrace() throws Exception {
        Path blocker = Files.writeString(dir.resolve("not-a-folder"), "a file where a folder is asked for");
        Path out = blocker.resolve("s.png");
        CliRun r = CliRun.of("snapshot", "--size", "640x400", "--out", out.toString(), DEAD.toString());
        assertEquals(ExitStatus.OUTPUT_FAILED, r.status(), r.err());
        assertEquals("coroner: cannot write " + out + ": Not a directory\n", r.err());
        assertEquals("a file where a folder is asked for", Files.readString(blocker));
    }

    @Test
    void aSnapshotOfAWorkspaceWithAllowOutsideDrawsAndReplacesTheOldPictureWhole() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("case"));
        Path w = Files.writeString(folder.resolve("w.coroner.json"), "{\"schema\":{\"family\":\"coroner-workspace\","
                + "\"version\":1},\"transcripts\":[{\"path\":\"" + DEAD.toString().replace("\\", "\\\\") + "\"}]}");
        Path png = Files.write(dir.resolve("s.png"), "old".getBytes(StandardCharsets.UTF_8));
        CliRun r = CliRun.of("snapshot", "--allow-outside", "--size", "640x400", "--out", png.toString(), w.toString());
        assertEquals(ExitStatus.CLEAN, r.status(), r.err());
        byte[] bytes = Files.readAllBytes(png);
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, java.util.Arrays.copyOf(bytes, 4), "a whole PNG");
        try (var names = Files.list(dir)) {
            assertEquals(List.of(), names.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList());
        }
    }
}

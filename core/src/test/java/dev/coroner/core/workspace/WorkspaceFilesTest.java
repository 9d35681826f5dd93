package dev.coroner.core.workspace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.durable.CrashBeforeMove;
import dev.coroner.core.durable.Readability;
import dev.coroner.core.workspace.Workspace.GrammarRef;
import dev.coroner.core.workspace.Workspace.Layout;
import dev.coroner.core.workspace.Workspace.Selection;
import dev.coroner.core.workspace.Workspace.TranscriptRef;
import dev.coroner.fixtures.SpecialFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** docs/ARCHITECTURE.md, "Workspaces": read by the four-way classification, written whole, never over what it cannot read. */
class WorkspaceFilesTest {
    @TempDir
    Path dir;

    private Workspace sample(Path transcript) {
        TranscriptRef ref = WorkspaceFiles.describe(transcript);
        Annotation note = new Annotation(ref.path(), ref.sha256(), 3, "the <b>limit</b> message \u202e here", null);
        Annotation override = new Annotation(ref.path(), ref.sha256(), 0, "",
                new VerdictOverride(VerdictOverride.TERMINAL, "SYNTHETIC · RATE_LIMIT", "HEALTHY", "a test fixture"));
        return new Workspace(List.of(ref), new GrammarRef(null, "abc", "[precursor]\n"), List.of(note, override),
                List.of("p-1f2e"), new Selection(ref.path(), 3),
                new Layout(Map.of("panels", List.of(0.3, 0.75)), Map.of("findings", true)));
    }

    private Path transcript(String text) throws IOException {
        Path t = dir.resolve("t.jsonl");
        Files.writeString(t, text);
        return t;
    }

    @Test
    void aSavedWorkspaceReadsBackTheSameAndIsTaggedReadable() throws Exception {
        Workspace w = sample(transcript("{\"type\":\"user\"}\n"));
        Path file = dir.resolve("w.coroner.json");
        WorkspaceFiles.atomic().save(file, w);
        String text = Files.readString(file);
        assertTrue(text.startsWith("{\n  \"schema\": {\n    \"family\": \"coroner-workspace\",\n    \"version\": 1\n  },"),
                text);
        WorkspaceFiles.Opened opened = WorkspaceFiles.open(file);
        assertEquals(Readability.READABLE, opened.verdict().readability());
        assertNull(opened.warning());
        assertEquals(w, opened.workspace());
        assertArrayEquals(Files.readAllBytes(file), WorkspaceFiles.bytes(opened.workspace()), "deterministic bytes");
    }

    @Test
    void anUntaggedWorkspaceOpensAsVersionOneWithAWarning() throws Exception {
        Path file = dir.resolve("old.coroner.json");
        Files.writeString(file, "{\"transcripts\":[{\"path\":\"/x/a.jsonl\",\"sha256\":null,\"size\":5}],"
                + "\"annotations\":[{\"transcript\":\"/x/a.jsonl\",\"line\":4,\"note\":\"kept\"}]}");
        WorkspaceFiles.Opened opened = WorkspaceFiles.open(file);
        assertEquals(Readability.UNTAGGED, opened.verdict().readability());
        assertTrue(opened.warning().contains("read as coroner-workspace version 1"), opened.warning());
        assertEquals("kept", opened.workspace().annotations().get(0).note());
        assertEquals(4, opened.workspace().annotations().get(0).line());
    }

    @Test
    void aNewerWorkspaceIsRefusedNamingFamilyVersionFoundAndVersionsSupported() throws Exception {
        Path file = dir.resolve("new.coroner.json");
        Files.writeString(file, "{\"schema\":{\"family\":\"coroner-workspace\",\"version\":2},\"transcripts\":[]}");
        WorkspaceRefusedException e = assertThrows(WorkspaceRefusedException.class, () -> WorkspaceFiles.open(file));
        assertEquals(Readability.UNREADABLE_NEWER, e.verdict().readability());
        assertEquals("new.coroner.json is coroner-workspace version 2; this Coroner reads coroner-workspace version 1."
                + " Open it with a newer Coroner.", e.getMessage());
    }

    @Test
    void aFileOfAnotherFamilyIsRefusedNamingIt() throws Exception {
        Path file = dir.resolve("report.json");
        Files.writeString(file, "{\"schema\":{\"family\":\"coroner-report\",\"version\":1},\"transcripts\":[]}");
        WorkspaceRefusedException e = assertThrows(WorkspaceRefusedException.class, () -> WorkspaceFiles.open(file));
        assertEquals(Readability.WRONG_FAMILY, e.verdict().readability());
        assertEquals("report.json is a coroner-report file (version 1), not a workspace; this Coroner reads "
                + "coroner-workspace version 1.", e.getMessage());
    }

    @Test
    void anUntaggedFileWithoutAWorkspacesShapeIsRefused() throws Exception {
        Path file = dir.resolve("package.json");
        Files.writeString(file, "{\"name\":\"x\"}");
        WorkspaceRefusedException e = assertThrows(WorkspaceRefusedException.class, () -> WorkspaceFiles.open(file));
        assertEquals(Readability.UNTAGGED, e.verdict().readability());
    }

    @Test
    void aNewerWorkspaceIsNeverOverwritten() throws Exception {
        Path file = dir.resolve("new.coroner.json");
        byte[] newer = "{\"schema\":{\"family\":\"coroner-workspace\",\"version\":7},\"future\":true}"
                .getBytes(StandardCharsets.UTF_8);
        Files.write(file, newer);
        WorkspaceRefusedException e = assertThrows(WorkspaceRefusedException.class,
                () -> WorkspaceFiles.atomic().save(file, Workspace.empty()));
        assertTrue(e.getMessage().startsWith("Not saved over new.coroner.json is coroner-workspace version 7"),
                e.getMessage());
        assertArrayEquals(newer, Files.readAllBytes(file));
    }

    @Test
    void neitherAnotherFamilysFileNorSomeonesJsonIsOverwritten() throws Exception {
        Path report = dir.resolve("r.json");
        Files.writeString(report, "{\"schema\":{\"family\":\"coroner-report\",\"version\":1}}");
        Path other = dir.resolve("package.json");
        Files.writeString(other, "{\"name\":\"x\"}");
        for (Path p : List.of(report, other)) {
            String before = Files.readString(p);
            assertThrows(WorkspaceRefusedException.class, () -> WorkspaceFiles.atomic().save(p, Workspace.empty()));
            assertEquals(before, Files.readString(p));
        }
    }

    @Test
    void anOldUntaggedWorkspaceMayBeSavedOverAndGainsItsTag() throws Exception {
        Path file = dir.resolve("old.coroner.json");
        Files.writeString(file, "{\"transcripts\":[]}");
        WorkspaceFiles.atomic().save(file, Workspace.empty());
        assertEquals(Readability.READABLE, WorkspaceFiles.open(file).verdict().readability());
    }

    @Test
    void aCrashBetweenWriteAndMoveLeavesTheOldWorkspaceWhole() throws Exception {
        Path file = dir.resolve("w.coroner.json");
        Workspace old = sample(transcript("a\n"));
        WorkspaceFiles.atomic().save(file, old);
        byte[] before = Files.readAllBytes(file);
        WorkspaceFiles crashing = new WorkspaceFiles(CrashBeforeMove::replace);
        assertThrows(IOException.class, () -> crashing.save(file, Workspace.empty()));
        assertArrayEquals(before, Files.readAllBytes(file));
        assertEquals(old, WorkspaceFiles.open(file).workspace());
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(List.of("t.jsonl", "w.coroner.json"), s.map(p -> p.getFileName().toString()).sorted().toList(),
                    "no temporary file is left");
        }
    }

    @Test
    void aTranscriptThatChangedOrMovedIsToldApart() throws Exception {
        Path t = transcript("{\"type\":\"user\"}\n");
        TranscriptRef ref = WorkspaceFiles.describe(t);
        assertEquals(TranscriptStatus.SAME, WorkspaceFiles.check(ref));
        Files.writeString(t, "{\"type\":\"USER\"}\n"); // same size, other bytes
        assertEquals(TranscriptStatus.CHANGED, WorkspaceFiles.check(ref));
        Files.writeString(t, "{}\n");
        assertEquals(TranscriptStatus.CHANGED, WorkspaceFiles.check(ref));
        Files.move(t, dir.resolve("moved.jsonl"));
        assertEquals(TranscriptStatus.MISSING, WorkspaceFiles.check(ref));
    }

    @Test
    void anOverrideWithoutAReasonIsNotAnOverride() {
        assertThrows(IllegalArgumentException.class, () -> new VerdictOverride("terminal", "DEAD", "HEALTHY", " "));
    }

    @Test
    void aDamagedAnnotationRefusesTheFileRatherThanDroppingIt() throws Exception {
        Path file = dir.resolve("w.coroner.json");
        Files.writeString(file, "{\"schema\":{\"family\":\"coroner-workspace\",\"version\":1},\"transcripts\":[],"
                + "\"annotations\":[{\"transcript\":\"/a\",\"line\":1,\"note\":\"\",\"override\":{\"human\":\"OK\"}}]}");
        WorkspaceRefusedException e = assertThrows(WorkspaceRefusedException.class, () -> WorkspaceFiles.open(file));
        assertTrue(e.getMessage().contains("annotations[0]"), e.getMessage());
    }

    @Test
    void somethingAfterTheWorkspaceRefusesTheFileAndKeepsItFromBeingSavedOver() throws Exception {
        Path file = dir.resolve("w.coroner.json");
        byte[] two = ("{\"schema\":{\"family\":\"coroner-workspace\",\"version\":1},\"transcripts\":[]}\n"
                + "{\"transcripts\":[],\"annotations\":[{\"transcript\":\"/a\",\"line\":2,\"note\":\"kept\"}]}")
                .getBytes(StandardCharsets.UTF_8);
        Files.write(file, two);
        WorkspaceRefusedException e = assertThrows(WorkspaceRefusedException.class, () -> WorkspaceFiles.open(file));
        assertEquals("w.coroner.json is not one JSON value (line 2, column 1): it is torn, or is not a workspace; "
                + "this Coroner reads coroner-workspace version 1.", e.getMessage());
        assertThrows(WorkspaceRefusedException.class, () -> WorkspaceFiles.atomic().save(file, Workspace.empty()));
        assertArrayEquals(two, Files.readAllBytes(file), "the second workspace's note is not dropped by a save");
    }

    @Test
    void aTornWorkspaceIsRefusedAsNotJsonNamingWhere() throws Exception {
        Path file = dir.resolve("w.coroner.json");
        byte[] whole = WorkspaceFiles.bytes(sample(transcript("a\n")));
        Files.write(file, java.util.Arrays.copyOf(whole, whole.length / 2));
        WorkspaceRefusedException e = assertThrows(WorkspaceRefusedException.class, () -> WorkspaceFiles.open(file));
        assertTrue(e.getMessage().startsWith("w.coroner.json is not one JSON value (line "), e.getMessage());
    }

    @ParameterizedTest(name = "version {0}")
    @ValueSource(strings = {"\"2\"", "2.0", "-1", "3000000000", "null"})
    void aWorkspaceTagWithAMalformedVersionIsNeitherReadNorSavedOver(String version) throws Exception {
        Path file = dir.resolve("odd.coroner.json");
        byte[] bytes = ("{\"schema\":{\"family\":\"coroner-workspace\",\"version\":" + version
                + "},\"transcripts\":[]}").getBytes(StandardCharsets.UTF_8);
        Files.write(file, bytes);
        WorkspaceRefusedException e = assertThrows(WorkspaceRefusedException.class, () -> WorkspaceFiles.open(file));
        assertEquals(Readability.MALFORMED, e.verdict().readability());
        assertTrue(e.getMessage().startsWith("odd.coroner.json: the file says it is a coroner-workspace file but its "
                + "version is " + version + ", not a whole number from 1"), e.getMessage());
        assertThrows(WorkspaceRefusedException.class, () -> WorkspaceFiles.atomic().save(file, Workspace.empty()));
        assertArrayEquals(bytes, Files.readAllBytes(file), "never replaced");
    }

    @Test
    void aPipeOrALinkToADeviceIsRefusedAtOnce() throws Exception {
        Path fifo = SpecialFiles.fifo(dir.resolve("p.coroner.json"));
        Path zero = Files.createSymbolicLink(dir.resolve("z.coroner.json"), Path.of("/dev/zero"));
        for (Path p : List.of(fifo, zero)) {
            WorkspaceRefusedException e = assertTimeoutPreemptively(Duration.ofSeconds(5),
                    () -> assertThrows(WorkspaceRefusedException.class, () -> WorkspaceFiles.open(p)));
            assertEquals(p.getFileName() + ": not a regular file: a pipe, socket or device; nothing was opened from it.",
                    e.getMessage());
        }
    }

    @Test
    void aWorkspaceLargerThanTheCapIsRefusedWithItsSize() throws Exception {
        Path file = dir.resolve("big.coroner.json");
        byte[] big = new byte[(int) WorkspaceFiles.CAP + 1];
        Arrays.fill(big, (byte) ' ');
        big[0] = '{';
        big[big.length - 1] = '}';
        Files.write(file, big);
        WorkspaceRefusedException e = assertThrows(WorkspaceRefusedException.class, () -> WorkspaceFiles.open(file));
        assertEquals("big.coroner.json: too large: 16.0 MB (Coroner reads files of this kind up to 16.0 MB); nothing "
                + "was opened from it.", e.getMessage());
    }

    @Test
    void aRelativePathIsReadAgainstTheWorkspacesFolderNotTheWorkingDirectory() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("case"));
        Path file = folder.resolve("w.coroner.json");
        Files.writeString(file, "{\"schema\":{\"family\":\"coroner-workspace\",\"version\":1},"
                + "\"transcripts\":[{\"path\":\"t/a.jsonl\",\"sha256\":null,\"size\":-1}],"
                + "\"grammar\":{\"path\":\"g.toml\",\"sha256\":null,\"inline\":null},"
                + "\"annotations\":[{\"transcript\":\"t/a.jsonl\",\"line\":2,\"note\":\"n\"}],"
                + "\"selection\":{\"transcript\":\"./t/a.jsonl\",\"line\":2}}");
        Workspace w = WorkspaceFiles.open(file).workspace();
        String expected = folder.toAbsolutePath().resolve("t/a.jsonl").toString();
        assertEquals(expected, w.transcripts().get(0).path());
        assertEquals(expected, w.annotations().get(0).transcript());
        assertEquals(expected, w.selection().transcript());
        assertEquals(folder.toAbsolutePath().resolve("g.toml").toString(), w.grammar().path());
        assertEquals(List.of(), WorkspaceFiles.open(file).outside(), "all inside the workspace's folder");
    }

    @Test
    void pathsOutsideTheWorkspacesFolderAreNamedThroughDotsAndLinks() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("case"));
        Path secret = Files.writeString(dir.resolve("secret"), "root:x:0:0\n");
        Path link = Files.createSymbolicLink(folder.resolve("inside.jsonl"), secret);
        Files.writeString(folder.resolve("mine.jsonl"), "{}\n");
        Path file = folder.resolve("w.coroner.json");
        Files.writeString(file, "{\"schema\":{\"family\":\"coroner-workspace\",\"version\":1},\"transcripts\":["
                + "{\"path\":\"../secret\"},{\"path\":\"inside.jsonl\"},{\"path\":\"mine.jsonl\"},"
                + "{\"path\":\"/etc/shadow\"}],\"grammar\":{\"path\":\"../../g.toml\"}}");
        WorkspaceFiles.Opened opened = WorkspaceFiles.open(file);
        Path abs = folder.toAbsolutePath();
        assertEquals(List.of(secret.toAbsolutePath(), link.toAbsolutePath(), Path.of("/etc/shadow"),
                abs.getParent().getParent().resolve("g.toml")), opened.outside());
    }
}

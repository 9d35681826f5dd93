package dev.coroner.core.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a list of files and folders given on the command line stands for (docs/VERDICTS.md, "Command line"): a folder
 * is every {@code *.jsonl} under it in byte-wise path order, a file is itself (named explicitly), and what the walk
 * could not take — a link that loops back, a folder with nothing to judge — is said in a note, never passed over.
 */
class TranscriptPathsTest {
    @TempDir
    Path dir;

    @Test
    void aFolderIsEveryTranscriptUnderItInBytewiseOrderAndAFileIsNamedExplicitly() throws Exception {
        Path runs = Files.createDirectories(dir.resolve("runs"));
        Files.createDirectories(runs.resolve("s1/subagents"));
        for (String name : List.of("b.jsonl", "Z.jsonl", "a.jsonl", "s1/subagents/agent-x.jsonl", "notes.txt")) {
            Files.writeString(runs.resolve(name), "{}\n");
        }
        Path named = Files.writeString(dir.resolve("named.jsonl"), "{}\n");
        TranscriptPaths.Expansion e = TranscriptPaths.expand(List.of(named, runs));
        assertEquals(List.of(named, runs.resolve("Z.jsonl"), runs.resolve("a.jsonl"), runs.resolve("b.jsonl"),
                runs.resolve("s1/subagents/agent-x.jsonl")), e.inputs().stream().map(TranscriptPaths.Input::path).toList());
        assertEquals(List.of(true, false, false, false, false),
                e.inputs().stream().map(TranscriptPaths.Input::explicit).toList());
        assertEquals(List.of(), e.notes());
    }

    @Test
    void aFolderWithNothingToJudgeIsSaidNotPassedOverInSilence() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Files.writeString(empty.resolve("readme.md"), "not a transcript");
        TranscriptPaths.Expansion e = TranscriptPaths.expand(List.of(empty));
        assertEquals(List.of(), e.inputs());
        assertEquals(List.of("no *.jsonl transcripts in " + empty), e.notes());
    }

    @Test
    void aLinkThatLoopsBackIsSkippedWithANoteAndTheRestIsRead() throws Exception {
        Path runs = Files.createDirectories(dir.resolve("runs"));
        Files.writeString(runs.resolve("a.jsonl"), "{}\n");
        Path loop = Files.createSymbolicLink(runs.resolve("again"), runs);
        TranscriptPaths.Expansion e = TranscriptPaths.expand(List.of(runs));
        assertEquals(List.of(runs.resolve("a.jsonl")), e.inputs().stream().map(TranscriptPaths.Input::path).toList());
        assertEquals(1, e.notes().size(), e.notes().toString());
        assertTrue(e.notes().get(0).startsWith("skipped " + loop + ": a symbolic link loops back"), e.notes().get(0));
    }
}

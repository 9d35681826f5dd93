package dev.coroner.core.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.corpus.IndexCache;
import dev.coroner.core.findings.IndexSummary;
import dev.coroner.core.read.FileStamp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * docs/VERDICTS.md, "Reading": the one pass stamps the file before and after its read, and its index carries
 * {@link FileStamp}'s note when the file changed in between (the change is made at {@link FileStamp#afterRead}, after
 * the read and before the second stamp); the cache does not keep such an index, so the next asker reads the file again.
 */
class ChangedWhilePassedTest {
    private static final String RECORD = "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"hi\"}}\n";
    private static final String ANSWER = "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"model\":\"m\","
            + "\"content\":[{\"type\":\"text\",\"text\":\"done\"}]}}\n";
    private static final FileTime THEN = FileTime.fromMillis(1_600_000_000_000L);

    @TempDir
    Path dir;
    private Path file;

    @BeforeEach
    void write() throws IOException {
        file = dir.resolve("live.jsonl");
        Files.writeString(file, RECORD + ANSWER, StandardCharsets.UTF_8);
        Files.setLastModifiedTime(file, THEN);
    }

    @AfterEach
    void noHook() {
        FileStamp.afterRead = p -> { };
    }

    private void change(String how) {
        FileStamp.afterRead = p -> {
            FileStamp.afterRead = q -> { }; // once: the next read is of the file as it now is
            try {
                switch (how) {
                    case "grew" -> Files.writeString(file, RECORD, StandardOpenOption.APPEND);
                    case "shrank" -> Files.writeString(file, RECORD);
                    case "gone" -> Files.delete(file);
                    default -> Files.setLastModifiedTime(file, FileTime.fromMillis(THEN.toMillis() + 5_000));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"grew", "shrank", "modified", "gone"})
    void theIndexCarriesTheStampsNoteInItsOneWording(String how) throws Exception {
        long size = Files.size(file);
        change(how);
        TranscriptIndex index = TranscriptPass.run(file);
        String expected = switch (how) {
            case "grew" -> FileStamp.changed(new FileStamp(size, 0), new FileStamp(size + RECORD.length(), 0), size);
            case "shrank" -> FileStamp.changed(new FileStamp(size, 0), new FileStamp(RECORD.length(), 0), size);
            case "gone" -> FileStamp.changed(new FileStamp(size, 0), new FileStamp(-1, -1), size);
            default -> FileStamp.changed(new FileStamp(size, 0), new FileStamp(size, 1), size);
        };
        assertNotNull(expected);
        assertEquals(expected, index.changed());
        assertEquals(expected, IndexSummary.of(index).changed(), "the summary an analysis keeps carries it too");
        assertTrue(index.changed().startsWith("the file changed while it was read: "), index.changed());
    }

    @Test
    void aFileLeftAloneHasNoNote() throws Exception {
        TranscriptIndex index = TranscriptPass.run(file);
        assertNull(index.changed());
        assertNull(IndexSummary.of(index).changed());
    }

    @Test
    void theCacheKeepsNoIndexOfAFileThatChangedWhileItWasRead() throws Exception {
        IndexCache cache = new IndexCache();
        change("modified");
        TranscriptIndex first = cache.index(file, new TranscriptPass.Listener() { });
        assertNotNull(first.changed());
        assertNull(cache.cached(file), "an index that may mix old and new contents is not kept");
        TranscriptIndex again = cache.index(file, new TranscriptPass.Listener() { });
        assertNull(again.changed(), "read again, the file as it now is");
        assertSame(again, cache.cached(file), "a clean read is kept");
    }
}

package dev.coroner.app.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.coroner.core.corpus.CancelToken;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The corpus search's reading of records, files read two at a time: its hits come in the files' order and each file's
 * lines in theirs, the first so many listed and every line counted, whatever file finished first.
 */
class CorpusSearchRecordsTest {
    @TempDir
    Path dir;

    @Test
    void hitsComeInTheFilesOrderTheFirstListedAndEveryLineCounted() throws Exception {
        List<Path> files = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        for (int f = 0; f < 30; f++) {
            // large and small files alternate, so a later small file is done before an earlier large one
            int size = f % 3 == 0 ? 40_000 : 3;
            StringBuilder s = new StringBuilder();
            for (int line = 1; line <= size; line++) {
                boolean holds = line % 7 == f % 7;
                s.append(holds ? "{\"text\":\"a Needle here\"}\n" : "{\"text\":\"hay\"}\n");
                if (holds) {
                    expected.add("f" + f + ".jsonl:" + line);
                }
            }
            Path p = dir.resolve("f" + f + ".jsonl");
            Files.writeString(p, s, StandardCharsets.UTF_8);
            files.add(p);
        }
        Files.delete(files.get(3)); // gone since it was listed: counted as unreadable, the rest goes on
        expected.removeIf(e -> e.startsWith("f3.jsonl:"));
        long transcripts = expected.stream().map(e -> e.substring(0, e.indexOf(':'))).distinct().count();
        int room = 20_000;
        CorpusSearch.Found found = CorpusSearch.records(files, "needle", room, 2, new CancelToken());
        List<String> listed = found.hits().stream().map(h -> h.path().getFileName() + ":" + h.line()).toList();
        assertEquals(expected.subList(0, Math.min(room, expected.size())), listed);
        assertEquals(expected.size(), found.total(), "every line counted");
        assertEquals(1, found.unreadable());
        assertEquals(transcripts, found.transcripts());

        CorpusSearch.Found first = CorpusSearch.records(files, "needle", 25, 2, new CancelToken());
        assertEquals(expected.subList(0, 25),
                first.hits().stream().map(h -> h.path().getFileName() + ":" + h.line()).toList(), "the first 25");
        assertEquals(expected.size(), first.total());
    }

    @Test
    void aCancelledSearchReadsNoFurther() throws Exception {
        Path p = dir.resolve("a.jsonl");
        Files.writeString(p, "{\"text\":\"needle\"}\n", StandardCharsets.UTF_8);
        CancelToken cancel = new CancelToken();
        cancel.cancel();
        CorpusSearch.Found found = CorpusSearch.records(List.of(p, p, p), "needle", 10, 2, cancel);
        assertEquals(0, found.total());
        assertEquals(List.of(), found.hits());
    }
}

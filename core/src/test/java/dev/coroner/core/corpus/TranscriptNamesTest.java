package dev.coroner.core.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.coroner.core.index.TranscriptPass;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What names a transcript for a person, re-read from the records the one pass indexed: a session's title (its first
 * {@code summary} record), each spawned sub-agent's description (the Task call whose result names it, the right one of
 * several calls in one record), each cut to one line of {@link CorpusEngine#NAME_CHARS} characters.
 */
class TranscriptNamesTest {
    @TempDir
    Path dir;

    private static String result(String toolUseId, String agentId) {
        return "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\""
                + toolUseId + "\",\"content\":\"done\"}]},\"toolUseResult\":{\"status\":\"completed\",\"agentId\":\""
                + agentId + "\"}}\n";
    }

    @Test
    void theFirstSummaryIsTheTitleAndEachSpawnTakesTheDescriptionOfItsOwnCall() throws Exception {
        String longTitle = "T".repeat(119) + "\uD83D\uDE00 and more";
        Path file = dir.resolve("s.jsonl");
        Files.writeString(file, "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"go\"}}\n"
                + "{\"type\":\"summary\",\"summary\":\"" + longTitle + "\\nline two\"}\n"
                + "{\"type\":\"summary\",\"summary\":\"a later one\"}\n"
                // two calls in one record: each result says which it answers
                + "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"model\":\"m\",\"content\":["
                + "{\"type\":\"tool_use\",\"id\":\"t1\",\"name\":\"Task\",\"input\":{\"description\":\"Audit payments\",\"prompt\":\"p\"}},"
                + "{\"type\":\"tool_use\",\"id\":\"t2\",\"name\":\"Task\",\"input\":{\"description\":\"  Audit\\nexports \",\"prompt\":\"p\"}}]}}\n"
                + result("t2", "bbb") + result("t1", "aaa"), StandardCharsets.UTF_8);
        var index = TranscriptPass.run(file);

        assertEquals("T".repeat(119) + "…", CorpusEngine.title(index), "the first summary's first line, cut, "
                + "never half a surrogate pair");
        assertEquals(Map.of("aaa", "Audit payments", "bbb", "Audit"), CorpusEngine.descriptions(index));
    }

    @Test
    void noSummaryNoTitle() throws Exception {
        Path file = dir.resolve("s.jsonl");
        Files.writeString(file, "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"go\"}}\n");
        assertNull(CorpusEngine.title(TranscriptPass.run(file)));
        assertEquals(Map.of(), CorpusEngine.descriptions(TranscriptPass.run(file)));
    }
}

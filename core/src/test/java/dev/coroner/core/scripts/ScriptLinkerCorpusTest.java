package dev.coroner.core.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The linker over the real public transcripts in ../shared/corpus (profile "corpus"; never committed). Each matched
 * block is checked again by a plain second reading of the file: the named call's input really holds the block's
 * content, and its result really says what the label says.
 */
@Tag("corpus")
class ScriptLinkerCorpusTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void matchedBlocksAreTheProgramsTheirCallsSubmitted() throws Exception {
        Path corpus = Path.of(System.getProperty("coroner.corpus", "../shared/corpus"));
        assertTrue(Files.isDirectory(corpus), "the corpus profile needs " + corpus);
        List<Path> files;
        try (Stream<Path> all = Files.walk(corpus)) {
            files = all.filter(p -> p.toString().endsWith(".jsonl")).sorted().toList();
        }
        long blocks = 0;
        long matched = 0;
        for (Path f : files) {
            ScriptReport r = ScriptLinker.link(f);
            Map<String, JsonNode> calls = new HashMap<>();
            Map<String, JsonNode> results = new HashMap<>();
            Map<Long, String> raw = new HashMap<>();
            long n = 0;
            for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                n++;
                if (line.isBlank()) {
                    continue;
                }
                JsonNode rec = JSON.readTree(line);
                raw.put(n, line);
                for (JsonNode b : rec.path("message").path("content")) {
                    if ("tool_use".equals(b.path("type").asText())) {
                        calls.put(b.path("id").asText(), b);
                    } else if ("tool_result".equals(b.path("type").asText())) {
                        results.putIfAbsent(b.path("tool_use_id").asText(), b);
                    }
                }
            }
            for (BlockVerdict v : r.blocks()) {
                blocks++;
                assertTrue(raw.get(v.line()).contains("\"assistant\""), f + ":" + v.line() + " shows the block");
                if (!v.matched()) {
                    continue;
                }
                matched++;
                JsonNode call = calls.get(v.call().toolUseId());
                assertEquals(v.block().content(), call.path("input").path("command").asText(), f + ":" + v.line());
                JsonNode result = results.get(v.call().toolUseId());
                String expected = result == null ? "no-result" : result.path("is_error").asBoolean() ? "error" : "ok";
                assertEquals(expected, v.label(), f + ":" + v.line());
            }
            System.out.printf("%-110s %3d blocks, %2d matched, %d turns%n", corpus.relativize(f), r.blocks().size(),
                    r.matched(), r.turns().size());
        }
        System.out.printf("corpus: %d files, %d fenced blocks, %d matched%n", files.size(), blocks, matched);
        assertTrue(blocks > 0, "the corpus holds fenced blocks");
    }
}

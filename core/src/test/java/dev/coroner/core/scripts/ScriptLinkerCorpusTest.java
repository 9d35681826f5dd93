package dev.coroner.core.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.core.index.TranscriptPass;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The linker over the real public transcripts in ../shared/corpus (profile "corpus"; never committed). Each matched
 * block is checked again by a plain second reading of the file: the named call's input really holds the block's
 * content, and its result really says what the label says. Each missed block's explanation is checked the same way:
 * the call it names submitted that program, and the lines are as the explanation says.
 *
 * <p>What real files do (152 files, 364 blocks, 3 matched when this was written): nearly every miss is
 * {@code no-program-call} (the answer shows code in a turn that ran none) or {@code no-shared-line}; a handful
 * share one line with a program of the turn, one quotes an earlier turn, none is part of a program. Counts are
 * printed, not asserted: the corpus is not ours to freeze.
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
        Map<String, Integer> kinds = new TreeMap<>();
        for (Path f : files) {
            ScriptReport r = TranscriptPass.run(f).judgement().scripts();
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
                    checkClosest(f, v, calls, kinds);
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
        System.out.printf("corpus: what came closest to the missed blocks: %s%n", kinds);
        assertTrue(kinds.values().stream().mapToInt(Integer::intValue).sum() > 0, "the corpus holds missed blocks");
        assertTrue(blocks > 0, "the corpus holds fenced blocks");
    }

    /**
     * A missed block's explanation checked against a plain reading: the named call's input holds the program, and
     * what the kind claims about the block's lines is true of that text.
     */
    private static void checkClosest(Path f, BlockVerdict v, Map<String, JsonNode> calls, Map<String, Integer> kinds) {
        Closest c = v.closest();
        String where = f + ":" + v.line() + " block " + v.block().number();
        if (v.reason() != UnmatchedReason.NO_SUBMISSION_THIS_TURN) {
            assertTrue(c == null, where + ": a block never compared says nothing came closest");
            return;
        }
        kinds.merge(c.kind().label(), 1, Integer::sum);
        if (c.call() == null) {
            return;
        }
        JsonNode call = calls.get(c.call().toolUseId());
        assertTrue(call != null, where + ": the named call is in the file");
        String program = c.call().program();
        assertTrue(call.path("input").toString().contains(JSON.getNodeFactory().textNode(program).toString()),
                where + ": the named call submitted that program");
        List<String> block = ProgramLines.of(v.block().content());
        List<String> lines = ProgramLines.of(program);
        switch (c.kind()) {
            case EARLIER_TURN -> assertEquals(v.block().content(), program, where);
            case LINE_ENDINGS -> assertEquals(block, lines, where);
            case PART_OF -> assertEquals(block, lines.subList(c.at() - 1, c.at() - 1 + block.size()), where);
            case SHARES_LINES -> assertTrue(c.shared() > 0 && c.shared() <= c.of()
                    && block.stream().filter(l -> !ProgramLines.blank(l)).anyMatch(lines::contains), where);
            default -> throw new AssertionError(where + ": " + c.kind() + " names no call");
        }
    }
}

package dev.coroner.core.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.core.read.ProblemLine;
import dev.coroner.core.read.SourceSpan;
import dev.coroner.core.read.TranscriptScan;
import dev.coroner.core.scripts.BlockVerdict;
import dev.coroner.core.scripts.CutText;
import dev.coroner.core.scripts.ScriptReport;
import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An answer's text on a line too long to hold is read only to its first {@link RecordFacts#KEPT_TEXT_CHARS}
 * characters, and the report says so (docs/VERDICTS.md, "Reading", "Code blocks"). The bound over which a line's texts
 * are cut is lowered here to 64 KiB, so a 3 MB file shows what a 300 MB one does (bench/hostile.sh runs that one).
 */
class LongTextTest {
    private static final long LOWERED = 64 * 1024;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    private Path file;
    private String longText;
    private long answerLine4Bytes;

    /** Filler with multi-byte characters, escapes and a tab, so the prefix is decoded, not copied. */
    private static String filler(int chars) {
        StringBuilder s = new StringBuilder(chars + 64);
        while (s.length() < chars) {
            s.append("lorem ipsum dolor é ∑ 😀 \"quoted\" back\\slash\tand a line\n");
        }
        return s.toString();
    }

    @BeforeEach
    void write() throws Exception {
        longText = "I ran:\n```bash\necho early\n```\n" + filler(3_000_000) + "\n```bash\necho late\n```\n";
        file = dir.resolve("long-text.jsonl");
        List<Object> lines = List.of(
                Map.of("type", "user", "message", Map.of("role", "user", "content", "go")),
                Map.of("type", "assistant", "message", Map.of("role", "assistant", "model", "m", "content", List.of(
                        Map.of("type", "tool_use", "id", "t1", "name", "Bash", "input", Map.of("command", "echo early")),
                        Map.of("type", "tool_use", "id", "t2", "name", "Bash", "input", Map.of("command", "echo late"))))),
                Map.of("type", "user", "message", Map.of("role", "user", "content", List.of(
                        Map.of("type", "tool_result", "tool_use_id", "t1", "content", "early"),
                        Map.of("type", "tool_result", "tool_use_id", "t2", "content", "late")))),
                Map.of("type", "assistant", "message", Map.of("role", "assistant", "model", "m", "content", List.of(
                        Map.of("type", "text", "text", "short:\n```bash\necho early\n```"),
                        Map.of("type", "text", "text", longText)))),
                Map.of("type", "assistant", "message", Map.of("role", "assistant", "model", "m", "content", longText)));
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (Object line : lines) {
                String json = JSON.writeValueAsString(line);
                w.write(json);
                w.write('\n');
            }
        }
        answerLine4Bytes = JSON.writeValueAsString(lines.get(3)).getBytes(StandardCharsets.UTF_8).length;
    }

    private List<String> blocks(ScriptReport r, long line) {
        return r.blocksOn(line).stream().map(v -> v.block().content().strip() + " " + v.label()).toList();
    }

    @Test
    void aLongLinesTextsAreCutAndTheReportSaysWhichOnes() throws Exception {
        TranscriptIndex index = TranscriptPass.run(file, new TranscriptPass.Listener() { }, new HarnessReader(LOWERED, TranscriptPass.Scope.ALL));
        ScriptReport r = index.judgement().scripts();
        // the short text of the same line is whole; the long one gives only the block before the cut
        assertEquals(List.of("echo early ok", "echo early ok"), blocks(r, 4));
        assertEquals(List.of("echo early ok"), blocks(r, 5));
        assertEquals(List.of(new CutText(4, answerLine4Bytes, 1, RecordFacts.KEPT_TEXT_CHARS),
                new CutText(5, index.length(4), -1, RecordFacts.KEPT_TEXT_CHARS)), r.cutTexts());
        assertEquals(5, index.size());
        assertTrue((index.flags(3) & RowFlags.FENCE) != 0);
    }

    @Test
    void underTheBoundTheSameFileIsReadWhole() throws Exception {
        ScriptReport r = TranscriptPass.run(file).judgement().scripts();
        assertEquals(List.of("echo early ok", "echo early ok", "echo late ok"), blocks(r, 4));
        assertEquals(List.of("echo early ok", "echo late ok"), blocks(r, 5));
        assertEquals(List.of(), r.cutTexts());
    }

    @Test
    void theKeptTextIsExactlyTheFirstCharactersOfTheText() throws Exception {
        List<RecordFacts> seen = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        List<Boolean> cuts = new ArrayList<>();
        TranscriptScan.scan(file, new ClaudeCodeFacts(LOWERED), new TranscriptScan.Sink<RecordFacts>() {
            @Override
            public boolean record(SourceSpan span, RecordFacts f) {
                seen.add(f);
                if (f.contentText != null) {
                    texts.add(f.contentText);
                    cuts.add(f.contentCut);
                }
                for (RecordFacts.Item item : f.items) {
                    if (item.kind == RecordFacts.Item.TEXT) {
                        texts.add(item.text);
                        cuts.add(item.cut);
                    }
                }
                return true;
            }

            @Override
            public boolean problem(ProblemLine problem) {
                throw new AssertionError(problem.message());
            }
        });
        String kept = longText.substring(0, RecordFacts.KEPT_TEXT_CHARS);
        // "go" (line 1) is on a short line; the short text of line 4 is whole although its line is long
        assertEquals(List.of("go", "short:\n```bash\necho early\n```", kept, kept), texts);
        assertEquals(List.of(false, false, true, true), cuts);
    }
}

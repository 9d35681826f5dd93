package dev.coroner.core.filter;

import dev.coroner.core.corpus.TranscriptPaths;
import dev.coroner.core.index.TerminalVerdicts;
import dev.coroner.core.index.TranscriptIndex;
import dev.coroner.core.index.TranscriptPass;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.core.text.PathText;
import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A filter parsed and applied (docs/FILTER.md; issue 33: within 50 ms on 1,800 transcripts): over the verdict rows of
 * the 1,800 transcripts of /tmp/projects (or {@code -Dcoroner.projects}), and over the 100,000 record rows of one
 * generated transcript, read from its index. Prints figures (the median of 21 runs after 5 warm-ups), never asserts
 * on time: {@code mvn -B -o verify -Pbenchmark -pl core -am -Dtest=FilterBenchmark}
 */
@Tag("benchmark")
class FilterBenchmark {
    private static final int RUNS = 21;
    private static final int WARM = 5;

    @TempDir
    Path dir;

    @Test
    void overTheVerdictRowsOf1800Transcripts() {
        Path projects = Path.of(System.getProperty("coroner.projects", "/tmp/projects"));
        List<Map<String, Object>> rows = new ArrayList<>();
        for (TranscriptPaths.Input in : TranscriptPaths.expand(List.of(projects)).inputs()) {
            TerminalVerdict v = TerminalVerdicts.judge(in.path());
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("path", PathText.of(in.path())); // as `coroner verdict --json` writes a row
            m.putAll(v.toMap());
            rows.add(m);
        }
        List<FieldValues> values = rows.stream().map(FieldValues::of).toList();
        for (String text : List.of(
                "state == SYNTHETIC and class in {RATE_LIMIT, SERVER} and kind != HARNESS",
                "dead or trailing.class == CUT_OFF or (kind == SUBAGENT and not parent)",
                "reason matches \"rate.?limit|overloaded\" and path contains \"proj-1\"")) {
            report(rows.size() + " transcript rows", text, FieldSchemas.TRANSCRIPT, values);
        }
    }

    @Test
    void overTheRecordRowsOfA100kRecordTranscript() throws Exception {
        Path file = dir.resolve("big.jsonl");
        write(file, 100_000);
        TranscriptIndex index = TranscriptPass.run(file);
        List<FieldValues> values = new ArrayList<>();
        for (int row = 0; row < index.size(); row++) {
            values.add(RecordValues.of(index, row));
        }
        for (String text : List.of(
                "tool == Bash and error",
                "kind == assistant and (tool in {Edit, Write} or not call) and line > 5000",
                "tool matches \"^(Ba|Gr)\" and not sidechain")) {
            report(index.size() + " record rows", text, FieldSchemas.RECORD, values);
        }
    }

    private static void report(String what, String text, FieldSchema schema, List<FieldValues> rows) {
        long[] parse = new long[RUNS];
        long[] apply = new long[RUNS];
        int kept = 0;
        for (int run = -WARM; run < RUNS; run++) {
            long t0 = System.nanoTime();
            Filter f = Filter.parse(text, schema).filter();
            long t1 = System.nanoTime();
            int k = 0;
            for (FieldValues r : rows) {
                k += f.test(r) ? 1 : 0;
            }
            long t2 = System.nanoTime();
            if (run >= 0) {
                parse[run] = t1 - t0;
                apply[run] = t2 - t1;
            }
            kept = k;
        }
        Arrays.sort(parse);
        Arrays.sort(apply);
        System.out.printf("filter %s: parse %.3f ms, apply %.2f ms (median of %d; min %.2f, max %.2f), %,d kept: %s%n",
                what, parse[RUNS / 2] / 1e6, apply[RUNS / 2] / 1e6, RUNS, apply[0] / 1e6, apply[RUNS - 1] / 1e6, kept,
                text);
    }

    /** A Claude Code transcript of {@code records} records: prompt, tool call, its result (one in 7 failed), answer. */
    private static void write(Path file, int records) throws Exception {
        String[] tools = {"Bash", "Read", "Edit", "Grep", "Write"};
        String head = "{\"uuid\":\"u%d\",\"parentUuid\":null,\"isSidechain\":false,\"sessionId\":\"s\",\"timestamp\":"
                + "\"2026-11-02T10:00:03.411Z\",";
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int i = 0; i < records / 4; i++) {
                String tool = tools[i % tools.length];
                w.write(String.format(head, 4 * i) + "\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":"
                        + "\"step " + i + "\"}}\n");
                w.write(String.format(head, 4 * i + 1) + "\"type\":\"assistant\",\"message\":{\"id\":\"m" + i
                        + "\",\"role\":\"assistant\",\"model\":\"claude-sonnet-4-6\",\"content\":[{\"type\":\"tool_use\","
                        + "\"id\":\"t" + i + "\",\"name\":\"" + tool + "\",\"input\":{\"command\":\"ls " + i + "\"}}]}}\n");
                w.write(String.format(head, 4 * i + 2) + "\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":"
                        + "[{\"tool_use_id\":\"t" + i + "\",\"type\":\"tool_result\",\"content\":\"out " + i
                        + "\",\"is_error\":" + (i % 7 == 0) + "}]}}\n");
                w.write(String.format(head, 4 * i + 3) + "\"type\":\"assistant\",\"message\":{\"id\":\"n" + i
                        + "\",\"role\":\"assistant\",\"model\":\"claude-sonnet-4-6\",\"content\":[{\"type\":\"text\","
                        + "\"text\":\"done " + i + "\"}],\"stop_reason\":\"end_turn\"}}\n");
            }
        }
    }
}

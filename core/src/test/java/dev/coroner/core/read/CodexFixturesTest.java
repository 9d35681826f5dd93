package dev.coroner.core.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.fixtures.Fixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The codex/ fixtures are what they say they are (docs/VERDICTS.md, "Codex CLI"): every line is a JSON object except
 * the one damaged line meant to be damaged, the harness of every file is decided from its first record (a Claude Code
 * transcript named {@code rollout-….jsonl} stays Claude Code), and each row of {@code codex/expected-verdicts.tsv}
 * agrees with its file's own records, so the other tests can take the table as the truth.
 */
class CodexFixturesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path CODEX = Fixtures.path("codex");
    private static final Pattern PROBLEM_LINE = Pattern.compile("problem line (\\d+)");

    record Row(String file, Harness harness, String state, String trailing, String line, String died, String kind,
            String parent, String session, String expect) {
    }

    static List<Row> rows() throws IOException {
        List<Row> rows = new ArrayList<>();
        for (String l : Files.readAllLines(CODEX.resolve("expected-verdicts.tsv"), StandardCharsets.UTF_8)) {
            if (l.startsWith("#") || l.startsWith("file\t") || l.isBlank()) {
                continue;
            }
            String[] c = l.split("\t", -1);
            assertEquals(10, c.length, l);
            rows.add(new Row(c[0], Harness.valueOf(c[1]), c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9]));
        }
        return rows;
    }

    static List<Row> codexRows() throws IOException {
        return rows().stream().filter(r -> r.harness() == Harness.CODEX).toList();
    }

    private static List<String> lines(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        assertTrue(text.endsWith("\n"), file + " ends its last line");
        return List.of(text.substring(0, text.length() - 1).split("\n", -1));
    }

    private static Set<String> jsonlFiles(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".jsonl"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }

    @Test
    void everyFixtureHasOneRowAndEveryRowAFile() throws IOException {
        Set<String> inTable = rows().stream().map(Row::file).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(jsonlFiles(CODEX), inTable);
        assertEquals(rows().size(), inTable.size(), "one row a file");
    }

    @Test
    void everyLineIsAJsonObjectExceptTheOneDamagedOnPurpose() throws IOException {
        Map<String, Integer> damaged = new LinkedHashMap<>();
        for (Row r : rows()) {
            Matcher m = PROBLEM_LINE.matcher(r.expect());
            if (m.find()) {
                damaged.put(r.file(), Integer.parseInt(m.group(1)));
            }
        }
        assertEquals(Map.of("damaged-line.jsonl", 13), damaged);
        List<Path> files = new ArrayList<>();
        for (String f : jsonlFiles(CODEX)) {
            files.add(CODEX.resolve(f));
        }
        for (String f : jsonlFiles(CODEX.resolve("mixed"))) {
            files.add(CODEX.resolve("mixed").resolve(f));
        }
        for (Path file : files) {
            List<String> lines = lines(file);
            Integer bad = file.getParent().equals(CODEX) ? damaged.get(file.getFileName().toString()) : null;
            for (int i = 0; i < lines.size(); i++) {
                String where = file.getFileName() + ":" + (i + 1);
                if (bad != null && bad == i + 1) {
                    String line = lines.get(i);
                    assertThrows(IOException.class, () -> JSON.readTree(line), where + " is damaged on purpose");
                } else {
                    assertTrue(JSON.readTree(lines.get(i)).isObject(), where);
                }
            }
        }
    }

    @Test
    void theHarnessComesFromTheFirstRecordNeverTheName() throws IOException {
        for (Row r : rows()) {
            assertEquals(r.harness(), Harness.ofHead(CODEX.resolve(r.file())), r.file());
        }
        Row claude = rows().stream().filter(r -> r.harness() == Harness.CLAUDE_CODE).findFirst().orElseThrow();
        assertTrue(claude.file().startsWith("rollout-"), "the Claude Code file is named like a Codex rollout");
        Map<String, Harness> mixed = new LinkedHashMap<>();
        for (String f : jsonlFiles(CODEX.resolve("mixed"))) {
            mixed.put(f, Harness.ofHead(CODEX.resolve("mixed").resolve(f)));
        }
        assertEquals(Map.of("claude-healthy.jsonl", Harness.CLAUDE_CODE,
                "claude-synthetic-rate-limit-429.jsonl", Harness.CLAUDE_CODE,
                "codex-completed.jsonl", Harness.CODEX,
                "codex-interrupted.jsonl", Harness.CODEX), mixed);
    }

    /** Session id, kind and parent in the table are the first session_meta's (a later one is the parent's copy). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("codexRows")
    void sessionKindAndParentAreTheFirstSessionMetas(Row r) throws IOException {
        JsonNode first = JSON.readTree(lines(CODEX.resolve(r.file())).get(0));
        assertEquals("session_meta", first.get("type").asText());
        JsonNode meta = first.get("payload");
        assertEquals(r.session(), meta.get("id").asText());
        JsonNode subagent = meta.path("source").path("subagent");
        assertEquals(r.kind(), subagent.isMissingNode() ? "SESSION" : "SUBAGENT");
        String parent = subagent.isTextual() ? meta.path("parent_thread_id").asText(null)
                : subagent.path("thread_spawn").path("parent_thread_id").asText(null);
        assertEquals(r.parent(), parent == null ? "-" : parent);
    }

    /**
     * The trailing column follows the turn lifecycle after the last turn start: complete means none, an abort's reason
     * names the class, and no end means CUT_OFF at the last record; state follows the last assistant message.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("codexRows")
    void stateAndTrailingFollowTheRecords(Row r) throws IOException {
        List<String> lines = lines(CODEX.resolve(r.file()));
        String lastAnswer = null;
        boolean anyMessage = false;
        int lastStart = -1;
        int lastAnswerLine = -1;
        String end = null;
        int endLine = -1;
        for (int i = 0; i < lines.size(); i++) {
            JsonNode rec;
            try {
                rec = JSON.readTree(lines.get(i));
            } catch (IOException damaged) {
                continue;
            }
            JsonNode p = rec.path("payload");
            String type = p.path("type").asText("");
            if (type.equals("message")) {
                anyMessage = true;
                if (p.path("role").asText().equals("assistant")) {
                    StringBuilder text = new StringBuilder();
                    p.path("content").forEach(b -> {
                        if (b.path("type").asText().equals("output_text")) {
                            text.append(b.path("text").asText());
                        }
                    });
                    lastAnswer = text.toString();
                    lastAnswerLine = i + 1;
                }
            } else if (type.equals("task_started") || type.equals("turn_started")) {
                lastStart = i + 1;
                end = null;
            } else if (type.equals("task_complete") || type.equals("turn_complete")) {
                end = "-";
                endLine = i + 1;
            } else if (type.equals("turn_aborted")) {
                end = switch (p.path("reason").asText()) {
                    case "interrupted" -> "INTERRUPTED";
                    case "budget_limited" -> "USAGE_LIMIT";
                    default -> "OTHER";
                };
                endLine = i + 1;
            }
        }
        boolean healthy = lastAnswer != null && !lastAnswer.isBlank();
        assertEquals(r.state(), healthy ? "HEALTHY" : "EMPTY");
        if (!anyMessage) {
            assertEquals("no run: metadata only", r.expect());
            assertEquals("-", r.trailing());
            return;
        }
        assertTrue(lastStart > 0, "a run has a turn");
        String trailing = end == null ? "CUT_OFF" : end;
        int line = end == null ? lines.size() : endLine;
        assertEquals(r.trailing(), trailing);
        assertEquals(r.line(), trailing.equals("-") ? "-" : Integer.toString(line));
        boolean died = healthy && !trailing.equals("-");
        assertEquals(r.died(), died ? "yes" : "no");
        if (died) {
            assertTrue(lastAnswerLine < line, "the death comes after the last answer");
        }
    }

    /** Every call id the expectations name is a call of that file, of the tool they name. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("codexRows")
    void theCallsTheExpectationsNameAreInTheFile(Row r) throws IOException {
        Map<String, String> calls = new LinkedHashMap<>();
        for (String l : lines(CODEX.resolve(r.file()))) {
            try {
                JsonNode p = JSON.readTree(l).path("payload");
                if (p.has("call_id") && p.has("name")) {
                    calls.put(p.get("call_id").asText(), p.get("name").asText());
                }
            } catch (IOException damaged) {
                // the damaged line is checked above
            }
        }
        Matcher gate = Pattern.compile("gate (call_\\w+) (\\w+) ").matcher(r.expect());
        while (gate.find()) {
            assertEquals(gate.group(2), calls.get(gate.group(1)), r.expect());
        }
        Matcher any = Pattern.compile("(call_\\w+)").matcher(r.expect());
        while (any.find()) {
            assertTrue(calls.containsKey(any.group(1)), any.group(1));
        }
    }

    @Test
    void theLinkedCodeBlockIsByteIdenticalToItsCommandAndTheOtherMatchesNone() throws IOException {
        List<String> lines = lines(CODEX.resolve("code-blocks.jsonl"));
        List<String> commands = new ArrayList<>();
        String answer = null;
        for (String l : lines) {
            JsonNode p = JSON.readTree(l).path("payload");
            if (p.path("name").asText().equals("exec_command")) {
                commands.add(JSON.readTree(p.get("arguments").asText()).get("cmd").asText());
            } else if (p.path("role").asText().equals("assistant")) {
                answer = p.path("content").get(0).path("text").asText();
            }
        }
        assertEquals(List.of("python -m pytest -q tests/test_ledger.py"), commands);
        String[] fences = answer.split("```bash\n");
        assertEquals(3, fences.length);
        assertEquals(commands.get(0), fences[1].substring(0, fences[1].indexOf("\n```")));
        assertFalse(commands.contains(fences[2].substring(0, fences[2].indexOf("\n```"))));
    }
}

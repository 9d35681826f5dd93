package dev.coroner.core.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.coroner.core.read.ProblemLine;
import dev.coroner.core.read.SourceSpan;
import dev.coroner.core.read.TranscriptScan;
import dev.coroner.core.scripts.BlockVerdict;
import dev.coroner.core.terminal.NoRun;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.fixtures.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every codex/ fixture judged as its expectations table (codex/expected-verdicts.tsv, derived by hand from
 * docs/VERDICTS.md, "Codex CLI") says: harness, state, trailing class and line, died after its last answer, kind,
 * parent and session id, by the one pass and from the end alike; and what the table expects of its results' stated
 * exit codes, its code blocks, its damaged lines and a file with no run. The gate's rows ("gate …") are the
 * precursor's tests', a parent's spawns the corpus's.
 */
class CodexFixtureVerdictsTest {
    record Row(String file, String harness, String state, String trailing, String line, String died, String kind,
               String parent, String session, String expect) {
        @Override
        public String toString() {
            return file;
        }
    }

    static Stream<Row> rows() throws Exception {
        List<Row> rows = new ArrayList<>();
        for (String l : Files.readAllLines(Fixtures.path("codex/expected-verdicts.tsv"))) {
            if (l.startsWith("#") || l.startsWith("file\t") || l.isBlank()) {
                continue;
            }
            String[] f = l.split("\t", -1);
            rows.add(new Row(f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9]));
        }
        return rows.stream();
    }

    @Test
    void theTableNamesEveryFixture() throws Exception {
        List<String> files = new ArrayList<>();
        try (var s = Files.list(Fixtures.path("codex"))) {
            s.filter(p -> p.toString().endsWith(".jsonl")).forEach(p -> files.add(p.getFileName().toString()));
        }
        assertEquals(files.stream().sorted().toList(), rows().map(Row::file).sorted().toList());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void eachFixtureIsJudgedAsTheTableSays(Row row) throws Exception {
        Path p = Fixtures.path("codex/" + row.file());
        TranscriptIndex index = TranscriptPass.run(p);
        TerminalVerdict v = index.judgement().terminal();
        assertEquals(v, TerminalVerdicts.judge(p), "the pass and the walk from the end agree");
        assertEquals(row.harness(), index.harness().name());
        assertEquals(row.harness(), v.harness().name());
        assertEquals(row.state(), v.state().name());
        assertEquals(row.trailing(), v.trailing() == null ? "-" : v.trailing().cls().name());
        assertEquals(row.line(), v.trailing() == null ? "-" : String.valueOf(v.trailing().line()));
        assertEquals(row.died(), v.diedAfterAnswer() ? "yes" : "no");
        assertEquals(row.kind(), v.kind().name());
        assertEquals(row.parent(), v.parent() == null ? "-" : v.parent());
        assertEquals(row.session(), index.sessionId());
        Map<String, Integer> exits = exitCodes(p);
        List<BlockVerdict> blocks = index.judgement().scripts().blocks();
        boolean noRun = false;
        for (String e : row.expect().split("; ")) {
            String[] w = e.split(" ");
            switch (w[0]) {
                case "error", "ok" -> {
                    assertEquals(Integer.valueOf(w[3]), exits.get(w[1]), e);
                    assertEquals(w[0].equals("error"), exits.get(w[1]) != 0, e);
                }
                case "block" -> {
                    BlockVerdict b = blocks.get(Integer.parseInt(w[1]) - 1);
                    if (w[2].equals("unmatched")) {
                        assertNull(b.call(), e);
                    } else {
                        assertEquals(w[3], b.call().toolUseId(), e);
                        Integer stated = b.call().exitCode(); // only a failure's is shown
                        assertEquals(Integer.parseInt(w[5]) == 0 ? null : Integer.valueOf(w[5]), stated, e);
                    }
                }
                case "problem" -> {
                    assertEquals(1, index.problems(), e);
                    int problemRow = -1;
                    for (int r = 0; r < index.size(); r++) {
                        if (index.isProblem(r)) {
                            problemRow = r;
                        }
                    }
                    assertEquals(Long.parseLong(w[2]), index.line(problemRow), e);
                }
                case "no" -> {
                    noRun = true;
                    assertEquals(NoRun.METADATA_ONLY, v.noRun(), e);
                }
                default -> { } // gate rows: the precursor's tests; spawns: the corpus's; "-", a copy's note
            }
        }
        if (!noRun) {
            assertNull(v.noRun());
        }
    }

    /** Each result's stated exit code by its call id, as the Codex reader reads it. */
    private static Map<String, Integer> exitCodes(Path p) throws Exception {
        Map<String, Integer> codes = new HashMap<>();
        TranscriptScan.scan(p, new HarnessReader(), new TranscriptScan.Sink<RecordFacts>() {
            @Override
            public boolean record(SourceSpan span, RecordFacts f) {
                for (RecordFacts.Item i : f.items) {
                    if (i.kind == RecordFacts.Item.TOOL_RESULT && i.exitCode != null) {
                        codes.put(i.id, i.exitCode);
                    }
                }
                return true;
            }

            @Override
            public boolean problem(ProblemLine problem) {
                return true;
            }
        });
        return codes;
    }
}

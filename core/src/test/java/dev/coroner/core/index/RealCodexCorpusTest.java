package dev.coroner.core.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.corpus.TranscriptPaths;
import dev.coroner.core.read.Harness;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.core.terminal.TerminalVerdict;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The verdict on every real Codex CLI rollout of the corpus profile ({@code coroner.corpus.codex}): read as Codex, never
 * UNREADABLE, the one pass and the walk from the end agree, and state, trailing class and line, kind and parent are
 * the committed table's (codex-corpus-verdicts.tsv, each row checked by hand against docs/VERDICTS.md, "Codex CLI"),
 * so a change that flips a verdict fails here.
 */
@Tag("corpus")
class RealCodexCorpusTest {
    static Path root() {
        Path root = Path.of(System.getProperty("coroner.corpus.codex", "../shared/corpus-codex"));
        assertTrue(Files.isDirectory(root), "corpus profile enabled but no Codex corpus at " + root.toAbsolutePath());
        return root;
    }

    static Stream<Path> corpus() {
        return TranscriptPaths.expand(List.of(root())).inputs().stream().map(TranscriptPaths.Input::path);
    }

    /** file (relative to the corpus, '/'-separated) → "state class line kind parent". */
    static Map<String, String> expected() throws Exception {
        Map<String, String> rows = new LinkedHashMap<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                RealCodexCorpusTest.class.getResourceAsStream("codex-corpus-verdicts.tsv"), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (!line.startsWith("#") && !line.isBlank()) {
                    String[] f = line.split("\t");
                    rows.put(f[0], String.join(" ", List.of(f).subList(1, f.length)));
                }
            }
        }
        return rows;
    }

    private static String row(TerminalVerdict v) {
        return v.state() + " " + (v.trailing() == null ? "NONE" : v.trailing().cls().name()) + " "
                + (v.trailing() == null ? "-" : String.valueOf(v.trailing().line())) + " " + v.kind() + " "
                + (v.parent() == null ? "-" : v.parent());
    }

    private static String relative(Path p) {
        return root().relativize(p).toString().replace('\\', '/');
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void everyRolloutIsJudgedAsCodexAlikeBothWaysAndAsTheTableSays(Path p) throws Exception {
        TranscriptIndex index = TranscriptPass.run(p);
        TerminalVerdict pass = index.judgement().terminal();
        assertEquals(Harness.CODEX, index.harness());
        assertEquals(Harness.CODEX, pass.harness());
        assertNotEquals(TerminalState.UNREADABLE, pass.state());
        assertEquals(pass, TerminalVerdicts.judge(p), "the pass and the walk from the end agree");
        assertEquals(expected().get(relative(p)), row(pass));
    }

    @Test
    void theTableNamesEveryRolloutOfTheCorpus() throws Exception {
        assertEquals(expected().keySet(), new java.util.TreeSet<>(corpus().map(RealCodexCorpusTest::relative).toList()),
                "a rollout added or removed: judge it by hand and update the table");
    }
}

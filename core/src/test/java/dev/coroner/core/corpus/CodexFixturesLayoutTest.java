package dev.coroner.core.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.coroner.core.read.Harness;
import dev.coroner.fixtures.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The codex/ fixtures' own table (codex/expected-verdicts.tsv, derived by hand from docs/VERDICTS.md, "Codex CLI")
 * says each file's harness, kind, parent and session; the corpus reads the same from each head.
 */
class CodexFixturesLayoutTest {
    /** {@code file harness state trailing line died kind parent session expect}, one row a fixture. */
    static Stream<Arguments> rows() throws Exception {
        return Files.readAllLines(Fixtures.path("codex/expected-verdicts.tsv"), StandardCharsets.UTF_8).stream()
                .filter(l -> !l.startsWith("#") && !l.startsWith("file\t") && !l.isBlank()).map(l -> l.split("\t"))
                .map(row -> Arguments.of(row[0], row));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void eachFixturesPlaceIsWhatItsTableSays(String file, String[] row) {
        CorpusTranscript t = CorpusLayout.classify(Fixtures.path("codex/" + row[0]));
        assertEquals(Harness.valueOf(row[1]), t.harness());
        boolean subagent = row[6].equals("SUBAGENT");
        assertEquals(subagent ? TranscriptRole.SUBAGENT_THREAD : TranscriptRole.SESSION, t.role());
        if (subagent) {
            assertEquals(row[7], t.sessionId(), "its parent thread");
            assertEquals(row[8], t.agentId(), "its own thread id, which its parent's spawn names");
        } else {
            assertEquals(row[8], t.sessionId());
            assertNull(t.agentId());
        }
    }

    @Test
    void bothSubAgentFixturesAreGroupedUnderTheirParentAmongAllTheCodexFixturesAndTheMixedFolder() throws Exception {
        List<Path> all = TranscriptPaths.expand(List.of(Fixtures.path("codex"))).inputs().stream()
                .map(TranscriptPaths.Input::path).toList();
        List<SessionGroup> groups = CorpusLayout.of(all);
        SessionGroup parent = groups.stream().filter(g -> g.session() != null
                && g.session().name().equals("subagent-parent.jsonl")).findFirst().orElseThrow();
        assertEquals(List.of("subagent-review.jsonl", "subagent-thread-spawn.jsonl"),
                parent.subagents().stream().map(CorpusTranscript::name).toList());
        assertEquals(1, groups.stream().filter(g -> !g.subagents().isEmpty()).count(), "no other group has sub-agents");
    }
}

package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.filter.FieldSchemas;
import dev.coroner.fixtures.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Real public transcripts (../shared/corpus, never committed): --where keeps exactly the rows it is true for. */
@Tag("corpus")
class WhereCorpusTest {
    private static String corpus() {
        Path dir = Path.of(System.getProperty("coroner.corpus", "../shared/corpus"));
        assertTrue(Files.isDirectory(dir), "the corpus profile needs " + dir);
        return dir.toString();
    }

    static Stream<WhereOptionTest.Case> cases() {
        String grammar = Fixtures.path("precursor/claude-code.toml").toString();
        List<String> corpus = List.of(corpus());
        return Stream.of(
                new WhereOptionTest.Case("verdict", List.of("verdict"), FieldSchemas.TRANSCRIPT, "state",
                        "kind == SUBAGENT or state != HEALTHY", corpus),
                new WhereOptionTest.Case("verdict", List.of("verdict"), FieldSchemas.TRANSCRIPT, "state",
                        "trailing.class or reason matches \"end_turn\" and not parent", corpus),
                new WhereOptionTest.Case("precursor", List.of("precursor", "--grammar", grammar), FieldSchemas.CALL,
                        "stance", "stance in {REFUTED, EXEMPT} or tool == Write", corpus),
                new WhereOptionTest.Case("scripts", List.of("scripts"), FieldSchemas.BLOCK, "label",
                        "label == unmatched and (closest.kind != no-program-call or reason != no-submission-this-turn)",
                        corpus),
                new WhereOptionTest.Case("propose", List.of("propose"), FieldSchemas.PROPOSAL, "kind",
                        "kind == proposal and support >= 0.5 or kind == ungated and calls > 10", corpus));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void keepsExactlyTheRowsTheExpressionIsTrueFor(WhereOptionTest.Case c) {
        WhereOptionTest.keepsExactly(c);
    }
}

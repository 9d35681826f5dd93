package dev.coroner.core.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.corpus.TranscriptPaths;
import dev.coroner.core.findings.AnalysisSettings;
import dev.coroner.core.findings.TranscriptAnalyser;
import dev.coroner.core.findings.TranscriptAnalysis;
import dev.coroner.core.read.ProblemLine;
import dev.coroner.core.read.Transcript;
import dev.coroner.core.read.TranscriptReader;
import dev.coroner.core.read.TranscriptRecord;
import dev.coroner.core.index.TerminalVerdicts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The index and the analysis on real public transcripts from ../shared/corpus (the "corpus" profile): the index
 * agrees with the reader row for row, every tool_result pairs with the call whose id it names, and the analysed
 * verdict is the verdict read from the end.
 */
@Tag("corpus")
class RealCorpusIndexTest {
    static Stream<Path> corpus() {
        Path root = Path.of(System.getProperty("coroner.corpus", "../shared/corpus"));
        assertTrue(Files.isDirectory(root), "corpus profile enabled but no corpus at " + root.toAbsolutePath());
        return TranscriptPaths.expand(List.of(root)).inputs().stream().map(TranscriptPaths.Input::path);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void theIndexIsTheReadersViewAndPairsCallsWithResults(Path p) throws Exception {
        Transcript t = TranscriptReader.readAll(p);
        TranscriptIndex index = TranscriptPass.run(p);
        assertEquals(t.lines().size(), index.size());
        Map<String, Integer> callRows = new HashMap<>();
        for (int row = 0; row < index.size(); row++) {
            if (t.lines().get(row) instanceof ProblemLine problem) { // real files: two records on one line
                assertTrue(index.isProblem(row), "line " + problem.span().line());
                assertEquals(problem.span(), index.span(row));
                assertEquals(problem.kind(), index.problemKind(row));
                continue;
            }
            TranscriptRecord r = (TranscriptRecord) t.lines().get(row);
            assertEquals(r.span(), index.span(row));
            assertEquals(r.type(), index.kind(row));
            assertEquals(r.isAssistantTurn(), index.has(row, RowFlags.ASSISTANT_TURN));
            var content = r.message() == null ? null : r.message().get("content");
            String firstResult = null;
            if (content != null && content.isArray()) {
                for (var block : content) {
                    String type = block.path("type").asText();
                    if (type.equals("tool_use")) {
                        callRows.putIfAbsent(block.path("id").asText(), row);
                    } else if (type.equals("tool_result") && firstResult == null) {
                        firstResult = block.path("tool_use_id").asText();
                    }
                }
            }
            if (firstResult != null && callRows.containsKey(firstResult)) {
                int call = callRows.remove(firstResult);
                assertEquals(call, index.pair(row), "line " + index.line(row) + " names its call's row");
                assertEquals(index.tool(call), index.tool(row), "and its tool");
            }
        }
        TranscriptAnalysis a = new TranscriptAnalyser(List.of()).analyse(index, AnalysisSettings.NONE);
        assertEquals(TerminalVerdicts.judge(p), a.verdict());
    }
}

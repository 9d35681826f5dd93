package dev.coroner.core.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.read.Transcript;
import dev.coroner.core.read.TranscriptReader;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.core.terminal.TerminalVerdicts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Real public Claude Code transcripts from ../shared/corpus (never committed; the "corpus" profile, which .ci/run
 * enables when the folder exists, runs these). FORMAT.md: no invalid lines were seen in them.
 */
@Tag("corpus")
class RealCorpusTest {
    static Stream<Path> corpus() throws Exception {
        Path root = Path.of(System.getProperty("coroner.corpus", "../shared/corpus"));
        assertTrue(Files.isDirectory(root), "corpus profile enabled but no corpus at " + root.toAbsolutePath());
        List<Path> files = TranscriptPaths.expand(List.of(root)).inputs().stream().map(TranscriptPaths.Input::path).toList();
        assertFalse(files.isEmpty());
        return files.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void everyRealTranscriptReadsWithoutProblemsAndGetsTheSameVerdictFromEitherEnd(Path p) throws Exception {
        Transcript t = TranscriptReader.readAll(p);
        assertEquals(List.of(), t.problems(), "FORMAT.md saw no invalid lines in real files");
        TerminalVerdict v = TerminalVerdicts.judge(p);
        assertNotEquals(TerminalState.UNREADABLE, v.state());
        TerminalVerdict full = TerminalVerdicts.judgeByFullRead(p);
        assertEquals(full.state(), v.state());
        assertEquals(full.evidence().offset(), v.evidence().offset());
        if (t.records().stream().noneMatch(r -> r.isAssistantTurn())) {
            assertEquals(TerminalState.EMPTY, v.state());
        }
    }
}

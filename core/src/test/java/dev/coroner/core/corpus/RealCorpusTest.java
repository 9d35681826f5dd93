package dev.coroner.core.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.core.read.ProblemKind;
import dev.coroner.core.read.ProblemLine;
import dev.coroner.core.read.SourceSpan;
import dev.coroner.core.read.Transcript;
import dev.coroner.core.read.TranscriptReader;
import dev.coroner.core.terminal.TerminalState;
import dev.coroner.core.terminal.AgentKind;
import dev.coroner.core.terminal.FullReadVerdicts;
import dev.coroner.core.terminal.TerminalVerdict;
import dev.coroner.core.index.TerminalVerdicts;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Real public Claude Code transcripts from ../shared/corpus (never committed; the "corpus" profile, which .ci/run
 * enables when the folder exists, runs these). What real files do: almost every line is one record; the only problem
 * lines seen are two records written on one line (a writer that lost a newline), which are MALFORMED_JSON problems
 * kept with their position, never split or dropped (docs/VERDICTS.md, "Reading").
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
        for (ProblemLine problem : t.problems()) {
            assertEquals(ProblemKind.MALFORMED_JSON, problem.kind(), p + ": " + problem);
            assertEquals(2, objectsOnLine(p, problem.span()), p + " line " + problem.span().line()
                    + ": the only problem lines in real files are two records on one line");
        }
        TerminalVerdict v = TerminalVerdicts.judge(p);
        assertNotEquals(TerminalState.UNREADABLE, v.state());
        TerminalVerdict full = FullReadVerdicts.judgeByFullRead(p);
        assertEquals(full.state(), v.state());
        assertEquals(full.evidence().offset(), v.evidence().offset());
        // the rules learnt from real runs: the same answer from the end, from a full read and from the one pass
        assertEquals(full.reason(), v.reason());
        assertEquals(full.kind(), v.kind());
        assertEquals(full.trailing(), v.trailing());
        assertEquals(v, dev.coroner.core.index.TranscriptPass.run(p).judgement().terminal());
        String name = p.getFileName().toString();
        if (name.startsWith("agent-acompact-") || name.startsWith("agent-aprompt_suggestion-")
                || name.startsWith("agent-aside_question-")) {
            assertEquals(AgentKind.HARNESS, v.kind(), p.toString());
        } else if (v.kind() == AgentKind.HARNESS) {
            assertTrue(name.startsWith("agent-"), p + ": only a sub-agent file can be a warm-up agent");
        }
        if (t.records().stream().noneMatch(r -> r.isAssistantTurn())) {
            assertEquals(TerminalState.EMPTY, v.state());
        }
    }

    /** How many JSON objects the line's bytes hold back to back (an honest count, independent of the reader). */
    private static int objectsOnLine(Path p, SourceSpan span) throws Exception {
        byte[] line = new byte[(int) span.length()];
        try (FileChannel ch = FileChannel.open(p)) {
            ch.read(ByteBuffer.wrap(line), span.offset());
        }
        int n = 0;
        try (MappingIterator<JsonNode> it = new ObjectMapper().readerFor(JsonNode.class).readValues(line)) {
            while (it.hasNext()) {
                assertTrue(it.next().isObject());
                n++;
            }
        }
        return n;
    }
}

package dev.coroner.core.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.coroner.core.precursor.CallStream;
import dev.coroner.core.scripts.ScriptReport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A pass for what one command judges (docs/ARCHITECTURE.md, "The pass") leaves the rest out and nothing else: the calls
 * only ({@code coroner precursor}) or the block links only ({@code coroner scripts}) are the whole pass's, and so are
 * the rows and the terminal verdict.
 */
class PassScopeTest {

    /** Every fixture transcript, the precursor's and the code blocks' included. */
    static Stream<Path> fixtures() throws IOException {
        return TranscriptIndexTest.fixtures(
                List.of("terminal", "demo", "format", "kinds", "precursor", "propose", "report", "scripts", "cost"));
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void eachScopeGivesTheWholePassRowsVerdictAndWhatItNames(Path fixture) throws Exception {
        TranscriptIndex all = TranscriptPass.run(fixture, TranscriptPass.Scope.ALL);
        TranscriptIndex calls = TranscriptPass.run(fixture, TranscriptPass.Scope.CALLS);
        TranscriptIndex blocks = TranscriptPass.run(fixture, TranscriptPass.Scope.BLOCKS);

        assertNotNull(all.judgement().scripts());
        assertNotNull(all.judgement().calls());
        assertNull(calls.judgement().scripts(), "no block is linked when only the calls are asked for");
        assertNull(blocks.judgement().calls(), "no call stream is built when only the blocks are asked for");

        for (TranscriptIndex part : List.of(calls, blocks)) {
            assertEquals(rows(all), rows(part));
            assertEquals(all.judgement().terminal(), part.judgement().terminal());
            // only the whole pass reads usage: precursor, propose and scripts print none, and step over it
            assertThrows(IllegalStateException.class, part::usage, "asked for, it refuses rather than say $0");
        }
        if (fixture.toString().contains("/cost/")) {
            assertNotEquals(dev.coroner.core.usage.TranscriptUsage.EMPTY, all.usage(), "the whole pass counted it");
        }
        assertEquals(describe(all.judgement().calls()), describe(calls.judgement().calls()));
        ScriptReport whole = all.judgement().scripts();
        ScriptReport linked = blocks.judgement().scripts();
        assertEquals(whole.blocks(), linked.blocks());
        assertEquals(whole.turns(), linked.turns());
        assertEquals(whole.cutTexts(), linked.cutTexts());
        assertEquals(whole.problemLines(), linked.problemLines());
    }

    private static List<List<Long>> rows(TranscriptIndex index) {
        List<List<Long>> rows = new ArrayList<>();
        for (int row = 0; row < index.size(); row++) {
            rows.add(List.of(index.line(row), index.offset(row), index.length(row), (long) index.flags(row)));
        }
        return rows;
    }

    /** Everything a precursor grammar is judged against, call by call. */
    private static List<String> describe(CallStream s) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < s.size(); i++) {
            out.add(s.call(i) + " " + s.span(i) + " seen " + s.seen(i) + " before " + s.streamBefore(i)
                    + " answered " + s.answered(i) + " ok " + s.succeeded(i) + " created " + s.created(i)
                    + " file " + s.filePath(i));
        }
        out.add("results " + s.results() + ", problem lines " + s.problemLines());
        return out;
    }
}

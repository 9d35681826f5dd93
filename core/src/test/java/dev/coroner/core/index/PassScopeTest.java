package dev.coroner.core.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.coroner.core.precursor.CallStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A pass for the calls only (docs/ARCHITECTURE.md, "The pass"; what {@code coroner precursor} asks for) leaves the
 * block links out and nothing else: the same rows, the same terminal verdict, the same call stream as the whole pass.
 */
class PassScopeTest {

    static java.util.stream.Stream<Path> fixtures() throws java.io.IOException {
        return TranscriptIndexTest.fixtures();
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void theCallsOnlyPassGivesTheWholePassRowsVerdictAndCalls(Path fixture) throws Exception {
        TranscriptIndex all = TranscriptPass.run(fixture, TranscriptPass.Scope.ALL);
        TranscriptIndex calls = TranscriptPass.run(fixture, TranscriptPass.Scope.CALLS);

        assertNotNull(all.judgement().scripts());
        assertNull(calls.judgement().scripts(), "no block is linked when only the calls are asked for");

        assertEquals(all.size(), calls.size());
        for (int row = 0; row < all.size(); row++) {
            assertEquals(List.of(all.line(row), all.offset(row), all.length(row), (long) all.flags(row)),
                    List.of(calls.line(row), calls.offset(row), calls.length(row), (long) calls.flags(row)),
                    "row " + row);
        }
        assertEquals(all.judgement().terminal(), calls.judgement().terminal());
        assertEquals(describe(all.judgement().calls()), describe(calls.judgement().calls()));
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

package dev.coroner.core.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * The fuzz targets of {@link FuzzTargets} under Jazzer (coverage-guided). In a plain build Jazzer runs each target on
 * its kept inputs only (src/test/resources/dev/coroner/core/fuzz/ReaderFuzzTestInputs/TARGET/: a seed, and the
 * regression inputs runs found); to fuzz one target for its 30 s, or longer, see bench/README.md, "Properties and
 * fuzzing":
 * {@code JAZZER_FUZZ=1 mvn -o -pl core -am test -Dtest=ReaderFuzzTest#tailReader -Dsurefire.failIfNoSpecifiedTests=false
 * -Djazzer.internal.arg.0=fuzz -Djazzer.internal.arg.1=-max_total_time=300}. Keep {@code maxDuration} short here: it is
 * what a bare {@code JAZZER_FUZZ=1} run takes.
 */
class ReaderFuzzTest {
    @FuzzTest(maxDuration = "30s")
    void lineReader(byte[] data) throws Exception {
        FuzzTargets.lineReader(data);
    }

    @FuzzTest(maxDuration = "30s")
    void tailReader(byte[] data) throws Exception {
        FuzzTargets.tailReader(data);
    }

    @FuzzTest(maxDuration = "30s")
    void fenceScanner(FuzzedDataProvider data) {
        FuzzTargets.fenceScanner(data.consumeRemainingAsString());
    }

    @FuzzTest(maxDuration = "30s")
    void grammarLoader(byte[] data) {
        FuzzTargets.grammarLoader(data);
    }

    @DictionaryEntries({"\"schema\"", "\"family\"", "\"coroner-workspace\"", "\"version\"", "\"transcripts\"",
            "\"path\"", "\"sha256\"", "\"size\"", "\"grammar\"", "\"inline\"", "\"annotations\"", "\"transcript\"",
            "\"line\"", "\"note\"", "\"override\"", "\"subject\"", "\"machine\"", "\"human\"", "\"reason\"",
            "\"rejected_proposals\"", "\"selection\"", "\"layout\"", "\"dividers\"", "\"panels\"", "\\ud800", "null",
            "true", "-0.0", "1e400"})
    @FuzzTest(maxDuration = "30s")
    void workspaceReader(byte[] data) throws Exception {
        FuzzTargets.workspaceReader(data);
    }
}

package dev.coroner.core.precursor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.index.TranscriptPass;
import dev.coroner.fixtures.Fixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every call of every precursor fixture, judged by our gate, against fixtures/precursor/expected-verdicts.tsv:
 * the stances the reference's {@code classify_call} gives, except where docs/VERDICTS.md, "Precursor gate" says we fix its case-sensitive
 * loader.
 */
class ReferenceParityTest {

    record Row(String grammar, String transcript, long line, String toolUseId, String tool, PrecursorStance stance,
               List<String> present, PrecursorStance reference) {
        @Override
        public String toString() {
            return grammar + " " + transcript + ":" + line + " " + tool;
        }
    }

    static List<Row> rows() throws IOException {
        return Files.readAllLines(Fixtures.path("precursor/expected-verdicts.tsv"), StandardCharsets.UTF_8).stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#"))
                .map(l -> l.split("\t", -1))
                .map(c -> new Row(c[0], c[1], Long.parseLong(c[2]), c[3], c[4], PrecursorStance.valueOf(c[5]),
                        c[6].equals("-") ? List.of() : Arrays.asList(c[6].split(",")), PrecursorStance.valueOf(c[7])))
                .toList();
    }

    static Stream<Row> everyCall() throws IOException {
        return rows().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everyCall")
    void ourVerdictIsTheExpectedOne(Row row) throws Exception {
        PrecursorGrammar bundled = GrammarLoader.load(Fixtures.path("precursor/" + row.grammar())).grammar();
        CallStream s = TranscriptPass.run(Fixtures.path("precursor/" + row.transcript())).judgement().calls();
        ToolCall call = s.calls().stream().filter(c -> row.toolUseId().equals(c.id())).findFirst().orElseThrow();
        assertEquals(row.line(), call.line());
        assertEquals(row.tool(), call.tool());
        // the reference reads [precursor] only: without Coroner's exemptions every stance is the table's
        PrecursorVerdict v = PrecursorGate.judge(bundled.withoutExemptions(), s, call.index());
        assertEquals(row.stance(), v.stance(), v::reason);
        assertEquals(row.present(), v.present());
        // with them (claude-code.toml declares some) a stance may only turn from REFUTED to EXEMPT
        PrecursorVerdict withExemptions = PrecursorGate.judge(bundled, s, call.index());
        if (withExemptions.stance() != row.stance()) {
            assertEquals(PrecursorStance.REFUTED + "→" + PrecursorStance.EXEMPT, row.stance() + "→" + withExemptions.stance());
        }
    }

    @Test
    void weDifferFromTheReferenceOnlyWhereItsCaseSensitiveLoaderIsWrong() throws IOException {
        List<Row> differ = rows().stream().filter(r -> r.stance() != r.reference()).toList();
        assertEquals(6, differ.size(), differ::toString);
        for (Row r : differ) {
            assertEquals("claude-code-case-sensitive.toml", r.grammar());
            // The reference matched only the folded `read`: so it refuted every `Read` and attested `read`.
            boolean capital = r.stance() == PrecursorStance.ATTESTED && r.present().equals(List.of("Read"));
            boolean lower = r.stance() == PrecursorStance.REFUTED && r.transcript().endsWith("case-lower.jsonl");
            assertTrue(capital || lower, r::toString);
        }
    }

    @Test
    void theTableCoversEveryCallOfEveryFixtureTranscriptUnderEachGrammar() throws Exception {
        List<Row> rows = rows();
        for (String[] pair : new String[][] {{"claude-code.toml", "claude-code"},
                {"claude-code-case-sensitive.toml", "claude-code"}, {"customer-service.toml", "customer-service"}}) {
            try (Stream<java.nio.file.Path> files = Files.list(Fixtures.path("precursor/" + pair[1]))) {
                for (java.nio.file.Path f : files.toList()) {
                    String name = pair[1] + "/" + f.getFileName();
                    long expected = rows.stream().filter(r -> r.grammar().equals(pair[0]) && r.transcript().equals(name)).count();
                    assertEquals(TranscriptPass.run(f).judgement().calls().size(), expected, pair[0] + " " + name);
                }
            }
        }
    }

    @Test
    void everyRungOfTheReferenceLadderAppearsInTheFixtures() throws IOException {
        List<Row> rows = rows();
        // EXEMPT is Coroner's own (ExemptionsTest); the reference has the other three
        for (PrecursorStance s : List.of(PrecursorStance.ATTESTED, PrecursorStance.REFUTED, PrecursorStance.NO_SIGNAL)) {
            assertTrue(rows.stream().anyMatch(r -> r.stance() == s && r.grammar().equals("claude-code.toml")), s::name);
            assertTrue(rows.stream().anyMatch(r -> r.stance() == s && r.grammar().equals("customer-service.toml")), s::name);
        }
    }
}

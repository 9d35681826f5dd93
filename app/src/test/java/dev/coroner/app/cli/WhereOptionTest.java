package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.filter.FieldSchema;
import dev.coroner.core.filter.FieldSchemas;
import dev.coroner.core.filter.FieldValues;
import dev.coroner.core.filter.Filter;
import dev.coroner.fixtures.Fixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code --where} keeps exactly the rows its expression is true for: each command is run on the fixtures without it and
 * with it, and the rows it printed with it are those of the first run the test's own filtering keeps (docs/FILTER.md).
 */
class WhereOptionTest {
    static String fx() {
        return Fixtures.root().toString();
    }

    static String fx(String path) {
        return Fixtures.path(path).toString();
    }

    /** A command (its arguments before the paths), its row kind, the key its rows have, an expression, the paths. */
    record Case(String name, List<String> args, FieldSchema schema, String key, String where, List<String> paths) {
        @Override
        public String toString() {
            return name + " --where '" + where + "'";
        }
    }

    static Stream<Arguments> cases() {
        String grammar = fx("precursor/claude-code.toml");
        List<Case> cases = List.of(
                new Case("verdict", List.of("verdict"), FieldSchemas.TRANSCRIPT, "state",
                        "state == SYNTHETIC and class in {RATE_LIMIT, AUTH}", List.of(fx())),
                new Case("verdict", List.of("verdict"), FieldSchemas.TRANSCRIPT, "state",
                        "kind != SESSION or trailing.class == CUT_OFF", List.of(fx())),
                new Case("verdict", List.of("verdict"), FieldSchemas.TRANSCRIPT, "state",
                        "not dead and harness == CODEX", List.of(fx())),
                new Case("verdict", List.of("verdict"), FieldSchemas.TRANSCRIPT, "state",
                        "reason matches \"stop_reason=(stop_sequence|null)\" and path contains \"terminal/\"",
                        List.of(fx())),
                new Case("verdict", List.of("verdict"), FieldSchemas.TRANSCRIPT, "state",
                        "state == UNREADABLE", List.of(fx())),
                new Case("precursor", List.of("precursor", "--grammar", grammar), FieldSchemas.CALL, "stance",
                        "stance == REFUTED and tool in {Edit, Write}", List.of(fx())),
                new Case("precursor", List.of("precursor", "--grammar", grammar), FieldSchemas.CALL, "stance",
                        "required contains Read and not present contains Read", List.of(fx())),
                new Case("scripts", List.of("scripts"), FieldSchemas.BLOCK, "label",
                        "label == unmatched and closest.kind in {shares-lines, part-of}", List.of(fx())),
                new Case("scripts", List.of("scripts"), FieldSchemas.BLOCK, "label",
                        "label != unmatched and exitCode != 0", List.of(fx())),
                new Case("propose", List.of("propose"), FieldSchemas.PROPOSAL, "kind",
                        "kind == ungated and calls >= 2", List.of(fx())),
                new Case("propose", List.of("propose", "--min-calls", "1"), FieldSchemas.PROPOSAL, "kind",
                        "kind == proposal or spellings contains Edit", List.of(fx())),
                new Case("compare", List.of("compare"), FieldSchemas.COMPARE_CALL, "op",
                        "op != same", List.of(fx("compare/good-run.jsonl"), fx("compare/rate-limited-run.jsonl"))),
                new Case("compare", List.of("compare"), FieldSchemas.COMPARE_PAIR, "change",
                        "change != same and b.state == SYNTHETIC", List.of(fx("compare/a"), fx("compare/b"))),
                new Case("compare", List.of("compare"), FieldSchemas.COMPARE_PAIR, "change",
                        "change in {fixed, only_a}", List.of(fx("compare/a"), fx("compare/b"))));
        return cases.stream().map(Arguments::of);
    }

    private static CliRun run(Case c, boolean json, String where) {
        List<String> args = new ArrayList<>(c.args());
        if (json) {
            args.add("--json");
        }
        if (where != null) {
            args.add("--where");
            args.add(where);
        }
        args.addAll(c.paths());
        return CliRun.of(args.toArray(String[]::new));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void keepsExactlyTheRowsTheExpressionIsTrueFor(Case c) {
        keepsExactly(c);
    }

    /** Runs {@code c} without and with its expression; the rows printed with it are those it is true for. */
    static void keepsExactly(Case c) {
        Filter f = Filter.parse(c.where(), c.schema()).filter();
        Predicate<WhereRows> ofKind = WhereRows.has(c.key());
        List<WhereRows> all = WhereRows.of(run(c, true, null).out());
        List<String> expected = all.stream().filter(ofKind).filter(r -> f.test(FieldValues.of(r.row())))
                .map(WhereRows::line).toList();
        CliRun filtered = run(c, true, c.where());
        List<WhereRows> got = WhereRows.of(filtered.out());
        assertEquals(expected, got.stream().filter(ofKind).map(WhereRows::line).toList(), filtered.err());
        assertTrue(all.stream().filter(ofKind).count() > expected.size(), "the expression drops some rows");
        // problem and note rows: only of transcripts shown, as they were printed without --where
        Set<Object> shownPaths = got.stream().filter(ofKind).map(r -> r.row().get("path")).collect(Collectors.toSet());
        Set<String> allLines = all.stream().map(WhereRows::line).collect(Collectors.toSet());
        for (WhereRows r : got) {
            if (r.row().containsKey("total")) {
                continue; // cost's total row: a sum of the rows kept, which CostWhereTest checks
            }
            assertTrue(allLines.contains(r.line()), r.line());
            if (!ofKind.test(r) && r.row().containsKey("path") && !r.row().containsKey("summary")) {
                assertTrue(shownPaths.contains(r.row().get("path")), "a row of a transcript not shown: " + r.line());
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void theTotalLineCountsWhatWasKept(Case c) {
        Filter f = Filter.parse(c.where(), c.schema()).filter();
        List<WhereRows> all = WhereRows.of(run(c, true, null).out()).stream().filter(WhereRows.has(c.key())).toList();
        long kept = all.stream().filter(r -> f.test(FieldValues.of(r.row()))).count();
        CliRun text = run(c, false, c.where());
        String last = text.lines().get(text.lines().size() - 1);
        assertTrue(last.matches(".*\\b" + kept + " of " + all.size() + " \\w+ shown.*"), last);
    }

    @Test
    void theExitStatusComesFromTheRowsKept() {
        // every fixture folder has dead transcripts: without --where the status is 1
        assertEquals(1, CliRun.of("verdict", fx("terminal")).status());
        CliRun healthy = CliRun.of("verdict", "--json", "--where", "state == HEALTHY and not trailing.class", fx("terminal"));
        assertFalse(healthy.out().isEmpty());
        assertEquals(0, healthy.status(), healthy.err());
        assertEquals(1, CliRun.of("verdict", "--where", "dead", fx("terminal")).status());
        assertEquals(0, CliRun.of("verdict", "--where", "dead and not dead", fx("terminal")).status());
        String grammar = fx("precursor/claude-code.toml");
        assertEquals(1, CliRun.of("precursor", "--grammar", grammar, fx()).status());
        assertEquals(0, CliRun.of("precursor", "--grammar", grammar, "--where", "stance != REFUTED", fx()).status());
        assertEquals(1, CliRun.of("compare", fx("compare/a"), fx("compare/b")).status());
        assertEquals(0, CliRun.of("compare", "--where", "change != new_death and change != only_b", fx("compare/a"),
                fx("compare/b")).status());
    }

    @Test
    void aBadExpressionIsAnErrorWithItsPositionAndNothingElse() {
        for (String[] args : List.of(
                new String[] {"verdict", "--where", "stat == HEALTHY", fx()},
                new String[] {"verdict", "--json", "--follow", "--where", "stat == HEALTHY", fx()},
                new String[] {"precursor", "--grammar", fx("precursor/claude-code.toml"), "--where", "stat == x", fx()},
                new String[] {"scripts", "--where", "stat == x", fx()},
                new String[] {"propose", "--where", "stat == x", fx()},
                new String[] {"compare", "--where", "stat == x", fx("compare/a"), fx("compare/b")},
                new String[] {"report", "--out", "/nonexistent/r.html", "--where", "stat == x", fx()})) {
            CliRun run = CliRun.of(args);
            assertEquals(ExitStatus.BAD_INPUT, run.status(), String.join(" ", args));
            assertEquals("", run.out(), String.join(" ", args));
            assertTrue(run.err().startsWith("coroner: --where: 1:1: unknown field 'stat'"), run.err());
            assertEquals(3, run.err().lines().count(), run.err()); // the message, the expression, the caret
        }
        CliRun run = CliRun.of("verdict", "--where", "state == HEALTHY and (dead or", fx());
        assertEquals("coroner: --where: 1:30: expected a field name, not the end\n"
                + "  state == HEALTHY and (dead or\n"
                + "                               ^\n", run.err().replace("\r\n", "\n"));
    }

    @Test
    void aHostileExpressionIsEscapedAndBounded() {
        CliRun run = CliRun.of("verdict", "--where", "state == \"\u001b[31m", fx());
        assertEquals(ExitStatus.BAD_INPUT, run.status());
        assertFalse(run.err().contains("\u001b"), run.err());
        CliRun big = CliRun.of("verdict", "--where", "(".repeat(1 << 20), fx());
        assertEquals(ExitStatus.BAD_INPUT, big.status());
        assertTrue(big.err().contains("expression longer than"), big.err());
        assertEquals(1, big.err().lines().count()); // no megabyte echoed back
    }

    @Test
    void reportWhereScopesTheTranscriptsInTheReport() throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("where-report");
        java.nio.file.Path out = dir.resolve("r.json");
        CliRun run = CliRun.of("report", "--out", out.toString(), "--where", "state == SYNTHETIC and class == AUTH",
                fx("terminal"));
        assertEquals(1, run.status(), run.err());
        Map<?, ?> report = new com.fasterxml.jackson.databind.ObjectMapper().readValue(out.toFile(), Map.class);
        List<?> transcripts = (List<?>) report.get("transcripts");
        List<WhereRows> rows = WhereRows.of(CliRun.of("verdict", "--json", "--where",
                "state == SYNTHETIC and class == AUTH", fx("terminal")).out()).stream()
                .filter(WhereRows.has("state")).toList();
        assertEquals(rows.size(), transcripts.size());
        assertTrue(rows.size() > 0);
        for (Object t : transcripts) {
            Map<?, ?> v = (Map<?, ?>) ((Map<?, ?>) t).get("verdict");
            assertEquals("SYNTHETIC", v.get("state"));
            assertEquals("AUTH", v.get("class"));
        }
        assertTrue(run.err().contains("(--where: " + rows.size() + " of "), run.err());
    }
}

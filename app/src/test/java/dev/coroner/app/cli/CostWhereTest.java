package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.filter.FieldSchemas;
import dev.coroner.core.filter.FieldValues;
import dev.coroner.core.filter.Filter;
import dev.coroner.fixtures.Fixtures;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code cost --where} and {@code verdict --usage --where} (issue 35; docs/FILTER.md, "Command line"): the usage fields
 * filter the rows, the total is of the rows kept, and without --usage a usage field is an error that names it. On the
 * cost fixtures, whose costs at the bundled prices are docs/COST.md's: dead-rate-limit $0.085, the session with
 * sub-agents $0.0126 (its sub-agents $0.006 and a dead $0.015), streamed $0.0031, codex $0.0046, unknown-model none.
 */
class CostWhereTest {
    private static String cost() {
        return Fixtures.path("cost").toString();
    }

    static Stream<WhereOptionTest.Case> cases() {
        return Stream.of(
                new WhereOptionTest.Case("cost", List.of("cost"), FieldSchemas.COST, "state", "cost_usd > 0.01",
                        List.of(cost())),
                new WhereOptionTest.Case("cost", List.of("cost"), FieldSchemas.COST, "state",
                        "class == RATE_LIMIT or unpriced_models contains claude-imaginary-9", List.of(cost())),
                new WhereOptionTest.Case("cost", List.of("cost"), FieldSchemas.COST, "state",
                        "harness == CODEX or (kind == SUBAGENT and output_tokens < 300)", List.of(cost())),
                new WhereOptionTest.Case("verdict --usage", List.of("verdict", "--usage"),
                        FieldSchemas.TRANSCRIPT_USAGE, "state", "cost_usd > 0.01 and state == HEALTHY",
                        List.of(cost())),
                new WhereOptionTest.Case("verdict --usage", List.of("verdict", "--usage"),
                        FieldSchemas.TRANSCRIPT_USAGE, "state", "models matches \"^claude-\" and not cost_usd",
                        List.of(cost())));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void keepsExactlyTheRowsTheExpressionIsTrueFor(WhereOptionTest.Case c) {
        WhereOptionTest.keepsExactly(c);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void theTotalLineSaysHowManyWereShown(WhereOptionTest.Case c) {
        Filter f = Filter.parse(c.where(), c.schema()).filter();
        List<String> args = new java.util.ArrayList<>(c.args());
        args.add("--json");
        args.addAll(c.paths());
        List<WhereRows> all = WhereRows.of(CliRun.of(args.toArray(String[]::new)).out()).stream()
                .filter(WhereRows.has(c.key())).toList();
        long kept = all.stream().filter(r -> f.test(FieldValues.of(r.row()))).count();
        args.remove("--json");
        args.add(args.size() - c.paths().size(), "--where");
        args.add(args.size() - c.paths().size(), c.where());
        CliRun text = CliRun.of(args.toArray(String[]::new));
        String last = text.lines().get(text.lines().size() - 1);
        assertTrue(last.startsWith("total: ") && last.endsWith(" · " + kept + " of " + all.size()
                + " transcripts shown"), last);
    }

    /** The cost rows of a {@code cost --json} run, and its total row's fields. */
    private static List<WhereRows> costRows(CliRun run) {
        return WhereRows.of(run.out()).stream().filter(WhereRows.has("state")).toList();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> total(CliRun run) {
        List<WhereRows> rows = WhereRows.of(run.out());
        return (Map<String, Object>) rows.get(rows.size() - 1).row().get("total");
    }

    private static BigDecimal usd(Object v) {
        return new BigDecimal(v.toString());
    }

    @Test
    void theTotalIsOfTheRowsKeptAndGroupsAreMadeOfThem() {
        CliRun run = CliRun.of("cost", "--json", "--where", "cost_usd > 0.01", cost());
        assertEquals(0, run.status(), run.err());
        List<WhereRows> kept = costRows(run);
        assertEquals(3, kept.size(), run.out()); // $0.085, the session's own $0.0126, its dead sub-agent's $0.015
        BigDecimal sum = BigDecimal.ZERO;
        BigDecimal dead = BigDecimal.ZERO;
        long input = 0;
        for (WhereRows r : kept) {
            sum = sum.add(usd(r.row().get("cost_usd")));
            dead = Boolean.TRUE.equals(r.row().get("dead")) ? dead.add(usd(r.row().get("cost_usd"))) : dead;
            input += ((Number) r.row().get("input_tokens")).longValue();
        }
        Map<String, Object> total = total(run);
        assertEquals(3, ((Number) total.get("transcripts")).intValue());
        assertEquals(0, sum.compareTo(usd(total.get("cost_usd"))), total.toString());
        assertEquals(0, dead.compareTo(usd(total.get("dead_cost_usd"))), total.toString());
        assertEquals(input, ((Number) total.get("input_tokens")).longValue());
        assertEquals(List.of(), total.get("unpriced_models"), "the unpriced transcript was not kept");

        // --by session: the rows kept are grouped; the session's healthy $0.006 sub-agent is not among them
        CliRun bySession = CliRun.of("cost", "--json", "--by", "session", "--where", "cost_usd > 0.01", cost());
        List<WhereRows> groups = WhereRows.of(bySession.out()).stream().filter(WhereRows.has("session")).toList();
        assertEquals(2, groups.size(), bySession.out());
        WhereRows s = groups.stream().filter(g -> "5e551011-0000-4000-8000-0000000000a0".equals(g.row().get("session")))
                .findFirst().orElseThrow();
        assertEquals(2, ((Number) s.row().get("transcripts")).intValue());
        assertEquals(0, new BigDecimal("0.0276").compareTo(usd(s.row().get("cost_usd"))), s.line());
        assertEquals(total(run), total(bySession), "the same rows kept, the same total");
        CliRun text = CliRun.of("cost", "--by", "class", "--where", "cost_usd > 0.01", cost());
        assertTrue(text.out().contains("\nRATE_LIMIT  $0.1000 (dead runs $0.1000) · 2 transcripts · "), text.out());
        assertTrue(text.lines().get(text.lines().size() - 1).endsWith(" · 3 of 7 transcripts shown"), text.out());
    }

    @Test
    void withoutWhereTheOutputIsAsBeforeAndAnExpressionThatKeepsAllChangesNoRow() {
        for (List<String> args : List.of(List.of("cost", "--json"), List.of("cost", "--json", "--by", "model"),
                List.of("verdict", "--json", "--usage"))) {
            List<String> plain = new java.util.ArrayList<>(args);
            plain.add(cost());
            List<String> all = new java.util.ArrayList<>(args);
            all.addAll(List.of("--where", "cost_usd >= 0 or not cost_usd", cost()));
            CliRun a = CliRun.of(plain.toArray(String[]::new));
            CliRun b = CliRun.of(all.toArray(String[]::new));
            assertEquals(a.out(), b.out(), String.join(" ", args));
            assertEquals(a.status(), b.status());
        }
        // the text differs only by what the total line says was shown
        CliRun a = CliRun.of("cost", cost());
        CliRun b = CliRun.of("cost", "--where", "cost_usd >= 0 or not cost_usd", cost());
        assertEquals(a.out().stripTrailing() + " · 7 of 7 transcripts shown", b.out().stripTrailing());
    }

    @Test
    void aUsageFieldWithoutUsageIsAnErrorThatNamesIt() {
        CliRun run = CliRun.of("verdict", "--where", "cost_usd > 1", cost());
        assertEquals(ExitStatus.BAD_INPUT, run.status());
        assertEquals("", run.out());
        assertEquals("coroner: --where: 1:1: unknown field 'cost_usd' (it comes with --usage)\n  cost_usd > 1\n  ^\n",
                run.err().replace("\r\n", "\n"));
        CliRun json = CliRun.of("verdict", "--json", "--where", "dead and models contains gpt-5.4", cost());
        assertEquals(ExitStatus.BAD_INPUT, json.status());
        assertTrue(json.err().startsWith("coroner: --where: 1:10: unknown field 'models' (it comes with --usage)"),
                json.err());
        // with --usage the same expression filters
        assertEquals(1, CliRun.of("verdict", "--usage", "--where", "cost_usd > 0.01", cost()).status(), "a dead run kept");
        assertEquals(0, CliRun.of("verdict", "--usage", "--where", "cost_usd > 0.01 and not dead", cost()).status());
        CliRun bad = CliRun.of("cost", "--where", "cost_usd > cheap", cost());
        assertEquals(ExitStatus.BAD_INPUT, bad.status());
        assertEquals("", bad.out());
        assertTrue(bad.err().startsWith("coroner: --where: 1:12: "), bad.err());
    }
}

package dev.coroner.core.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The language: every operator, precedence, null and absent fields, sets, errors with positions (docs/FILTER.md). */
class FilterTest {
    private static final FieldSchema S = FieldSchemas.TRANSCRIPT;

    /** A verdict row as {@code coroner verdict --json} prints it. */
    private static Map<String, Object> row(String state, String cls, String kind) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("path", "p/" + state.toLowerCase() + ".jsonl");
        m.put("state", state);
        m.put("dead", state.equals("SYNTHETIC") || state.equals("EMPTY"));
        m.put("class", cls);
        m.put("api_status", state.equals("SYNTHETIC") ? 429L : null);
        m.put("error", null);
        m.put("reason", "the reason: " + cls);
        m.put("kind", kind);
        m.put("trailing", null);
        m.put("harness", "CLAUDE_CODE");
        return m;
    }

    private static Filter filter(String text) {
        Parsed p = Filter.parse(text, S);
        assertTrue(p.ok(), () -> text + " -> " + p.error());
        assertNull(p.error());
        return p.filter();
    }

    private static boolean keeps(String text, Map<String, Object> row) {
        return filter(text).test(FieldValues.of(row));
    }

    private static FilterError error(String text) {
        Parsed p = Filter.parse(text, S);
        assertFalse(p.ok(), () -> text + " parsed as " + p.filter());
        assertNull(p.filter());
        assertNotNull(p.error());
        return p.error();
    }

    @ParameterizedTest(name = "{0} on a SYNTHETIC RATE_LIMIT sub-agent -> {1}")
    @CsvSource(delimiterString = " -> ", value = {
        "state == SYNTHETIC -> true",
        "state == HEALTHY -> false",
        "state != HEALTHY -> true",
        "state != SYNTHETIC -> false",
        "state == \"SYNTHETIC\" -> true",
        "state == synthetic -> true",
        "api_status == 429 -> true",
        "api_status == 429.0 -> true",
        "api_status != 429 -> false",
        "api_status < 430 -> true",
        "api_status < 429 -> false",
        "api_status <= 429 -> true",
        "api_status > 428 -> true",
        "api_status > 429 -> false",
        "api_status >= 429 -> true",
        "api_status >= 4.3e2 -> false",
        "reason contains \"RATE\" -> true",
        "reason contains \"rate\" -> false",
        "reason matches \"^the .*LIMIT$\" -> true",
        "reason matches \"(?i)rate_limit\" -> true",
        "reason matches \"^LIMIT\" -> false",
        "state in {EMPTY, SYNTHETIC} -> true",
        "state in {EMPTY, HEALTHY} -> false",
        "state in {} -> false",
        "api_status in {1, 429} -> true",
        "dead -> true",
        "dead == true -> true",
        "dead == false -> false",
        "not dead -> false",
        "!dead -> false",
        "dead and kind == SUBAGENT -> true",
        "dead && kind == SESSION -> false",
        "kind == SESSION or class == RATE_LIMIT -> true",
        "kind == SESSION || class == AUTH -> false",
        "path contains \"synthetic\" -> true",
        "kind contains \"AGE\" -> true",
    })
    void everyOperator(String text, boolean kept) {
        assertEquals(kept, keeps(text, row("SYNTHETIC", "RATE_LIMIT", "SUBAGENT")));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " -> ", value = {
        // and binds tighter than or; not tighter than and
        "kind == SESSION and dead or class == RATE_LIMIT -> true",
        "kind == SESSION and (dead or class == RATE_LIMIT) -> false",
        "class == RATE_LIMIT or kind == SESSION and dead -> true",
        "(class == RATE_LIMIT or kind == SESSION) and not dead -> false",
        "not kind == SESSION and dead -> true",
        "not (kind == SUBAGENT and dead) -> false",
        "not not dead -> true",
    })
    void precedence(String text, boolean kept) {
        assertEquals(kept, keeps(text, row("SYNTHETIC", "RATE_LIMIT", "SUBAGENT")));
    }

    @ParameterizedTest(name = "{0} is false on a null or absent field, and its not is true")
    @CsvSource(delimiterString = " -> ", value = {
        "error == \"x\"",
        "error != \"x\"",
        "error contains \"x\"",
        "error matches \".*\"",
        "error in {\"x\"}",
        "trailing.class == RATE_LIMIT",
        "trailing.class != RATE_LIMIT",
        "trailing.line > 0",
        "trailing.line <= 0",
        "parent == \"s\"",
        "parent != \"s\"",
        "api_status != 7",
        "error",
        "parent",
    })
    void nullAndAbsentAreFalse(String text) {
        Map<String, Object> r = row("HEALTHY", "NONE", "SESSION"); // error, api_status, trailing null; parent absent
        assertFalse(keeps(text, r));
        assertTrue(keeps("not (" + text + ")", r));
    }

    @Test
    void nestedFieldsAreWalkedByTheirDots() {
        Map<String, Object> r = row("HEALTHY", "NONE", "SESSION");
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("line", 12L);
        t.put("class", "CUT_OFF");
        r.put("trailing", t);
        assertTrue(keeps("trailing.class == CUT_OFF and trailing.line == 12", r));
        assertTrue(keeps("trailing.class", r));
        assertFalse(keeps("trailing.status", r));
    }

    @Test
    void listsContainTheirElementsAndAnyElementMayMatch() {
        Map<String, Object> call = new HashMap<>();
        call.put("required", List.of("Read", "Grep"));
        call.put("present", List.of());
        call.put("line", 7);
        FieldValues v = FieldValues.of(call);
        assertTrue(parse("required contains Read", FieldSchemas.CALL).test(v));
        assertTrue(parse("required contains \"Grep\"", FieldSchemas.CALL).test(v));
        assertFalse(parse("required contains Gre", FieldSchemas.CALL).test(v));
        assertTrue(parse("required matches \"^Gr\"", FieldSchemas.CALL).test(v));
        assertTrue(parse("required in {Write, Grep}", FieldSchemas.CALL).test(v));
        assertFalse(parse("present in {Read, Grep}", FieldSchemas.CALL).test(v));
        assertFalse(parse("present contains Read", FieldSchemas.CALL).test(v));
        assertTrue(parse("line == 7", FieldSchemas.CALL).test(v)); // an Integer compares as a number
    }

    @Test
    void aListOfObjectsGivesEachOnesValue() {
        Map<String, Object> p = new HashMap<>();
        p.put("misses", List.of(Map.of("path", "a.jsonl", "line", 3L), Map.of("path", "b.jsonl", "line", 9L)));
        FieldValues v = FieldValues.of(p);
        assertTrue(parse("misses.path contains \"b.jsonl\"", FieldSchemas.PROPOSAL).test(v));
        assertTrue(parse("misses.line contains 9", FieldSchemas.PROPOSAL).test(v));
        assertFalse(parse("misses.line contains 4", FieldSchemas.PROPOSAL).test(v));
    }

    static Filter parse(String text, FieldSchema schema) {
        Parsed p = Filter.parse(text, schema);
        assertTrue(p.ok(), () -> text + " -> " + p.error());
        return p.filter();
    }

    @Test
    void emptyTextKeepsEverything() {
        for (String t : new String[] {"", "   ", "\n\t", null}) {
            Filter f = Filter.parse(t, S).filter();
            assertTrue(f.keepsAll());
            assertEquals(Filter.all(), f);
            assertEquals("", f.toString());
            assertTrue(f.test(path -> null));
        }
    }

    @Test
    void andCombinesTwoFilters() {
        Filter a = filter("dead");
        Filter b = filter("kind == SESSION or kind == SUBAGENT");
        Filter both = a.and(b);
        assertEquals("dead and (kind == SESSION or kind == SUBAGENT)", both.toString());
        assertEquals(both, filter(both.toString()));
        assertEquals(a, a.and(Filter.all()));
        assertEquals(a, Filter.all().and(a));
        assertTrue(both.test(FieldValues.of(row("EMPTY", "NONE", "SESSION"))));
        assertFalse(both.test(FieldValues.of(row("EMPTY", "NONE", "HARNESS"))));
    }

    @ParameterizedTest(name = "{0} prints as {1}")
    @CsvSource(delimiterString = " -> ", value = {
        "state==synthetic&&!dead -> state == SYNTHETIC and not dead",
        "(state == EMPTY) -> state == EMPTY",
        "((a.b)) -> ",
        "state in {empty,\"HEALTHY\"} -> state in {EMPTY, HEALTHY}",
        "reason == bare -> reason == \"bare\"",
        "api_status == 4.50 -> api_status == 4.5",
        "api_status == -0 -> api_status == 0",
        "a or b and c -> ",
        "(dead or kind == SESSION) or kind == HARNESS -> (dead or kind == SESSION) or kind == HARNESS",
        "dead or (kind == SESSION or kind == HARNESS) -> dead or (kind == SESSION or kind == HARNESS)",
        "not (dead and dead) -> not (dead and dead)",
        "reason matches \"a\\\\d\\\"\" -> reason matches \"a\\\\d\\\"\"",
    })
    void canonicalText(String text, String canonical) {
        if (canonical == null) {
            return; // rows without an expected text only check they do not parse as fields of S
        }
        Filter f = filter(text);
        assertEquals(canonical, f.toString());
        assertEquals(f, filter(f.toString()));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " -> ", value = {
        "stat == HEALTHY -> 1:1: unknown field 'stat': did you mean 'state'?",
        "state == HEALTHY and stat == EMPTY -> 1:22: unknown field 'stat': did you mean 'state'?",
        "trailing.clas == AUTH -> 1:1: unknown field 'trailing.clas': did you mean 'trailing.class'?",
        "state == HEALTY -> 1:10: 'HEALTY' is not a value of 'state': did you mean 'HEALTHY'?",
        "state = HEALTHY -> 1:7: '=' is not an operator: did you mean '=='?",
        "dead & dead -> 1:6: '&' is not an operator: did you mean '&&'?",
        "state == -> 1:9: expected a value for 'state', not the end",
        "(dead -> 1:6: '(' at 1:1 is not closed: a ')' is missing",
        "dead) -> 1:5: ')' without its '('",
        "state HEALTHY -> 1:7: expected an operator after 'state', not 'HEALTHY'",
        "api_status == abc -> 1:15: 'api_status' is a number, not 'abc'",
        "api_status contains \"4\" -> 1:12: 'contains' does not apply to 'api_status', which is a number: did you mean '==', '<' or '>'?",
        "state < 3 -> 1:7: '<' does not apply to 'state', which is one of 4 words: did you mean '==', 'contains' or 'in'?",
        "reason matches \"(\" -> 1:16: not a regular expression: Unclosed group",
        "reason matches abc -> 1:16: 'matches' takes a regular expression in double quotes, not 'abc'",
        "reason == \"abc -> 1:11: string not closed: a '\"' is missing",
        "state in {HEALTHY -> 1:18: set not closed: a '}' is missing",
        "state in HEALTHY -> 1:10: expected '{' to start a set after 'in', not 'HEALTHY'",
        "dead == maybe -> 1:9: 'dead' is true or false, not 'maybe': did you mean 'true' or 'false'?",
        "dead # -> 1:6: unexpected character '#'",
        "api_status == 1e999 -> 1:15: number too large: 1e999",
        "api_status == 12ab -> 1:15: '12a' is not a number",
    })
    void errorsSayWhereAndWhatWasMeant(String text, String expected) {
        FilterError e = error(text);
        assertEquals(expected, e.toString());
    }

    @Test
    void anErrorKnowsItsOffset() {
        FilterError e = error("dead and\n  stat == EMPTY");
        assertEquals(11, e.offset());
        assertEquals(2, e.line());
        assertEquals(3, e.column());
        assertEquals(List.of("state"), e.suggestions());
        assertEquals("unknown field 'stat'", e.message());
    }

    @Test
    void deepNestingIsAnErrorValue() {
        int n = 100_000;
        String deep = "(".repeat(n) + "dead" + ")".repeat(n);
        assertTrue(error(deep).message().contains("longer than"));
        String nested = "(".repeat(Filter.MAX_DEPTH + 1) + "dead" + ")".repeat(Filter.MAX_DEPTH + 1);
        FilterError e = error(nested);
        assertEquals("nested deeper than " + Filter.MAX_DEPTH + " levels", e.message());
        assertEquals(Filter.MAX_DEPTH + 1, e.column());
        assertTrue(error("not ".repeat(Filter.MAX_DEPTH + 1) + "dead").message().startsWith("nested deeper"));
        String ok = "(".repeat(Filter.MAX_DEPTH) + "dead" + ")".repeat(Filter.MAX_DEPTH);
        assertTrue(Filter.parse(ok, S).ok());
    }

    @Test
    void aMegabyteExpressionIsAnErrorValue() {
        String big = "dead or ".repeat(1 << 17) + "dead"; // 1 MB
        FilterError e = error(big);
        assertEquals("expression longer than " + Filter.MAX_LENGTH + " characters", e.message());
        assertEquals(Filter.MAX_LENGTH, e.offset());
        char[] junk = new char[1 << 20];
        Arrays.fill(junk, '(');
        assertFalse(Filter.parse(new String(junk), S).ok());
    }

    @Test
    void aLongFlatExpressionWithinTheLimitParsesAndRuns() {
        StringBuilder s = new StringBuilder("api_status == 0");
        for (int i = 1; s.length() < Filter.MAX_LENGTH - 40; i++) {
            s.append(" or api_status == ").append(i);
        }
        Filter f = filter(s.toString());
        assertTrue(f.test(FieldValues.of(row("SYNTHETIC", "RATE_LIMIT", "SESSION"))));
        assertFalse(f.test(FieldValues.of(row("HEALTHY", "NONE", "SESSION"))));
        assertEquals(f, filter(f.toString()));
    }

    @Test
    void aCatastrophicRegexOnLongInputGivesUpAndIsFalse() {
        // (.*a){25} over a's without 25 of them tries every way to cut the text: 22 chars take seconds unbounded
        Map<String, Object> r = row("SYNTHETIC", "RATE_LIMIT", "SESSION");
        Filter f = filter("reason matches \"(.*a){25}\"");
        r.put("reason", "a".repeat(22) + "!");
        assertFalse(f.test(FieldValues.of(r)));
        assertEquals(1, f.matchesGivenUp());
        r.put("reason", "a".repeat(100_000) + "!");
        assertFalse(f.test(FieldValues.of(r)));
        assertEquals(2, f.matchesGivenUp());
        r.put("reason", "b".repeat(10_000));
        assertFalse(f.test(FieldValues.of(r))); // no 'a' at all, yet each start scans to the end: quadratic, given up
        assertEquals(3, f.matchesGivenUp());
    }

    @Test
    void anOrdinaryRegexOverALongTextIsNotCutShort() {
        Map<String, Object> r = row("SYNTHETIC", "RATE_LIMIT", "SESSION");
        r.put("reason", "x".repeat(1_000_000) + "needle");
        Filter f = filter("reason matches \"needle$\"");
        assertTrue(f.test(FieldValues.of(r)));
        assertEquals(0, f.matchesGivenUp());
    }

    @Test
    void aLeadingOrTrailingDotStarSearchesInLinearTime() {
        Map<String, Object> r = row("SYNTHETIC", "RATE_LIMIT", "SESSION");
        Filter f = filter("reason matches \".*rate.*\"");
        r.put("reason", "x".repeat(200_000));
        assertFalse(f.test(FieldValues.of(r))); // quadratic as written; a search needs neither .*
        r.put("reason", "x".repeat(200_000) + "rate");
        assertTrue(f.test(FieldValues.of(r)));
        assertEquals(0, f.matchesGivenUp());
        assertEquals("reason matches \".*rate.*\"", f.toString()); // printed as written
    }

    @ParameterizedTest(name = "{0} is searched as {1}")
    @CsvSource(delimiterString = " -> ", value = {
        ".*a.* -> a",
        ".*? -> .*?",
        ".*+x -> .*+x",
        "a\\.* -> a\\.*",
        "a\\\\.* -> a\\\\",
        "\\Qa.* -> \\Qa.*",
        "x.*y -> x.*y",
        ".* -> ''",
    })
    void whatIsSearched(String source, String searched) {
        assertEquals(searched, BoundedRegex.searched(source));
    }

    @Test
    void numbersCompareByValueWhateverTheirType() {
        Map<String, Object> r = row("SYNTHETIC", "RATE_LIMIT", "SESSION");
        for (Object n : new Object[] {429, 429L, 429.0, new java.math.BigInteger("429"), new java.math.BigDecimal("429.0")}) {
            r.put("api_status", n);
            assertTrue(keeps("api_status == 429 and api_status > 428.5", r), n.getClass().getName());
        }
        r.put("api_status", "429"); // a string where a number belongs is no number
        assertFalse(keeps("api_status == 429", r));
    }
}

package dev.coroner.core.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.cost.CostRow;
import dev.coroner.core.usage.Cost;
import dev.coroner.core.usage.TokenCounts;
import dev.coroner.core.usage.TranscriptUsage;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The usage fields (issue 35, docs/FILTER.md "usage"): one list, named as {@code CostRow.usageFields} writes them, in
 * the cost rows' schema and in the verdict rows' under --usage; without --usage, naming one says what brings it.
 */
class UsageFieldsTest {
    private static List<String> names(List<Field> fields) {
        return fields.stream().map(Field::name).toList();
    }

    /** A cost row's usage part as core writes it: 1,000 in, 200 out on one model, at {@code usd}. */
    private static Map<String, Object> usage(List<String> models, BigDecimal usd, List<String> unpriced) {
        Cost cost = usd == null ? new Cost(null, unpriced) : new Cost(usd.doubleValue(), unpriced, usd);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("session", "s-1");
        m.putAll(CostRow.usageFields(models, new TokenCounts(1_000, 200, 0, 5_000), cost));
        return m;
    }

    @Test
    void theUsageFieldsAreTheKeysCoreWritesAfterTheSession() {
        List<String> keys = new ArrayList<>(List.of("session"));
        keys.addAll(CostRow.usageFields(TranscriptUsage.EMPTY, Cost.ZERO).keySet());
        assertEquals(keys, names(FieldSchemas.USAGE));
        assertEquals(FieldType.LIST, FieldSchemas.USAGE.get(1).type()); // models
        assertEquals(FieldType.NUMBER, FieldSchemas.TRANSCRIPT_USAGE.field("cost_usd").type());
        assertEquals(FieldType.LIST, FieldSchemas.COST.field("unpriced_models").type());
        // a verdict row under --usage: its own fields, then the usage fields
        List<String> verdict = new ArrayList<>(names(FieldSchemas.TRANSCRIPT.fields()));
        verdict.addAll(keys);
        assertEquals(verdict, names(FieldSchemas.TRANSCRIPT_USAGE.fields()));
        // a cost row: path, harness, session, kind, state, dead, class, then the usage fields after the session
        List<String> cost = new ArrayList<>(List.of("path", "harness", "session", "kind", "state", "dead", "class"));
        cost.addAll(keys.subList(1, keys.size()));
        assertEquals(cost, names(FieldSchemas.COST.fields()));
        assertTrue(FieldSchemas.all().contains(FieldSchemas.COST));
    }

    @Test
    void costUsdComparesByValueAndANullCostIsNoFigure() {
        Filter over = FilterTest.parse("cost_usd > 0.01", FieldSchemas.TRANSCRIPT_USAGE);
        assertTrue(over.test(FieldValues.of(usage(List.of("m"), new BigDecimal("0.015000"), List.of()))));
        assertFalse(over.test(FieldValues.of(usage(List.of("m"), new BigDecimal("0.004600"), List.of()))));
        assertTrue(FilterTest.parse("cost_usd == 0.0046", FieldSchemas.TRANSCRIPT_USAGE)
                .test(FieldValues.of(usage(List.of("m"), new BigDecimal("0.004600"), List.of()))));
        // a model with no price: cost_usd is null, so no comparison holds, and its not does
        Map<String, Object> unpriced = usage(List.of("claude-x"), null, List.of("claude-x"));
        assertFalse(over.test(FieldValues.of(unpriced)));
        assertFalse(FilterTest.parse("cost_usd <= 0.01", FieldSchemas.TRANSCRIPT_USAGE).test(FieldValues.of(unpriced)));
        assertTrue(FilterTest.parse("not cost_usd", FieldSchemas.TRANSCRIPT_USAGE).test(FieldValues.of(unpriced)));
        assertTrue(FilterTest.parse("unpriced_models contains claude-x and models in {claude-x, gpt-5}",
                FieldSchemas.TRANSCRIPT_USAGE).test(FieldValues.of(unpriced)));
        assertTrue(FilterTest.parse("cache_read_tokens >= 5000 and input_tokens < 1001 and session == \"s-1\"",
                FieldSchemas.COST).test(FieldValues.of(unpriced)));
    }

    @Test
    void aCostRowsClassTakesTheDeathClassesAndTheOthers() {
        for (String w : List.of("RATE_LIMIT", "EMPTY", "HEALTHY", "NO_RUN", "UNREADABLE")) {
            FilterTest.parse("class == " + w, FieldSchemas.COST);
        }
        FilterError e = Filter.parse("class == HEALTY", FieldSchemas.COST).error();
        assertEquals("1:10: 'HEALTY' is not a value of 'class': did you mean 'HEALTHY'?", e.toString());
        String list = Filter.parse("models < 3", FieldSchemas.COST).error().toString();
        assertTrue(list.startsWith("1:8: '<' does not apply to 'models'"), list);
    }

    @Test
    void withoutTheOptionAUsageFieldIsUnknownAndTheErrorNamesTheOption() {
        FieldSchema plain = FieldSchemas.TRANSCRIPT.lacking(FieldSchemas.USAGE, "--usage");
        FilterError e = Filter.parse("dead and cost_usd > 1", plain).error();
        assertEquals("1:10: unknown field 'cost_usd' (it comes with --usage)", e.toString());
        assertEquals(List.of(), e.suggestions());
        assertEquals("1:1: unknown field 'session' (it comes with --usage)",
                Filter.parse("session == x", plain).error().toString());
        // a mistyped name is as before: the suggestions of the fields the rows have
        assertEquals("1:1: unknown field 'stat': did you mean 'state'?",
                Filter.parse("stat == EMPTY", plain).error().toString());
        // the fields the rows have parse as before, and completion does not offer the ones they lack
        FilterTest.parse("state == EMPTY", plain);
        assertFalse(plain.complete("cos", 3).contains("cost_usd"));
        assertTrue(FieldSchemas.TRANSCRIPT_USAGE.complete("cos", 3).contains("cost_usd"));
        // a field the schema has is not lacking, whatever was said
        FilterTest.parse("cost_usd > 1", FieldSchemas.TRANSCRIPT_USAGE.lacking(FieldSchemas.USAGE, "--usage"));
    }
}

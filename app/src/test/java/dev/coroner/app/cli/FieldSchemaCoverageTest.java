package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.filter.Field;
import dev.coroner.core.filter.FieldSchema;
import dev.coroner.core.filter.FieldSchemas;
import dev.coroner.fixtures.Fixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Every key the commands print in their --json rows is a field of the row kind's schema, with the schema's type and,
 * for an enum, one of its words: run on the fixtures, so the schemas (and docs/FILTER.md) cannot drift from the rows.
 */
class FieldSchemaCoverageTest {
    private static String fx(String path) {
        return Fixtures.path(path).toString();
    }

    /** Checks each row of {@code key} in {@code out}; returns the fields seen. */
    private static Set<String> check(FieldSchema schema, String key, String out) {
        Set<String> seen = new TreeSet<>();
        List<WhereRows> rows = WhereRows.of(out).stream().filter(WhereRows.has(key)).toList();
        assertTrue(rows.size() > 0, schema.rowKind() + ": no rows");
        for (WhereRows r : rows) {
            walk(schema, "", r.row(), seen, r.line());
        }
        return seen;
    }

    private static void walk(FieldSchema schema, String prefix, Map<?, ?> m, Set<String> seen, String line) {
        for (Map.Entry<?, ?> e : m.entrySet()) {
            String path = prefix + e.getKey();
            Object v = e.getValue();
            if (v instanceof Map<?, ?> nested) {
                walk(schema, path + ".", nested, seen, line);
            } else if (v instanceof List<?> list && !list.isEmpty() && list.get(0) instanceof Map<?, ?>) {
                for (Object x : list) {
                    walk(schema, path + ".", (Map<?, ?>) x, seen, line);
                }
            } else if ((v == null || v instanceof List<?> l && l.isEmpty()) && schema.field(path) == null) {
                // a null object (trailing: null) or an empty list of objects (misses: []): its fields are the schema's
                String under = path + ".";
                assertTrue(schema.fields().stream().anyMatch(f -> f.name().startsWith(under)),
                        schema.rowKind() + ": " + path + " is in no schema field, in " + line);
            } else {
                Field f = schema.field(path);
                assertTrue(f != null, schema.rowKind() + ": key " + path + " is not in the schema, in " + line);
                seen.add(path);
                if (v != null) {
                    checkType(f, v, line);
                }
            }
        }
    }

    private static void checkType(Field f, Object v, String line) {
        String where = f.name() + " = " + v + " in " + line;
        switch (f.type()) {
            case STRING -> assertTrue(v instanceof String, where);
            case NUMBER -> assertTrue(v instanceof Number, where);
            case BOOLEAN -> assertTrue(v instanceof Boolean, where);
            case ENUM -> assertTrue(f.values().contains(v), "not a word of the enum: " + where);
            case LIST -> assertTrue(v instanceof List<?> || v instanceof String || v instanceof Number, where);
        }
        if (f.type() == dev.coroner.core.filter.FieldType.LIST && v instanceof List<?> list && !f.values().isEmpty()) {
            list.forEach(x -> assertTrue(f.values().contains(x), where));
        }
    }

    @Test
    void everyVerdictKeyIsATranscriptField() {
        Set<String> seen = check(FieldSchemas.TRANSCRIPT, "state", CliRun.of("verdict", "--json",
                Fixtures.root().toString()).out());
        // the fixtures show every field: a field no row ever has would be a field of no row
        assertEquals(fieldNames(FieldSchemas.TRANSCRIPT), seen);
    }

    @Test
    void everyVerdictUsageKeyIsATranscriptUsageField() {
        Set<String> seen = check(FieldSchemas.TRANSCRIPT_USAGE, "state", CliRun.of("verdict", "--json", "--usage",
                Fixtures.root().toString()).out());
        assertEquals(fieldNames(FieldSchemas.TRANSCRIPT_USAGE), seen);
    }

    @Test
    void everyCostKeyIsACostField() {
        // the transcript rows (a group row has no state; the total row is a sum of them)
        Set<String> seen = check(FieldSchemas.COST, "state", CliRun.of("cost", "--json", Fixtures.root().toString())
                .out());
        assertEquals(fieldNames(FieldSchemas.COST), seen);
    }

    @Test
    void everyPrecursorKeyIsACallField() {
        Set<String> seen = new TreeSet<>();
        for (String g : List.of("claude-code.toml", "codex.toml", "customer-service.toml", "dos.toml")) {
            seen.addAll(check(FieldSchemas.CALL, "stance", CliRun.of("precursor", "--json", "--grammar",
                    fx("precursor/" + g), Fixtures.root().toString()).out()));
        }
        assertEquals(fieldNames(FieldSchemas.CALL), seen);
    }

    @Test
    void everyScriptsKeyIsABlockField() {
        Set<String> seen = check(FieldSchemas.BLOCK, "label", CliRun.of("scripts", "--json",
                Fixtures.root().toString()).out());
        assertEquals(fieldNames(FieldSchemas.BLOCK), seen);
    }

    @Test
    void everyProposeKeyIsAProposalField() {
        Set<String> seen = new TreeSet<>();
        seen.addAll(check(FieldSchemas.PROPOSAL, "kind", CliRun.of("propose", "--json", "--min-calls", "1",
                "--min-support", "0", Fixtures.root().toString()).out()));
        seen.addAll(check(FieldSchemas.PROPOSAL, "kind", CliRun.of("propose", "--json", "--min-calls", "1",
                "--grammar", fx("precursor/claude-code.toml"), Fixtures.root().toString()).out()));
        assertEquals(fieldNames(FieldSchemas.PROPOSAL), seen);
    }

    @Test
    void everyCompareKeyIsACompareField() {
        Set<String> calls = check(FieldSchemas.COMPARE_CALL, "op", CliRun.of("compare", "--json",
                fx("compare/good-run.jsonl"), fx("compare/rate-limited-run.jsonl")).out());
        assertEquals(fieldNames(FieldSchemas.COMPARE_CALL), calls);
        Set<String> pairs = check(FieldSchemas.COMPARE_PAIR, "change", CliRun.of("compare", "--json",
                fx("compare/a"), fx("compare/b")).out());
        assertTrue(pairs.containsAll(List.of("path", "change", "a.state", "b.state", "a.harness")), pairs.toString());
    }

    private static Set<String> fieldNames(FieldSchema s) {
        Set<String> names = new TreeSet<>();
        s.fields().forEach(f -> names.add(f.name()));
        return names;
    }

    @Test
    void theSchemasListEachFieldOnce() {
        List<String> kinds = new ArrayList<>();
        for (FieldSchema s : FieldSchemas.all()) {
            kinds.add(s.rowKind());
            assertEquals(s.fields().size(), fieldNames(s).size(), s.rowKind());
        }
        assertEquals(kinds.size(), new TreeSet<>(kinds).size());
    }
}

package dev.coroner.core.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

/**
 * Properties (jqwik): a random expression tree printed and parsed again is the same tree, and keeps the same rows;
 * any text of the language's pieces parses to a filter or an error value within the text, never an exception.
 */
class FilterRoundTripProperties {
    /** Every type, enum words that need quotes or look like keywords, a list with and without words. */
    static final FieldSchema SCHEMA = FieldSchema.of("test", List.of(
            Field.of("path", FieldType.STRING, ""),
            Field.of("n", FieldType.NUMBER, ""),
            Field.of("trailing.line", FieldType.NUMBER, ""),
            Field.of("dead", FieldType.BOOLEAN, ""),
            Field.ofEnum("state", List.of("HEALTHY", "SYNTHETIC", "no-result", "two words", "in", "true", "x\"y"), ""),
            Field.of("required", FieldType.LIST, ""),
            new Field("labels", FieldType.LIST, List.of("ok", "error", "no-result"), "")));

    private static final String[] TEXTS = {"", "a", "Read", "with \"quotes\"", "back\\slash", "tab\there", "line\nbreak",
        "\u0001ctl", "ünïcödé", "emoji 😀", "and", "not", "{", "x == y", "-3"};
    private static final String[] REGEXES = {"a\\d+", "\"q\"", "^x$", "(?i)foo|bar", "[\\\\/]", ".*x.*", "\\Qa.*\\E",
        "(.*a){25}", "\\u00e9", "\n"};
    private static final double[] NUMBERS = {0, 1, -1, 429, 0.5, -2.25, 1e20, 1.5e-7, 123456789012345.0, 1e15,
        Long.MAX_VALUE, 3.141592653589793};

    @Property(tries = 400)
    void aPrintedTreeParsesBackToTheSameTree(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long seed) {
        Random r = new Random(seed);
        Filter f = new Filter(expr(r, 4));
        String text = f.toString();
        Parsed p = Filter.parse(text, SCHEMA);
        assertTrue(p.ok(), () -> text + " -> " + p.error());
        assertEquals(f, p.filter(), text);
        assertEquals(text, p.filter().toString());
        for (int i = 0; i < 20; i++) {
            FieldValues row = FieldValues.of(row(r));
            assertEquals(f.test(row), p.filter().test(row), text);
        }
    }

    @Property(tries = 400)
    void anyTextIsAFilterOrAnErrorWithinIt(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long seed) {
        Random r = new Random(seed);
        String[] pieces = {"state", "n", "dead", "required", "labels", "trailing.line", "stat", "==", "!=", "<", ">=",
            "=", "&", "|", "&&", "||", "and", "or", "not", "!", "(", ")", "{", "}", ",", "contains", "matches", "in",
            "\"", "\"x\"", "\"\\", "\\u12", "HEALTHY", "no-result", "12", "-3.5e", "1e999", "#", "\n", " ", "\u0000",
            "\"(\"", "true"};
        StringBuilder s = new StringBuilder();
        int n = r.nextInt(30);
        for (int i = 0; i < n; i++) {
            s.append(pieces[r.nextInt(pieces.length)]).append(r.nextBoolean() ? " " : "");
        }
        String text = s.toString();
        Parsed p = Filter.parse(text, SCHEMA);
        if (p.ok()) {
            assertEquals(p.filter(), Filter.parse(p.filter().toString(), SCHEMA).filter(), text);
        } else {
            FilterError e = p.error();
            assertTrue(e.offset() >= 0 && e.offset() <= text.length(), () -> text + " -> " + e);
            assertTrue(e.line() >= 1 && e.column() >= 1, e::toString);
        }
        List<String> candidates = SCHEMA.complete(text, r.nextInt(text.length() + 1));
        assertTrue(candidates.stream().noneMatch(String::isEmpty));
    }

    private static Expr expr(Random r, int depth) {
        if (depth == 0 || r.nextInt(10) < 4) {
            return leaf(r);
        }
        switch (r.nextInt(3)) {
            case 0:
                return new Expr.Not(expr(r, depth - 1));
            default:
                List<Expr> terms = new ArrayList<>();
                int n = 2 + r.nextInt(3);
                for (int i = 0; i < n; i++) {
                    terms.add(expr(r, depth - 1));
                }
                return r.nextBoolean() ? new Expr.And(terms) : new Expr.Or(terms);
        }
    }

    private static Expr leaf(Random r) {
        Field f = SCHEMA.fields().get(r.nextInt(SCHEMA.fields().size()));
        if (r.nextInt(8) == 0) {
            return new Expr.Present(f);
        }
        List<Operator> ops = new ArrayList<>();
        for (Operator o : Operator.values()) {
            if (applies(f.type(), o)) {
                ops.add(o);
            }
        }
        Operator op = ops.get(r.nextInt(ops.size()));
        Value v = switch (op) {
            case IN -> {
                List<Value> members = new ArrayList<>();
                int n = r.nextInt(4);
                for (int i = 0; i < n; i++) {
                    members.add(literal(r, f));
                }
                yield new Value.SetOf(members);
            }
            case MATCHES -> new Value.Regex(BoundedRegex.compile(REGEXES[r.nextInt(REGEXES.length)]));
            case CONTAINS -> f.type() == FieldType.LIST ? literal(r, f) : new Value.Str(TEXTS[r.nextInt(TEXTS.length)]);
            default -> literal(r, f);
        };
        return new Expr.Compare(f, op, v);
    }

    private static boolean applies(FieldType t, Operator o) {
        return switch (o) {
            case EQ, NE -> t != FieldType.LIST;
            case LT, LE, GT, GE -> t == FieldType.NUMBER;
            case CONTAINS, MATCHES -> t == FieldType.STRING || t == FieldType.ENUM || t == FieldType.LIST;
            case IN -> t != FieldType.BOOLEAN;
        };
    }

    private static Value literal(Random r, Field f) {
        if (!f.values().isEmpty()) {
            return new Value.Word(f.values().get(r.nextInt(f.values().size())));
        }
        return switch (f.type()) {
            case NUMBER -> new Value.Num(NUMBERS[r.nextInt(NUMBERS.length)]);
            case BOOLEAN -> new Value.Bool(r.nextBoolean());
            case LIST -> r.nextInt(4) == 0 ? new Value.Num(NUMBERS[r.nextInt(NUMBERS.length)])
                    : new Value.Str(TEXTS[r.nextInt(TEXTS.length)]);
            default -> new Value.Str(TEXTS[r.nextInt(TEXTS.length)]);
        };
    }

    /** A row with each field present, null or absent at random. */
    private static Map<String, Object> row(Random r) {
        Map<String, Object> m = new HashMap<>();
        if (r.nextInt(4) > 0) {
            m.put("path", TEXTS[r.nextInt(TEXTS.length)]);
        }
        if (r.nextInt(4) > 0) {
            m.put("n", r.nextBoolean() ? (Object) (long) NUMBERS[r.nextInt(NUMBERS.length)] : NUMBERS[r.nextInt(NUMBERS.length)]);
        }
        m.put("dead", r.nextInt(3) == 0 ? null : r.nextBoolean());
        List<String> states = SCHEMA.field("state").values();
        m.put("state", states.get(r.nextInt(states.size())));
        m.put("trailing", r.nextBoolean() ? null : Map.of("line", (long) r.nextInt(5)));
        m.put("required", List.of(TEXTS[r.nextInt(TEXTS.length)], "Read"));
        m.put("labels", r.nextBoolean() ? List.of() : List.of("ok", "no-result"));
        return m;
    }
}

package dev.coroner.core.filter;

import java.util.List;

/**
 * Whether a row is kept: a comparison with a null or absent field is false (so {@code not} of it is true); numbers
 * compare by value whatever their Java type; a list field holds if any element does (docs/FILTER.md, "Meaning").
 */
final class Evaluator {
    private Evaluator() {
    }

    static boolean test(Expr e, FieldValues row) {
        if (e instanceof Expr.Compare c) {
            return compare(c, row.get(c.field().name()));
        }
        if (e instanceof Expr.And a) {
            for (Expr t : a.terms()) {
                if (!test(t, row)) {
                    return false;
                }
            }
            return true;
        }
        if (e instanceof Expr.Or o) {
            for (Expr t : o.terms()) {
                if (test(t, row)) {
                    return true;
                }
            }
            return false;
        }
        if (e instanceof Expr.Not n) {
            return !test(n.term(), row);
        }
        if (e instanceof Expr.Present p) {
            Object v = row.get(p.field().name());
            return p.field().type() == FieldType.BOOLEAN ? Boolean.TRUE.equals(v) : v != null;
        }
        return true; // Expr.All
    }

    private static boolean compare(Expr.Compare c, Object v) {
        if (v == null) {
            return false;
        }
        Value lit = c.value();
        switch (c.op()) {
            case EQ:
                return equal(v, lit);
            case NE:
                return !equal(v, lit);
            case LT:
            case LE:
            case GT:
            case GE:
                return order(c.op(), v, ((Value.Num) lit).value());
            case CONTAINS:
                if (v instanceof List<?> list) {
                    for (Object x : list) {
                        if (x != null && equal(x, lit)) {
                            return true;
                        }
                    }
                    return false;
                }
                return v instanceof String s && s.contains(text(lit));
            case MATCHES: {
                BoundedRegex r = ((Value.Regex) lit).pattern();
                if (v instanceof List<?> list) {
                    for (Object x : list) {
                        if (x instanceof String s && r.find(s)) {
                            return true;
                        }
                    }
                    return false;
                }
                return v instanceof String s && r.find(s);
            }
            case IN: {
                List<Value> members = ((Value.SetOf) lit).members();
                if (v instanceof List<?> list) {
                    for (Object x : list) {
                        if (x != null && inSet(x, members)) {
                            return true;
                        }
                    }
                    return false;
                }
                return inSet(v, members);
            }
            default:
                return false;
        }
    }

    private static boolean inSet(Object v, List<Value> members) {
        for (Value m : members) {
            if (equal(v, m)) {
                return true;
            }
        }
        return false;
    }

    private static String text(Value lit) {
        if (lit instanceof Value.Str s) {
            return s.text();
        }
        return ((Value.Word) lit).text();
    }

    private static boolean equal(Object v, Value lit) {
        if (lit instanceof Value.Str s) {
            return v instanceof String x && x.equals(s.text());
        }
        if (lit instanceof Value.Word w) {
            return v instanceof String x ? x.equals(w.text()) : v instanceof Enum<?> en && en.name().equals(w.text());
        }
        if (lit instanceof Value.Num n) {
            return v instanceof Number x && numberEquals(x, n.value());
        }
        if (lit instanceof Value.Bool b) {
            return v instanceof Boolean x && x == b.value();
        }
        return false;
    }

    private static boolean numberEquals(Number x, double lit) {
        if (x instanceof Long || x instanceof Integer || x instanceof Short || x instanceof Byte) {
            long l = x.longValue();
            return lit == Math.rint(lit) && Math.abs(lit) < 0x1p63 && (long) lit == l;
        }
        return x.doubleValue() == lit;
    }

    private static boolean order(Operator op, Object v, double lit) {
        if (!(v instanceof Number x)) {
            return false;
        }
        double d = x.doubleValue();
        if (Double.isNaN(d)) {
            return false;
        }
        return switch (op) {
            case LT -> d < lit;
            case LE -> d <= lit;
            case GT -> d > lit;
            default -> d >= lit;
        };
    }
}

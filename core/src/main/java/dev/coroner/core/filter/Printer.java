package dev.coroner.core.filter;

import java.util.List;

/** The canonical text of a tree: what {@link Filter#toString()} returns, and parses back to an equal tree. */
final class Printer {
    private Printer() {
    }

    static String print(Expr e) {
        StringBuilder s = new StringBuilder();
        expr(e, s);
        return s.toString();
    }

    private static void expr(Expr e, StringBuilder s) {
        if (e instanceof Expr.And a) {
            join(a.terms(), " and ", s, true);
        } else if (e instanceof Expr.Or o) {
            join(o.terms(), " or ", s, false);
        } else if (e instanceof Expr.Not n) {
            s.append("not ");
            grouped(n.term(), n.term() instanceof Expr.And || n.term() instanceof Expr.Or, s);
        } else if (e instanceof Expr.Present p) {
            s.append(p.field().name());
        } else if (e instanceof Expr.Compare c) {
            s.append(c.field().name()).append(' ').append(c.op().text).append(' ');
            value(c.value(), s);
        }
    }

    /** A term of an {@code and} is grouped when it is an {@code and} or {@code or}; of an {@code or}, when an {@code or}. */
    private static void join(List<Expr> terms, String op, StringBuilder s, boolean inAnd) {
        for (int i = 0; i < terms.size(); i++) {
            if (i > 0) {
                s.append(op);
            }
            Expr t = terms.get(i);
            grouped(t, t instanceof Expr.Or || (inAnd && t instanceof Expr.And)
                    || (!inAnd && t instanceof Expr.Or), s);
        }
    }

    private static void grouped(Expr e, boolean parens, StringBuilder s) {
        if (parens) {
            s.append('(');
        }
        expr(e, s);
        if (parens) {
            s.append(')');
        }
    }

    private static void value(Value v, StringBuilder s) {
        if (v instanceof Value.Str x) {
            quoted(x.text(), s);
        } else if (v instanceof Value.Word w) {
            if (Lexer.bareWord(w.text())) {
                s.append(w.text());
            } else {
                quoted(w.text(), s);
            }
        } else if (v instanceof Value.Num n) {
            s.append(number(n.value()));
        } else if (v instanceof Value.Bool b) {
            s.append(b.value());
        } else if (v instanceof Value.SetOf set) {
            s.append('{');
            for (int i = 0; i < set.members().size(); i++) {
                s.append(i == 0 ? "" : ", ");
                value(set.members().get(i), s);
            }
            s.append('}');
        } else if (v instanceof Value.Regex r) {
            quoted(r.pattern().source(), s);
        }
    }

    static String number(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        return Double.toString(d);
    }

    /** A string in double quotes: {@code "} and {@code \} escaped, control characters as {@code \\uXXXX}. */
    static void quoted(String t, StringBuilder s) {
        s.append('"');
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            switch (c) {
                case '"' -> s.append("\\\"");
                case '\\' -> s.append("\\\\");
                case '\n' -> s.append("\\n");
                case '\t' -> s.append("\\t");
                case '\r' -> s.append("\\r");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        s.append(String.format("\\u%04x", (int) c));
                    } else {
                        s.append(c);
                    }
                }
            }
        }
        s.append('"');
    }
}

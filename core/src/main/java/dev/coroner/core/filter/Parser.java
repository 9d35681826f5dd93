package dev.coroner.core.filter;

import dev.coroner.core.filter.Token.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.PatternSyntaxException;

/**
 * Recursive descent over the tokens, by precedence: {@code or} below {@code and} below {@code not} below a
 * comparison (docs/FILTER.md, "Grammar"). Each literal is checked against its field's type as it is read, so a
 * wrong word is an error at its own position. Failure is an exception inside the parser only, caught in
 * {@link #parse}: the caller gets a value.
 */
final class Parser {
    private final String text;
    private final List<Token> tokens;
    private final FieldSchema schema;
    private int at;
    private int depth;

    private static final class Failed extends RuntimeException {
        final FilterError error;

        Failed(FilterError error) {
            super(error.message(), null, false, false);
            this.error = error;
        }
    }

    private Parser(String text, List<Token> tokens, FieldSchema schema) {
        this.text = text;
        this.tokens = tokens;
        this.schema = schema;
    }

    static Parsed parse(String text, FieldSchema schema) {
        if (text == null || text.isBlank()) {
            return new Parsed.Valid(Filter.all());
        }
        if (text.length() > Filter.MAX_LENGTH) {
            return new Parsed.Invalid(FilterError.at(text, Filter.MAX_LENGTH,
                    "expression longer than " + Filter.MAX_LENGTH + " characters", List.of()));
        }
        Lexer.Result lexed = Lexer.lex(text);
        if (lexed.error() != null) {
            return new Parsed.Invalid(lexed.error());
        }
        Parser p = new Parser(text, lexed.tokens(), schema);
        try {
            Expr e = p.or();
            Token t = p.peek();
            if (t.kind() != Kind.END) {
                throw p.fail(t, t.kind() == Kind.RPAREN ? "')' without its '('"
                        : "expected 'and', 'or' or the end, not " + t.shown(), List.of());
            }
            return new Parsed.Valid(new Filter(e));
        } catch (Failed f) {
            return new Parsed.Invalid(f.error);
        }
    }

    private Token peek() {
        return tokens.get(at);
    }

    private Token take() {
        Token t = tokens.get(at);
        if (t.kind() != Kind.END) {
            at++;
        }
        return t;
    }

    private Failed fail(Token t, String message, List<String> suggestions) {
        return new Failed(FilterError.at(text, t.offset(), message, suggestions));
    }

    private void deeper(Token t) {
        if (++depth > Filter.MAX_DEPTH) {
            throw fail(t, "nested deeper than " + Filter.MAX_DEPTH + " levels", List.of());
        }
    }

    private Expr or() {
        Expr first = and();
        if (peek().kind() != Kind.OR) {
            return first;
        }
        List<Expr> terms = new ArrayList<>();
        terms.add(first);
        while (peek().kind() == Kind.OR) {
            take();
            terms.add(and());
        }
        return new Expr.Or(terms);
    }

    private Expr and() {
        Expr first = unary();
        if (peek().kind() != Kind.AND) {
            return first;
        }
        List<Expr> terms = new ArrayList<>();
        terms.add(first);
        while (peek().kind() == Kind.AND) {
            take();
            terms.add(unary());
        }
        return new Expr.And(terms);
    }

    private Expr unary() {
        Token t = peek();
        if (t.kind() == Kind.NOT) {
            take();
            deeper(t);
            Expr e = new Expr.Not(unary());
            depth--;
            return e;
        }
        if (t.kind() == Kind.LPAREN) {
            take();
            deeper(t);
            Expr e = or();
            Token close = peek();
            if (close.kind() != Kind.RPAREN) {
                FilterError open = FilterError.at(text, t.offset(), "", List.of());
                throw fail(close, close.kind() == Kind.END
                        ? "'(' at " + open.line() + ":" + open.column() + " is not closed: a ')' is missing"
                        : "expected ')', 'and' or 'or', not " + close.shown(), List.of());
            }
            take();
            depth--;
            return e;
        }
        return comparison();
    }

    private Expr comparison() {
        Token name = take();
        if (name.kind() != Kind.IDENT) {
            throw fail(name, "expected a field name, not " + name.shown(), List.of());
        }
        Field field = schema.field(name.text());
        if (field == null) {
            String with = schema.comesWith(name.text());
            throw with != null ? fail(name, "unknown field '" + name.text() + "' (it comes with " + with + ")", List.of())
                    : fail(name, "unknown field '" + Lexer.cut(name.text()) + "'", schema.suggest(name.text()));
        }
        Token op = peek();
        Operator o = switch (op.kind()) {
            case EQ -> Operator.EQ;
            case NE -> Operator.NE;
            case LT -> Operator.LT;
            case LE -> Operator.LE;
            case GT -> Operator.GT;
            case GE -> Operator.GE;
            case CONTAINS -> Operator.CONTAINS;
            case MATCHES -> Operator.MATCHES;
            case IN -> Operator.IN;
            default -> null;
        };
        if (o == null) {
            if (op.kind() == Kind.IDENT || op.kind() == Kind.NUMBER || op.kind() == Kind.STRING
                    || op.kind() == Kind.LBRACE) {
                throw fail(op, "expected an operator after '" + field.name() + "', not " + op.shown(), List.of());
            }
            return new Expr.Present(field);
        }
        take();
        check(field, o, op);
        Value v = switch (o) {
            case IN -> set(field);
            case MATCHES -> regex();
            case CONTAINS -> field.type() == FieldType.LIST ? literal(field, take()) : substring(field, take());
            default -> literal(field, take());
        };
        return new Expr.Compare(field, o, v);
    }

    /** Whether {@code o} applies to the field's type at all. */
    private void check(Field f, Operator o, Token op) {
        FieldType t = f.type();
        String what = switch (t) {
            case STRING -> "text";
            case NUMBER -> "a number";
            case BOOLEAN -> "true or false";
            case ENUM -> "one of " + f.values().size() + " words";
            case LIST -> "a list";
        };
        boolean fits = switch (o) {
            case EQ, NE -> t != FieldType.LIST;
            case LT, LE, GT, GE -> t == FieldType.NUMBER;
            case CONTAINS, MATCHES -> t == FieldType.STRING || t == FieldType.ENUM || t == FieldType.LIST;
            case IN -> t != FieldType.BOOLEAN;
        };
        if (!fits) {
            List<String> instead = switch (t) {
                case LIST -> List.of("contains", "in");
                case NUMBER -> List.of("==", "<", ">");
                case BOOLEAN -> List.of("==");
                default -> List.of("==", "contains", "in");
            };
            throw fail(op, "'" + o.text + "' does not apply to '" + f.name() + "', which is " + what, instead);
        }
    }

    private Value set(Field field) {
        Token open = take();
        if (open.kind() != Kind.LBRACE) {
            throw fail(open, "expected '{' to start a set after 'in', not " + open.shown(), List.of());
        }
        List<Value> members = new ArrayList<>();
        if (peek().kind() == Kind.RBRACE) {
            take();
            return new Value.SetOf(members);
        }
        while (true) {
            members.add(literal(field, take()));
            Token t = take();
            if (t.kind() == Kind.RBRACE) {
                return new Value.SetOf(members);
            }
            if (t.kind() != Kind.COMMA) {
                throw fail(t, t.kind() == Kind.END ? "set not closed: a '}' is missing"
                        : "expected ',' or '}' in a set, not " + t.shown(), List.of());
            }
        }
    }

    private Value regex() {
        Token t = take();
        if (t.kind() != Kind.STRING) {
            throw fail(t, "'matches' takes a regular expression in double quotes, not " + t.shown(), List.of());
        }
        try {
            return new Value.Regex(BoundedRegex.compile(t.text()));
        } catch (PatternSyntaxException e) {
            String why = e.getDescription();
            throw fail(t, "not a regular expression: " + Lexer.cut(why == null ? "" : why), List.of());
        }
    }

    /** The right of {@code contains} on text: any string, not checked against enum words. */
    private Value substring(Field field, Token t) {
        return switch (t.kind()) {
            case STRING, IDENT, NUMBER -> new Value.Str(t.text());
            default -> throw fail(t, "expected a string after 'contains', not " + t.shown(), List.of());
        };
    }

    /** One literal for {@code field}: a number, true/false, one of its enum words, or a string. */
    private Value literal(Field field, Token t) {
        switch (t.kind()) {
            case STRING, IDENT, NUMBER -> {
            }
            default -> throw fail(t, "expected a value for '" + field.name() + "', not " + t.shown(), List.of());
        }
        if (!field.values().isEmpty()) {
            if (t.kind() == Kind.NUMBER) {
                throw fail(t, "'" + field.name() + "' takes a word, not a number", first(field.values()));
            }
            for (String w : field.values()) {
                if (w.equalsIgnoreCase(t.text())) {
                    return new Value.Word(w);
                }
            }
            throw fail(t, "'" + Lexer.cut(t.text()) + "' is not a value of '" + field.name() + "'",
                    FieldSchema.closest(t.text(), field.values()));
        }
        return switch (field.type()) {
            case NUMBER -> {
                if (t.kind() != Kind.NUMBER) {
                    throw fail(t, "'" + field.name() + "' is a number, not " + t.shown(), List.of());
                }
                yield new Value.Num(Double.parseDouble(t.text()));
            }
            case BOOLEAN -> {
                String w = t.kind() == Kind.IDENT ? t.text().toLowerCase(Locale.ROOT) : "";
                if (!w.equals("true") && !w.equals("false")) {
                    throw fail(t, "'" + field.name() + "' is true or false, not " + t.shown(), List.of("true", "false"));
                }
                yield new Value.Bool(w.equals("true"));
            }
            // a list of numbers (misses.line) takes a number; a number where text belongs is its text
            default -> t.kind() == Kind.NUMBER && field.type() == FieldType.LIST
                    ? new Value.Num(Double.parseDouble(t.text())) : new Value.Str(t.text());
        };
    }

    private static List<String> first(List<String> words) {
        return words.subList(0, Math.min(3, words.size()));
    }
}

package dev.coroner.core.filter;

import dev.coroner.core.filter.Token.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Splits an expression into tokens; a character that starts none is an error value with its offset. */
final class Lexer {
    private final String text;
    private int at;

    /** Tokens so far, or the error that stopped the lexer. */
    record Result(List<Token> tokens, FilterError error) {
    }

    private Lexer(String text) {
        this.text = text;
    }

    /** Every token of {@code text}, ending with {@link Kind#END}; or the first error. */
    static Result lex(String text) {
        Lexer l = new Lexer(text);
        List<Token> out = new ArrayList<>();
        while (true) {
            Object t = l.next();
            if (t instanceof FilterError e) {
                return new Result(out, e);
            }
            Token token = (Token) t;
            out.add(token);
            if (token.kind() == Kind.END) {
                return new Result(out, null);
            }
        }
    }

    static boolean identStart(char c) {
        return c < 128 ? Character.isLetter(c) || c == '_' : Character.isLetter(c);
    }

    static boolean identPart(char c) {
        return identStart(c) || (c >= '0' && c <= '9') || c == '.' || c == '-';
    }

    /** A word the lexer would read as one identifier and not as a keyword. */
    static boolean bareWord(String s) {
        if (s.isEmpty() || !identStart(s.charAt(0))) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            if (!identPart(s.charAt(i))) {
                return false;
            }
        }
        return keyword(s) == null;
    }

    static Kind keyword(String word) {
        return switch (word.toLowerCase(Locale.ROOT)) {
            case "and" -> Kind.AND;
            case "or" -> Kind.OR;
            case "not" -> Kind.NOT;
            case "contains" -> Kind.CONTAINS;
            case "matches" -> Kind.MATCHES;
            case "in" -> Kind.IN;
            default -> null;
        };
    }

    /** A long token cut for a message. */
    static String cut(String s) {
        return s.length() <= 40 ? s : s.substring(0, 37) + "...";
    }

    private Object next() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
        int start = at;
        if (at >= text.length()) {
            return new Token(Kind.END, "", at, at);
        }
        char c = text.charAt(at);
        char d = at + 1 < text.length() ? text.charAt(at + 1) : '\0';
        switch (c) {
            case '(': return one(Kind.LPAREN, "(");
            case ')': return one(Kind.RPAREN, ")");
            case '{': return one(Kind.LBRACE, "{");
            case '}': return one(Kind.RBRACE, "}");
            case ',': return one(Kind.COMMA, ",");
            case '=':
                if (d == '=') {
                    return two(Kind.EQ, "==");
                }
                return error(start, "'=' is not an operator", List.of("=="));
            case '!':
                return d == '=' ? two(Kind.NE, "!=") : one(Kind.NOT, "!");
            case '<':
                return d == '=' ? two(Kind.LE, "<=") : one(Kind.LT, "<");
            case '>':
                return d == '=' ? two(Kind.GE, ">=") : one(Kind.GT, ">");
            case '&':
                if (d == '&') {
                    return two(Kind.AND, "&&");
                }
                return error(start, "'&' is not an operator", List.of("&&"));
            case '|':
                if (d == '|') {
                    return two(Kind.OR, "||");
                }
                return error(start, "'|' is not an operator", List.of("||"));
            case '"':
                return string();
            default:
                break;
        }
        if ((c >= '0' && c <= '9') || (c == '-' && d >= '0' && d <= '9') || (c == '.' && d >= '0' && d <= '9')) {
            return number();
        }
        if (identStart(c)) {
            while (at < text.length() && identPart(text.charAt(at))) {
                at++;
            }
            String word = text.substring(start, at);
            Kind k = keyword(word);
            return new Token(k == null ? Kind.IDENT : k, word, start, at);
        }
        return error(start, "unexpected character '" + printable(text.codePointAt(start)) + "'", List.of());
    }

    private static String printable(int cp) {
        return Character.isISOControl(cp) || Character.isWhitespace(cp)
                ? String.format("\\u%04x", cp) : new String(Character.toChars(cp));
    }

    private Token one(Kind k, String s) {
        at += 1;
        return new Token(k, s, at - 1, at);
    }

    private Token two(Kind k, String s) {
        at += 2;
        return new Token(k, s, at - 2, at);
    }

    private FilterError error(int offset, String message, List<String> suggestions) {
        return FilterError.at(text, offset, message, suggestions);
    }

    private Object number() {
        int start = at;
        if (text.charAt(at) == '-') {
            at++;
        }
        digits();
        if (at < text.length() && text.charAt(at) == '.') {
            at++;
            digits();
        }
        if (at < text.length() && (text.charAt(at) == 'e' || text.charAt(at) == 'E')) {
            int e = at++;
            if (at < text.length() && (text.charAt(at) == '+' || text.charAt(at) == '-')) {
                at++;
            }
            int before = at;
            digits();
            if (at == before) {
                return error(e, "a number's exponent needs digits", List.of());
            }
        }
        if (at < text.length() && identStart(text.charAt(at))) {
            return error(start, "'" + cut(text.substring(start, Math.min(text.length(), at + 1)))
                    + "' is not a number", List.of());
        }
        String s = text.substring(start, at);
        double v = Double.parseDouble(s);
        if (Double.isInfinite(v)) {
            return error(start, "number too large: " + cut(s), List.of());
        }
        return new Token(Kind.NUMBER, s, start, at);
    }

    private void digits() {
        while (at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9') {
            at++;
        }
    }

    private Object string() {
        int start = at++;
        StringBuilder s = new StringBuilder();
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c == '"') {
                at++;
                return new Token(Kind.STRING, s.toString(), start, at);
            }
            if (c == '\\') {
                if (at + 1 >= text.length()) {
                    break;
                }
                char e = text.charAt(at + 1);
                switch (e) {
                    case '"', '\\', '/' -> s.append(e);
                    case 'n' -> s.append('\n');
                    case 't' -> s.append('\t');
                    case 'r' -> s.append('\r');
                    case 'u' -> {
                        int code = at + 6 <= text.length() ? hex(text, at + 2) : -1;
                        if (code < 0) {
                            return error(at, "'\\u' needs four hex digits", List.of());
                        }
                        s.append((char) code);
                        at += 4;
                    }
                    default -> {
                        return error(at, "unknown escape '\\" + printable(e) + "' (a regex's backslash is written \\\\)",
                                List.of());
                    }
                }
                at += 2;
                continue;
            }
            s.append(c);
            at++;
        }
        return error(start, "string not closed: a '\"' is missing", List.of());
    }

    private static int hex(String t, int from) {
        int v = 0;
        for (int i = from; i < from + 4; i++) {
            int h = Character.digit(t.charAt(i), 16);
            if (h < 0) {
                return -1;
            }
            v = v * 16 + h;
        }
        return v;
    }
}

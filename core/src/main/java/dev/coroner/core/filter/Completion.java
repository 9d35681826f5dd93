package dev.coroner.core.filter;

import dev.coroner.core.filter.Token.Kind;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Candidates for the word at the caret, from the tokens before it (docs/FILTER.md, "Completion"). */
final class Completion {
    /** Text before the caret looked at: a completion reads no further back. */
    static final int LOOK_BACK = 4096;

    private Completion() {
    }

    static int wordStart(String text, int caret) {
        int c = Math.max(0, Math.min(caret, text.length()));
        int s = c;
        while (s > 0 && Lexer.identPart(text.charAt(s - 1))) {
            s--;
        }
        return s;
    }

    static List<String> complete(FieldSchema schema, String text, int caret) {
        if (text == null) {
            text = "";
        }
        int c = Math.max(0, Math.min(caret, text.length()));
        int start = wordStart(text, c);
        String prefix = text.substring(start, c);
        String before = text.substring(Math.max(0, start - LOOK_BACK), start);
        Lexer.Result lexed = Lexer.lex(before);
        if (lexed.error() != null) {
            return List.of(); // inside a string, or after a character that starts no token
        }
        List<Token> t = lexed.tokens().subList(0, lexed.tokens().size() - 1); // without END
        Token last = t.isEmpty() ? null : t.get(t.size() - 1);
        List<String> candidates;
        Field valuesOf = valueField(schema, t);
        if (valuesOf != null) {
            candidates = values(valuesOf);
        } else if (last != null && last.kind() == Kind.IDENT && schema.field(last.text()) != null
                && !afterOperator(t)) {
            candidates = operators(schema.field(last.text()));
        } else if (last != null && (last.kind() == Kind.IDENT || last.kind() == Kind.NUMBER
                || last.kind() == Kind.STRING || last.kind() == Kind.RPAREN || last.kind() == Kind.RBRACE)) {
            candidates = List.of("and", "or");
        } else {
            candidates = new ArrayList<>();
            for (Field f : schema.fields()) {
                candidates.add(f.name());
            }
            candidates.add("not");
        }
        return rank(candidates, prefix);
    }

    /** Whether the token before the last one is an operator (the last is then a value, not a field). */
    private static boolean afterOperator(List<Token> t) {
        if (t.size() < 2) {
            return false;
        }
        Kind k = t.get(t.size() - 2).kind();
        return switch (k) {
            case EQ, NE, LT, LE, GT, GE, CONTAINS, MATCHES, IN, LBRACE, COMMA -> true;
            default -> false;
        };
    }

    /** The field whose value is being typed: after {@code field ==}, {@code field !=}, or inside {@code field in {…}}. */
    private static Field valueField(FieldSchema schema, List<Token> t) {
        int i = t.size() - 1;
        if (i < 0) {
            return null;
        }
        Kind k = t.get(i).kind();
        if (k == Kind.EQ || k == Kind.NE || k == Kind.CONTAINS) {
            return i >= 1 && t.get(i - 1).kind() == Kind.IDENT ? schema.field(t.get(i - 1).text()) : null;
        }
        if (k == Kind.LBRACE || k == Kind.COMMA) {
            while (i >= 0 && t.get(i).kind() != Kind.LBRACE) {
                Kind x = t.get(i).kind();
                if (x != Kind.COMMA && x != Kind.IDENT && x != Kind.STRING && x != Kind.NUMBER) {
                    return null;
                }
                i--;
            }
            if (i >= 2 && t.get(i - 1).kind() == Kind.IN && t.get(i - 2).kind() == Kind.IDENT) {
                return schema.field(t.get(i - 2).text());
            }
        }
        return null;
    }

    private static List<String> values(Field f) {
        if (f.type() == FieldType.BOOLEAN) {
            return List.of("true", "false");
        }
        return f.values();
    }

    private static List<String> operators(Field f) {
        return switch (f.type()) {
            case NUMBER -> List.of("==", "!=", "<", "<=", ">", ">=", "in", "and", "or");
            case BOOLEAN -> List.of("==", "!=", "and", "or");
            case LIST -> List.of("contains", "matches", "in", "and", "or");
            default -> List.of("==", "!=", "contains", "matches", "in", "and", "or");
        };
    }

    private static List<String> rank(List<String> candidates, String prefix) {
        if (prefix.isEmpty()) {
            return List.copyOf(candidates);
        }
        String p = prefix.toLowerCase(Locale.ROOT);
        Set<String> out = new LinkedHashSet<>();
        for (String c : candidates) {
            if (c.toLowerCase(Locale.ROOT).startsWith(p)) {
                out.add(c);
            }
        }
        for (String c : candidates) { // a part of a dotted name: "st" finds trailing.status
            if (c.toLowerCase(Locale.ROOT).contains("." + p)) {
                out.add(c);
            }
        }
        for (String c : candidates) {
            if (c.toLowerCase(Locale.ROOT).contains(p)) {
                out.add(c);
            }
        }
        return List.copyOf(out);
    }
}

package dev.coroner.core.filter;

/** One token of an expression: its kind, its text as written (a string's without quotes, unescaped) and offset. */
record Token(Kind kind, String text, int offset, int end) {
    enum Kind {
        IDENT, NUMBER, STRING, EQ, NE, LT, LE, GT, GE, AND, OR, NOT, CONTAINS, MATCHES, IN, LPAREN, RPAREN, LBRACE,
        RBRACE, COMMA, END
    }

    /** The token as a person reads it in a message. */
    String shown() {
        return switch (kind) {
            case END -> "the end";
            case STRING -> "\"" + Lexer.cut(text) + "\"";
            default -> "'" + Lexer.cut(text) + "'";
        };
    }
}

package dev.coroner.core.filter;

/** A comparison's operator, with the text it is written as (docs/FILTER.md, "Operators"). */
enum Operator {
    EQ("=="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">="), CONTAINS("contains"), MATCHES("matches"), IN("in");

    final String text;

    Operator(String text) {
        this.text = text;
    }

    boolean ordering() {
        return this == LT || this == LE || this == GT || this == GE;
    }
}

package dev.coroner.core.filter;

/** What a row's field holds, which decides the operators a filter may use on it (docs/FILTER.md, "Fields"). */
public enum FieldType {
    /** Text: {@code ==}, {@code !=}, {@code contains} (substring), {@code matches}, {@code in}. */
    STRING,
    /** A number (Long or Double in the row): every comparison, {@code in}. */
    NUMBER,
    /** {@code true} or {@code false}: {@code ==}, {@code !=}, or the bare field name. */
    BOOLEAN,
    /** One of a fixed set of words ({@link Field#values()}): as STRING, the literal checked against the words. */
    ENUM,
    /** A list of strings: {@code contains} (an element equals), {@code matches} and {@code in} (any element). */
    LIST
}

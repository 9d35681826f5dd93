package dev.coroner.core.filter;

import java.util.List;

/** The expression tree a filter is: immutable, compared by value (a printed and re-parsed tree is equal). */
sealed interface Expr {
    /** The empty expression: keeps every row. */
    record All() implements Expr {
    }

    /** Every term true; two or more terms, none of them an {@code And} written without parentheses. */
    record And(List<Expr> terms) implements Expr {
        public And {
            terms = List.copyOf(terms);
        }
    }

    /** Some term true. */
    record Or(List<Expr> terms) implements Expr {
        public Or {
            terms = List.copyOf(terms);
        }
    }

    record Not(Expr term) implements Expr {
    }

    /** A field named alone: a boolean field that is true, any other field that is present and not null. */
    record Present(Field field) implements Expr {
    }

    /** {@code field op value}: false when the field is null or absent. */
    record Compare(Field field, Operator op, Value value) implements Expr {
    }
}

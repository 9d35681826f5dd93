package dev.coroner.core.filter;

import java.util.List;

/** A literal on the right of a comparison, already checked against its field's type. */
sealed interface Value {
    /** A double-quoted string (or a bare word for a field of free text). */
    record Str(String text) implements Value {
    }

    /** One of an enum field's words, spelt as the schema spells it. */
    record Word(String text) implements Value {
    }

    record Num(double value) implements Value {
        public Num {
            value = value == 0 ? 0.0 : value; // -0 reads and prints as 0
        }
    }

    record Bool(boolean value) implements Value {
    }

    /** {@code {a, b}}: the right of {@code in}. */
    record SetOf(List<Value> members) implements Value {
        public SetOf {
            members = List.copyOf(members);
        }
    }

    /** The right of {@code matches}: its source and the compiled pattern. */
    record Regex(BoundedRegex pattern) implements Value {
    }
}

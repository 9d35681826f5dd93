package dev.coroner.core.filter;

import java.util.List;
import java.util.Objects;

/**
 * One field a filter can name: {@code name} is the dotted path of the row's JSON key ({@code trailing.class}),
 * {@code values} the words an {@link FieldType#ENUM} (or a list of them) takes, else empty, {@code doc} one sentence
 * for people (completion, docs/FILTER.md).
 */
public record Field(String name, FieldType type, List<String> values, String doc) {
    public Field {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        values = List.copyOf(values);
        doc = doc == null ? "" : doc;
    }

    /** A field without enum words. */
    public static Field of(String name, FieldType type, String doc) {
        return new Field(name, type, List.of(), doc);
    }

    /** An {@link FieldType#ENUM} field taking {@code values}. */
    public static Field ofEnum(String name, List<String> values, String doc) {
        return new Field(name, FieldType.ENUM, values, doc);
    }
}

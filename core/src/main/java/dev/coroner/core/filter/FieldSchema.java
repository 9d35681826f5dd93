package dev.coroner.core.filter;

import dev.coroner.core.text.EditDistance;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The fields of one kind of row (a transcript, a call, a block …): what a filter over those rows may name, with
 * each field's type and enum words (docs/FILTER.md, "Fields"). The constants are in {@link FieldSchemas}.
 */
public final class FieldSchema {
    /** How far a mistyped name may be from a field to be suggested. */
    static final int SUGGEST_DISTANCE = 2;
    /** Suggestions given at most. */
    static final int SUGGESTIONS = 3;

    private final String rowKind;
    private final List<Field> fields;
    private final Map<String, Field> byName;
    /** Fields these rows have only with an option: each name to what brings it ("--usage"). */
    private final Map<String, String> comesWith;

    private FieldSchema(String rowKind, List<Field> fields, Map<String, String> comesWith) {
        this.rowKind = Objects.requireNonNull(rowKind, "rowKind");
        this.fields = List.copyOf(fields);
        Map<String, Field> m = new LinkedHashMap<>();
        for (Field f : this.fields) {
            if (m.put(f.name(), f) != null) {
                throw new IllegalArgumentException("field " + f.name() + " twice in " + rowKind);
            }
        }
        this.byName = m;
        Map<String, String> w = new LinkedHashMap<>(comesWith);
        w.keySet().removeAll(m.keySet());
        this.comesWith = Map.copyOf(w);
    }

    public static FieldSchema of(String rowKind, List<Field> fields) {
        return new FieldSchema(rowKind, fields, Map.of());
    }

    /** This schema with {@code more} fields after its own (a row kind that gains fields: cost's usage fields). */
    public FieldSchema with(List<Field> more) {
        List<Field> all = new ArrayList<>(fields);
        all.addAll(more);
        return new FieldSchema(rowKind, all, comesWith);
    }

    /**
     * This schema, knowing that its rows have {@code fields} only with {@code option}: naming one is still an unknown
     * field, and the error says what brings it ("unknown field 'cost_usd' (it comes with --usage)"). Completion does
     * not offer them.
     */
    public FieldSchema lacking(List<Field> fields, String option) {
        Map<String, String> w = new LinkedHashMap<>(comesWith);
        for (Field f : fields) {
            w.put(f.name(), option);
        }
        return new FieldSchema(rowKind, this.fields, w);
    }

    /** What brings the field {@code name} to these rows ({@link #lacking}), or null. */
    String comesWith(String name) {
        return comesWith.get(name);
    }

    public String rowKind() {
        return rowKind;
    }

    /** The fields in the order the rows print them. */
    public List<Field> fields() {
        return fields;
    }

    /** The field named {@code name} (its dotted path), or null. */
    public Field field(String name) {
        return byName.get(name);
    }

    /** Field names a mistyped {@code name} may have meant, nearest first. */
    List<String> suggest(String name) {
        List<String> names = new ArrayList<>();
        for (Field f : fields) {
            names.add(f.name());
        }
        List<String> near = closest(name, names);
        if (!near.isEmpty()) {
            return near;
        }
        // "class" for "trailing.class": the last part of a dotted name
        List<String> tails = new ArrayList<>();
        for (String n : names) {
            int dot = n.lastIndexOf('.');
            if (dot >= 0 && EditDistance.of(lower(name), lower(n.substring(dot + 1))) <= SUGGEST_DISTANCE
                    && tails.size() < SUGGESTIONS) {
                tails.add(n);
            }
        }
        return tails;
    }

    /** Of {@code words}, those within {@link #SUGGEST_DISTANCE} edits of {@code typed}, nearest first, at most three. */
    static List<String> closest(String typed, List<String> words) {
        if (typed.length() > 64) {
            return List.of(); // a mistyped name is short; a long token is no name at all
        }
        String t = lower(typed);
        record Near(String word, int distance) {
        }
        List<Near> near = new ArrayList<>();
        for (String w : words) {
            int d = EditDistance.of(t, lower(w));
            if (d <= Math.min(SUGGEST_DISTANCE, Math.max(1, w.length() / 2))) {
                near.add(new Near(w, d));
            }
        }
        near.sort(Comparator.comparingInt(Near::distance));
        List<String> out = new ArrayList<>();
        for (int i = 0; i < near.size() && i < SUGGESTIONS; i++) {
            out.add(near.get(i).word());
        }
        return out;
    }

    private static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }

    /**
     * What may be typed at {@code caret} of {@code text}, for the word that ends there ({@link #wordStart}): field
     * names, the enum words of the field before the operator, or operators; those the word begins best first, then
     * those it is found inside.
     */
    public List<String> complete(String text, int caret) {
        return Completion.complete(this, text, caret);
    }

    /** Where the word being completed at {@code caret} begins: a completion replaces text from there to the caret. */
    public static int wordStart(String text, int caret) {
        return Completion.wordStart(text, caret);
    }

    @Override
    public String toString() {
        return rowKind + " " + byName.keySet();
    }
}

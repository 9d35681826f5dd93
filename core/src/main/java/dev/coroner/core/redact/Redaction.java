package dev.coroner.core.redact;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;

/**
 * One export's redaction: every string the export includes passes through {@link #apply}, and {@link #counts} says what
 * was hidden, by kind. Not thread-safe: one export, one thread.
 */
public final class Redaction {
    private final List<SecretShape> shapes;
    private final boolean on;
    /** Kind names are ASCII, so their natural order is byte-wise: the same on every machine. */
    private final Map<String, Long> counts = new TreeMap<>();

    Redaction(List<SecretShape> shapes, boolean on) {
        this.shapes = shapes;
        this.on = on;
    }

    public boolean on() {
        return on;
    }

    /** {@code text} with every secret replaced by {@code [REDACTED:kind]}; null stays null. */
    public String apply(String text) {
        if (text == null || !on) {
            return text;
        }
        String s = text;
        Normalised view = Normalised.of(s);
        for (SecretShape shape : shapes) {
            String redacted = apply(shape, s, view);
            if (redacted != s) {
                s = redacted;
                view = Normalised.of(s);
            }
        }
        return s;
    }

    /** {@code s} with what {@code shape} finds in {@code view}, its normalised text, replaced. */
    private String apply(SecretShape shape, String s, Normalised view) {
        if (!shape.mayMatch(view.text())) {
            return s;
        }
        Matcher m = shape.pattern().matcher(view.text());
        StringBuilder out = null;
        int copied = 0;
        while (m.find()) {
            int start = m.start(shape.secretGroup());
            int end = m.end(shape.secretGroup());
            if (start < 0 || end <= start || !shape.hides(view.text(), start, end)) {
                continue; // an empty match hides nothing (a user pattern such as "x*"), nor a value that is none
            }
            if (out == null) {
                out = new StringBuilder(s.length());
            }
            int from = view.start(start);
            out.append(s, copied, from).append(shape.replacement());
            copied = view.end(end - 1);
            counts.merge(shape.kind(), 1L, Long::sum);
        }
        return out == null ? s : out.append(s, copied, s.length()).toString();
    }

    /** Redactions so far, by kind, in byte-wise order of the kind's name; kinds never seen are absent. */
    public Map<String, Long> counts() {
        return Collections.unmodifiableMap(new TreeMap<>(counts));
    }

    public long total() {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }
}

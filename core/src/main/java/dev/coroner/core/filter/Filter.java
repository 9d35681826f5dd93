package dev.coroner.core.filter;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One filter expression, parsed and checked against a row kind's fields (docs/FILTER.md): {@link #test} says whether
 * a row is kept; {@link #toString()} is its canonical text, which parses back to an equal filter. Immutable and safe
 * to share between threads.
 */
public final class Filter {
    /** The longest expression text parsed; a longer one is an error value. */
    public static final int MAX_LENGTH = 64 * 1024;
    /** How deep parentheses and {@code not} may nest; deeper is an error value (the evaluator recurses this deep). */
    public static final int MAX_DEPTH = 64;

    private static final Filter ALL = new Filter(new Expr.All());

    private final Expr expr;

    Filter(Expr expr) {
        this.expr = Objects.requireNonNull(expr, "expr");
    }

    /**
     * The filter {@code text} writes for rows of {@code schema}, or the error that says where it went wrong. An empty
     * or blank text keeps everything. Never throws, whatever the length or nesting of the text.
     */
    public static Parsed parse(String text, FieldSchema schema) {
        Objects.requireNonNull(schema, "schema");
        try {
            return Parser.parse(text, schema);
        } catch (StackOverflowError e) {
            // Cannot happen within MAX_DEPTH; kept so that no text, whatever it is, becomes a crash.
            return new Parsed.Invalid(FilterError.at(text, 0, "expression nested too deep", List.of()));
        }
    }

    /** The filter that keeps every row; its text is empty. */
    public static Filter all() {
        return ALL;
    }

    /** Whether this filter keeps every row (written as the empty text). */
    public boolean keepsAll() {
        return expr instanceof Expr.All;
    }

    /** Whether {@code row} is kept. */
    public boolean test(FieldValues row) {
        return Evaluator.test(expr, row);
    }

    /** Rows kept by both. */
    public Filter and(Filter other) {
        if (other.keepsAll()) {
            return this;
        }
        if (keepsAll()) {
            return other;
        }
        return new Filter(new Expr.And(List.of(expr, other.expr)));
    }

    /**
     * How many {@code matches} tests gave up on their read budget (and so were false) since this filter was parsed:
     * a frontend says so rather than let a row vanish silently (docs/FILTER.md, "Regular expressions").
     */
    public long matchesGivenUp() {
        long n = 0;
        for (BoundedRegex r : regexes(expr, new ArrayList<>())) {
            n += r.gaveUp();
        }
        return n;
    }

    private static List<BoundedRegex> regexes(Expr e, List<BoundedRegex> out) {
        if (e instanceof Expr.And a) {
            a.terms().forEach(t -> regexes(t, out));
        } else if (e instanceof Expr.Or o) {
            o.terms().forEach(t -> regexes(t, out));
        } else if (e instanceof Expr.Not n) {
            regexes(n.term(), out);
        } else if (e instanceof Expr.Compare c && c.value() instanceof Value.Regex r) {
            out.add(r.pattern());
        }
        return out;
    }

    Expr expr() {
        return expr;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Filter f && f.expr.equals(expr);
    }

    @Override
    public int hashCode() {
        return expr.hashCode();
    }

    /** The canonical text: single spaces, {@code and}/{@code or}/{@code not}, parentheses only where needed. */
    @Override
    public String toString() {
        return Printer.print(expr);
    }
}

package dev.coroner.app.cli;

import dev.coroner.core.filter.FieldSchema;
import dev.coroner.core.filter.FieldValues;
import dev.coroner.core.filter.Filter;
import dev.coroner.core.filter.FilterError;
import dev.coroner.core.filter.Parsed;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine.Option;

/**
 * {@code --where EXPR} ({@code @Mixin WhereOption where}): only the rows the expression keeps are printed, counted in
 * the total line as "17 of 215 shown", and the exit status comes from them (docs/FILTER.md). Without it a command
 * prints exactly what it always did.
 */
final class WhereOption {
    @Option(names = "--where", paramLabel = "EXPR", description = "Only the rows EXPR keeps: a filter expression on "
            + "the keys of the --json rows, e.g. 'state == SYNTHETIC and kind != HARNESS' (docs/FILTER.md). A bad "
            + "expression is an error with its position (exit status 2).")
    String where;

    /** Whether {@code --where} was given. */
    boolean given() {
        return where != null;
    }

    /**
     * The rows {@code --where} keeps among rows of {@code schema} (all of them without it), or null when the
     * expression does not parse: the error is then written to {@code err} with its position, and the command exits
     * {@link ExitStatus#BAD_INPUT} printing nothing else.
     */
    Rows rows(FieldSchema schema, PrintWriter err) {
        if (where == null) {
            return new Rows(Filter.all(), false);
        }
        Parsed p = Filter.parse(where, schema);
        if (!p.ok()) {
            err.println(describe(p.error(), where));
            err.flush();
            return null;
        }
        return new Rows(p.filter(), true);
    }

    /**
     * "coroner: --where: 1:6: unknown field …", then, for a one-line expression, the expression and a caret under
     * the place. The expression is the user's own, but escaped like everything printed.
     */
    static String describe(FilterError e, String where) {
        StringBuilder s = new StringBuilder("coroner: --where: ").append(Output.safe(e.toString()));
        if (where.indexOf('\n') < 0 && where.length() <= 200) {
            String shown = Output.safe(where);
            if (shown.length() == where.length()) { // a caret lines up only under text printed as typed
                s.append("\n  ").append(shown).append("\n  ").append(" ".repeat(e.column() - 1)).append('^');
            }
        }
        return s.toString();
    }

    /** The filter and the count of rows it was asked about and kept. Rows come one at a time, in order. */
    static final class Rows {
        private final Filter filter;
        private final boolean given;
        private long total;
        private long kept;

        Rows(Filter filter, boolean given) {
            this.filter = filter;
            this.given = given;
        }

        /** Whether {@code row} (a --json row, made only when an expression was given) is kept; counted either way. */
        boolean keep(Supplier<Map<String, ?>> row) {
            total++;
            boolean k = !given || filter.test(FieldValues.of(row.get()));
            kept += k ? 1 : 0;
            return k;
        }

        boolean given() {
            return given;
        }

        long kept() {
            return kept;
        }

        long total() {
            return total;
        }

        /** "17 of 215 calls shown". */
        String shown(String singular, String plural) {
            return String.format(Locale.ROOT, "%,d of %,d %s shown", kept, total, total == 1 ? singular : plural);
        }

        /** What a command says on standard error when some {@code matches} searches gave up; null when none did. */
        String givenUp() {
            long n = filter.matchesGivenUp();
            return n == 0 ? null : "--where: " + n + (n == 1 ? " regular expression search" : " regular expression "
                    + "searches") + " gave up on the read budget and counted as false (docs/FILTER.md, \"Regular "
                    + "expressions\")";
        }
    }
}

package dev.coroner.core.filter;

import java.util.Objects;

/** What {@link Filter#parse} returns: a filter, or the error that says where the text went wrong. Never both. */
public sealed interface Parsed {
    /** True when the text parsed: {@link #filter()} is then set and {@link #error()} is null. */
    boolean ok();

    /** The filter, or null when the text did not parse. */
    Filter filter();

    /** The error, or null when the text parsed. */
    FilterError error();

    /** A text that parsed. */
    record Valid(Filter filter) implements Parsed {
        public Valid {
            Objects.requireNonNull(filter, "filter");
        }

        @Override
        public boolean ok() {
            return true;
        }

        @Override
        public FilterError error() {
            return null;
        }
    }

    /** A text that did not. */
    record Invalid(FilterError error) implements Parsed {
        public Invalid {
            Objects.requireNonNull(error, "error");
        }

        @Override
        public boolean ok() {
            return false;
        }

        @Override
        public Filter filter() {
            return null;
        }
    }
}

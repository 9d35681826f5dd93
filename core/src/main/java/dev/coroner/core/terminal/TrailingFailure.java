package dev.coroner.core.terminal;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A run that ended in API retries (docs/VERDICTS.md, "Trailing API failure"): the last {@code system} record of subtype
 * {@code api_error} after the terminal assistant record (anywhere, when there is none). The harness retried the API,
 * gave up, and no assistant record follows.
 *
 * @param line    1-based physical line of that record
 * @param attempt {@code retryAttempt} when an integer, else null
 * @param max     {@code maxRetries} when an integer, else null
 * @param status  {@code error.status} when an integer, else null
 * @param cause   {@code error.cause.code} when a string, else null
 * @param cls     what the status and cause say: see {@link #classOf}
 */
public record TrailingFailure(long line, Integer attempt, Integer max, Integer status, String cause, TerminalClass cls) {

    public static TrailingFailure of(long line, Integer attempt, Integer max, Integer status, String cause) {
        return new TrailingFailure(line, attempt, max, status, cause, classOf(status, cause));
    }

    /** 429 rate limit; 401, 403 auth; 402 usage limit; 5xx server; a cause code or no status network; else OTHER. */
    static TerminalClass classOf(Integer status, String cause) {
        if (status != null) {
            switch (status) {
                case 429: return TerminalClass.RATE_LIMIT;
                case 401, 403: return TerminalClass.AUTH;
                case 402: return TerminalClass.USAGE_LIMIT;
                default:
                    if (status >= 500 && status <= 599) {
                        return TerminalClass.SERVER;
                    }
            }
        }
        return cause != null || status == null ? TerminalClass.NETWORK : TerminalClass.OTHER;
    }

    /**
     * Its fields as {@code coroner verdict --json} writes them, and a report after it:
     * {@code {"line","attempt","max","status","cause","class"}}, each null when absent.
     */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("line", line);
        m.put("attempt", attempt);
        m.put("max", max);
        m.put("status", status);
        m.put("cause", cause);
        m.put("class", cls.name());
        return m;
    }

    /** "the API failed 10 of 10 times (429, RATE_LIMIT)". */
    public String describe() {
        StringBuilder s = new StringBuilder("the API failed");
        if (attempt != null) {
            s.append(' ').append(attempt);
            if (max != null) {
                s.append(" of ").append(max);
            }
            s.append(attempt == 1 && max == null ? " time" : " times");
        }
        s.append(" (");
        if (status != null) {
            s.append(status).append(", ");
        }
        if (cause != null) {
            s.append(cause).append(", ");
        }
        return s.append(cls.name()).append(')').toString();
    }
}

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
 * @param cls     what the status and cause say: see {@link #classOf}; for Codex, what the turn's end says
 * @param reason  a Codex trailing failure's words (docs/VERDICTS.md, "Codex CLI"): how its last turn ended, and what
 *                that can mean; null for Claude Code's API failures, whose fields say it
 */
public record TrailingFailure(long line, Integer attempt, Integer max, Integer status, String cause, TerminalClass cls,
                              String reason) {

    /** A Claude Code API failure: {@code reason} null. */
    public TrailingFailure(long line, Integer attempt, Integer max, Integer status, String cause, TerminalClass cls) {
        this(line, attempt, max, status, cause, cls, null);
    }

    /**
     * A Codex run's last turn that did not complete (docs/VERDICTS.md, "Codex CLI"): aborted ({@code turn_aborted}, at
     * its line) or still open when the file ended (CUT_OFF, at the last record's line).
     */
    public static TrailingFailure codex(long line, TerminalClass cls, String reason) {
        return new TrailingFailure(line, null, null, null, null, cls, reason);
    }

    /** The words for a Codex turn aborted for {@code abortReason} (its {@code reason}, null when not a string). */
    public static TrailingFailure codexAborted(long line, String abortReason) {
        TerminalClass cls = "interrupted".equals(abortReason) ? TerminalClass.INTERRUPTED
                : "budget_limited".equals(abortReason) ? TerminalClass.USAGE_LIMIT : TerminalClass.OTHER;
        String why = switch (cls) {
            case INTERRUPTED -> "the user interrupted it";
            case USAGE_LIMIT -> "its budget ran out";
            default -> "Codex aborted it";
        };
        String said = abortReason == null ? "no reason" : "reason \"" + abortReason + "\"";
        return codex(line, cls, "its last turn was aborted (turn_aborted, " + said + "): " + why);
    }

    /** A Codex turn still open when the file ended, the last record at {@code line}. */
    public static TrailingFailure codexCutOff(long line) {
        return codex(line, TerminalClass.CUT_OFF, "its last turn was still open when the file ended: Codex records no "
                + "cause, and usage or rate limits, network or auth failures, a kill, or a file still being written all "
                + "look so");
    }

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
     * {@code {"line","attempt","max","status","cause","class"}}, each null when absent; a Codex one
     * {@code {"line","class","reason"}}.
     */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        if (reason != null) { // Codex: {"line","class","reason"}
            m.put("line", line);
            m.put("class", cls.name());
            m.put("reason", reason);
            return m;
        }
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
        if (reason != null) {
            return reason;
        }
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

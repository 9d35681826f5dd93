package dev.coroner.core.terminal;

import java.math.BigInteger;
import java.util.Locale;

/** The pure terminal verdict: evidence in, verdict out (docs/VERDICTS.md, "Terminal verdict", the reference {@code classify_terminal}). */
public final class TerminalClassifier {
    /** The harness's authorship stamp on {@code message.model}; compared exactly. */
    public static final String SYNTHETIC_MODEL = "<synthetic>";
    /** The stop reason every harness-written record carries; it corroborates, never gates. */
    public static final String SYNTHETIC_STOP_REASON = "stop_sequence";

    private TerminalClassifier() {
    }

    public static TerminalVerdict classify(TerminalEvidence e) {
        if (!e.readable()) {
            String why = e.unreadableReason() == null ? "cannot be read" : e.unreadableReason();
            return new TerminalVerdict(TerminalState.UNREADABLE, TerminalClass.NONE, null, null,
                    "transcript unreadable (" + why + "): no death can be witnessed, so none is claimed", e);
        }
        boolean syntheticModel = SYNTHETIC_MODEL.equals(e.model());
        if (syntheticModel || e.apiError()) {
            TerminalClass cls = refine(inferClass(e.apiStatus(), e.text()), e.error(), e.text());
            StringBuilder markers = new StringBuilder(syntheticModel ? "model=<synthetic>" : "isApiErrorMessage=true");
            if (SYNTHETIC_STOP_REASON.equals(e.stopReason())) {
                markers.append(", stop_reason=stop_sequence");
            }
            if (e.apiStatus() != null) {
                markers.append(", apiErrorStatus=").append(e.apiStatus());
            }
            if (e.error() != null) {
                markers.append(", error=").append(e.error());
            }
            return new TerminalVerdict(TerminalState.SYNTHETIC, cls, e.apiStatus(), e.error(),
                    "the harness wrote the terminal record (" + markers + "): its text is a harness error string ("
                            + cls + "), not a finding — count this agent dead, do not fold its answer", e);
        }
        if (!e.found()) {
            return new TerminalVerdict(TerminalState.EMPTY, TerminalClass.NONE, null, null,
                    "no assistant record in the transcript: the agent delivered nothing", e);
        }
        if (!e.hasContent()) {
            return new TerminalVerdict(TerminalState.EMPTY, TerminalClass.NONE, null, e.error(),
                    "the terminal assistant record has no content: nothing to fold", e);
        }
        return new TerminalVerdict(TerminalState.HEALTHY, TerminalClass.NONE, null, e.error(),
                "a real model wrote the terminal assistant record, with content", e);
    }

    /** The reference's {@code _infer_class}, in the reference's order, on the lower-cased leading text. */
    static TerminalClass inferClass(BigInteger status, String text) {
        String t = text == null ? "" : text.toLowerCase(Locale.ROOT);
        if (is(status, 429) || t.contains("rate limited")) {
            return TerminalClass.RATE_LIMIT;
        }
        if (is(status, 401) || t.contains("authentication")) {
            return TerminalClass.AUTH;
        }
        if (is(status, 500) || t.contains("internal server error") || t.contains("server-side")) {
            return TerminalClass.SERVER;
        }
        if (is(status, 403) || containsAny(t, "weekly limit", "session limit", "out of extra usage",
                "disabled claude", "usage limit")) {
            return TerminalClass.USAGE_LIMIT;
        }
        return TerminalClass.OTHER;
    }

    /**
     * Beyond the reference (docs/VERDICTS.md, "Terminal verdict"): newer Claude Code words its deaths differently, so where the reference
     * says OTHER, read the top-level {@code error} string first, then a few newer phrasings.
     */
    static TerminalClass refine(TerminalClass cls, String error, String text) {
        if (cls != TerminalClass.OTHER) {
            return cls;
        }
        if (error != null) {
            switch (error) {
                case "rate_limit": return TerminalClass.RATE_LIMIT;
                case "billing_error": return TerminalClass.USAGE_LIMIT;
                case "authentication_failed": return TerminalClass.AUTH;
                case "server_error": return TerminalClass.SERVER;
                default: break;
            }
        }
        String t = text == null ? "" : text.toLowerCase(Locale.ROOT);
        if (containsAny(t, "not logged in", "invalid api key", "/login")) {
            return TerminalClass.AUTH;
        }
        if (t.contains("overloaded")) {
            return TerminalClass.SERVER;
        }
        if (containsAny(t, "hit your limit", "limit reached", "spend limit", "credit balance")) {
            return TerminalClass.USAGE_LIMIT;
        }
        return TerminalClass.OTHER;
    }

    private static boolean is(BigInteger status, int code) {
        return status != null && status.equals(BigInteger.valueOf(code));
    }

    private static boolean containsAny(String t, String... needles) {
        for (String n : needles) {
            if (t.contains(n)) {
                return true;
            }
        }
        return false;
    }
}

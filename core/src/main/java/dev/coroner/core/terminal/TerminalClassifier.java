package dev.coroner.core.terminal;

import dev.coroner.core.read.Harness;
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

    /** The verdict on the terminal record alone: a session, no trailing failure, nothing known about the rest of the file. */
    public static TerminalVerdict classify(TerminalEvidence e) {
        return classify(e, AgentKind.SESSION, null, null);
    }

    /**
     * @param kind     whom the agent worked for
     * @param trailing the API failure after the terminal record, or null
     * @param contents what the file holds, or null when not counted: says why nothing was delivered
     */
    public static TerminalVerdict classify(TerminalEvidence e, AgentKind kind, TrailingFailure trailing,
                                           TranscriptContents contents) {
        if (!e.readable()) {
            String why = e.unreadableReason() == null ? "cannot be read" : e.unreadableReason();
            return new TerminalVerdict(TerminalState.UNREADABLE, TerminalClass.NONE, null, null,
                    "transcript unreadable (" + why + "): no death can be witnessed, so none is claimed", e, kind, null);
        }
        boolean syntheticModel = SYNTHETIC_MODEL.equals(e.model());
        if (syntheticModel || e.apiError()) {
            TerminalClass cls = refineFromRuns(refine(inferClass(e.apiStatus(), e.text()), e.error(), e.text()),
                    e.apiStatus(), e.error(), e.errorDetails(), e.text());
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
                            + cls + "), not a finding — count this agent dead, do not fold its answer"
                            + after(trailing, "; after it, "), e, kind, trailing);
        }
        if (!e.found()) {
            String why = contents == null ? "no assistant record in the transcript" : contents.nothingDelivered();
            // a file that ends in an API failure tried to run: only a quiet one holds no run
            NoRun noRun = contents == null || trailing != null ? null : contents.noRun();
            return new TerminalVerdict(TerminalState.EMPTY, TerminalClass.NONE, null, null,
                    why + after(trailing, " — ") + ": the agent delivered nothing", e, kind, trailing, noRun);
        }
        if (!e.hasContent()) {
            return new TerminalVerdict(TerminalState.EMPTY, TerminalClass.NONE, null, e.error(),
                    "the terminal assistant record has no content: nothing to fold" + after(trailing, "; after it, "),
                    e, kind, trailing);
        }
        if (trailing != null) {
            return new TerminalVerdict(TerminalState.HEALTHY, TerminalClass.NONE, null, e.error(),
                    "a real model wrote the terminal assistant record, with content, but the run died after its last "
                            + "answer: " + trailing.describe() + " (line " + trailing.line() + ") and no answer followed",
                    e, kind, trailing);
        }
        return new TerminalVerdict(TerminalState.HEALTHY, TerminalClass.NONE, null, e.error(),
                "a real model wrote the terminal assistant record, with content", e, kind, null);
    }

    /**
     * A Codex file's verdict (docs/VERDICTS.md, "Codex CLI"): {@code e} is its last assistant message's (Codex writes
     * no synthetic answer, so it is never SYNTHETIC); {@code trailing} is how its last turn ended when it did not
     * complete (aborted, or still open when the file ended).
     */
    public static TerminalVerdict classifyCodex(TerminalEvidence e, AgentKind kind, String parent,
                                                TrailingFailure trailing, TranscriptContents contents) {
        if (!e.readable()) {
            return classify(e, kind, null, null).of(Harness.CODEX, null);
        }
        TerminalVerdict v;
        if (!e.found()) {
            String why = contents == null ? "no assistant message in the rollout" : contents.nothingDelivered();
            NoRun noRun = contents == null || trailing != null ? null : contents.noRun();
            v = new TerminalVerdict(TerminalState.EMPTY, TerminalClass.NONE, null, null,
                    why + after(trailing, " — ") + ": the agent delivered nothing", e, kind, trailing, noRun);
        } else if (!e.hasContent()) {
            v = new TerminalVerdict(TerminalState.EMPTY, TerminalClass.NONE, null, null,
                    "the last assistant message has no text: nothing to fold" + after(trailing, "; after it, "),
                    e, kind, trailing);
        } else if (trailing != null) {
            v = new TerminalVerdict(TerminalState.HEALTHY, TerminalClass.NONE, null, null,
                    "the model wrote the last assistant message, with text, but the run died after its last answer: "
                            + trailing.describe() + " (line " + trailing.line() + ")", e, kind, trailing);
        } else {
            v = new TerminalVerdict(TerminalState.HEALTHY, TerminalClass.NONE, null, null,
                    "the model wrote the last assistant message, with text, and no turn was left unfinished after it",
                    e, kind, null);
        }
        return v.of(Harness.CODEX, parent);
    }

    private static String after(TrailingFailure trailing, String joint) {
        return trailing == null ? "" : joint + trailing.describe() + " (line " + trailing.line() + ")";
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

    /**
     * Beyond the reference, from real runs (docs/VERDICTS.md, "Terminal verdict"): where the rules above still say
     * OTHER, in this order, context limits (also when said only in {@code errorDetails}), more usage-limit wordings
     * and 402, network failures, and requests the API refused as invalid.
     */
    static TerminalClass refineFromRuns(TerminalClass cls, BigInteger status, String error, String errorDetails,
                                        String text) {
        if (cls != TerminalClass.OTHER) {
            return cls;
        }
        String t = text == null ? "" : text.toLowerCase(Locale.ROOT);
        if (t.contains("prompt is too long") || t.contains("autocompact is thrashing")
                || errorDetails != null && errorDetails.toLowerCase(Locale.ROOT).contains("prompt is too long")) {
            return TerminalClass.CONTEXT_LIMIT;
        }
        if (is(status, 402) || t.contains("insufficient balance")) {
            return TerminalClass.USAGE_LIMIT;
        }
        if (containsAny(t, "connection error", "connection refused", "fetch failed", "socket hang up", "timed out")) {
            return TerminalClass.NETWORK;
        }
        if ("invalid_request".equals(error) || is(status, 400) || containsAny(t, "invalid_request_error",
                "model not exist", "does not exist", "invalid url", "support the requested model")) {
            return TerminalClass.INVALID_REQUEST;
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

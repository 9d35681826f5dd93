package dev.coroner.core.terminal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.coroner.core.read.PyTruth;
import dev.coroner.core.read.PyWhitespace;
import dev.coroner.core.read.TranscriptRecord;
import java.math.BigInteger;

/** Gathers {@link TerminalEvidence} from one record, as the reference's boundary reader does (docs/VERDICTS.md, "Terminal verdict"). */
public final class TerminalRecords {
    /** The leading text keeps at most this many code points. */
    public static final int LEADING_TEXT_CODE_POINTS = 400;

    private TerminalRecords() {
    }

    /** Evidence from {@code record} when it is an assistant turn, else null. */
    public static TerminalEvidence evidence(TranscriptRecord record) {
        if (!record.isAssistantTurn()) {
            return null;
        }
        ObjectNode json = record.json();
        ObjectNode msg = record.message();
        JsonNode content = msg.get("content");
        String[] lead = {""};
        boolean has = leadingText(content, lead);
        JsonNode model = msg.get("model");
        JsonNode stop = msg.get("stop_reason");
        JsonNode error = json.get("error");
        JsonNode details = json.get("errorDetails");
        return new TerminalEvidence(true, true,
                model != null && model.isTextual() ? model.textValue() : null,
                stop != null && stop.isTextual() ? stop.textValue() : null,
                PyTruth.of(json.get("isApiErrorMessage")),
                apiStatus(json.get("apiErrorStatus")),
                error != null && error.isTextual() ? error.textValue() : null,
                details != null && details.isTextual() ? details.textValue() : null,
                lead[0], has, record.span().offset(), null);
    }

    /** The reference's {@code _leading_text}: fills {@code lead[0]}; returns whether any content counts. */
    static boolean leadingText(JsonNode content, String[] lead) {
        if (content == null) {
            return false;
        }
        if (content.isTextual()) {
            String s = PyWhitespace.strip(content.textValue());
            lead[0] = cut(s);
            return !s.isEmpty();
        }
        if (!content.isArray()) {
            return false;
        }
        boolean has = false;
        for (JsonNode b : content) {
            if (!b.isObject()) {
                continue;
            }
            JsonNode type = b.get("type");
            String bt = type != null && type.isTextual() ? type.textValue() : null;
            if ("text".equals(bt)) {
                JsonNode t = b.get("text");
                if (t != null && t.isTextual() && !t.textValue().isEmpty()) {
                    has = true;
                    if (lead[0].isEmpty()) {
                        lead[0] = cut(PyWhitespace.strip(t.textValue()));
                    }
                }
            } else if ("tool_use".equals(bt) || "tool_result".equals(bt) || "thinking".equals(bt)
                    || "image".equals(bt)) {
                has = true;
            }
        }
        return has;
    }

    /** A leading text already trimmed, cut to {@link #LEADING_TEXT_CODE_POINTS} as the evidence keeps it. */
    public static String leading(String stripped) {
        return cut(stripped);
    }

    private static String cut(String s) {
        if (s.codePointCount(0, s.length()) <= LEADING_TEXT_CODE_POINTS) {
            return s;
        }
        return s.substring(0, s.offsetByCodePoints(0, LEADING_TEXT_CODE_POINTS));
    }

    /** The lowest and highest status an HTTP response can carry (RFC 9110, section 15: three digits, 1xx to 5xx). */
    static final int LOWEST_HTTP_STATUS = 100;
    static final int HIGHEST_HTTP_STATUS = 599;

    /**
     * The reference's {@code _api_status_int}, kept to what a status is (docs/VERDICTS.md, "Terminal verdict"): an
     * integer, or a string of ASCII digits after trimming, when it is an HTTP status (100 to 599); else null. So a
     * 100,000-digit string is no status, as Python's {@code int()} refuses it, and is never printed as a number.
     */
    static BigInteger apiStatus(JsonNode v) {
        if (v == null || v.isBoolean()) {
            return null;
        }
        if (v.isIntegralNumber()) {
            return httpStatus(v.bigIntegerValue());
        }
        if (v.isTextual()) {
            String s = PyWhitespace.strip(v.textValue());
            if (!s.isEmpty() && s.chars().allMatch(c -> c >= '0' && c <= '9')) {
                // leading zeros dropped ("0429" is 429); more than three digits left is no status, never a number
                String digits = s.replaceFirst("^0+", "");
                return digits.length() <= 3 ? httpStatus(new BigInteger(digits.isEmpty() ? "0" : digits)) : null;
            }
        }
        return null;
    }

    private static BigInteger httpStatus(BigInteger n) {
        return n.compareTo(BigInteger.valueOf(LOWEST_HTTP_STATUS)) >= 0
                && n.compareTo(BigInteger.valueOf(HIGHEST_HTTP_STATUS)) <= 0 ? n : null;
    }
}

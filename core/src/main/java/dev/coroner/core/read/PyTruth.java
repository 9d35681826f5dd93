package dev.coroner.core.read;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;

/**
 * Python truthiness of a JSON value, which the reference applies to {@code isApiErrorMessage}
 * (docs/VERDICTS.md, "Terminal verdict"): {@code "false"} is true; {@code 0}, {@code ""}, {@code []}, {@code {}} and
 * {@code null} are false; NaN is true. One rule, for a built tree and for a streaming parser.
 */
public final class PyTruth {
    private PyTruth() {
    }

    /** The truthiness of a tree value; a missing value is false. */
    public static boolean of(JsonNode v) {
        if (v == null || v.isNull() || v.isMissingNode()) {
            return false;
        }
        if (v.isBoolean()) {
            return v.booleanValue();
        }
        if (v.isIntegralNumber()) {
            return v.bigIntegerValue().signum() != 0;
        }
        if (v.isNumber()) {
            return number(v.doubleValue());
        }
        if (v.isTextual()) {
            return !v.textValue().isEmpty();
        }
        if (v.isContainerNode()) {
            return v.size() > 0;
        }
        return true;
    }

    /** The truthiness of the value the parser is on ({@code v}), consuming it (a container is skipped). */
    public static boolean consume(JsonParser p, JsonToken v) throws IOException {
        switch (v) {
            case VALUE_TRUE:
                return true;
            case VALUE_STRING:
                return p.getTextLength() > 0;
            case VALUE_NUMBER_INT:
                return p.getBigIntegerValue().signum() != 0;
            case VALUE_NUMBER_FLOAT:
                return number(p.getDoubleValue());
            case START_OBJECT:
            case START_ARRAY:
                JsonToken first = p.nextToken();
                if (first == JsonToken.END_OBJECT || first == JsonToken.END_ARRAY) {
                    return false;
                }
                if (first == JsonToken.START_OBJECT || first == JsonToken.START_ARRAY) {
                    p.skipChildren();
                }
                // skip the rest of the container: one level up from where the first child left us
                for (int depth = 1; depth > 0; ) {
                    JsonToken t = p.nextToken();
                    if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                        p.skipChildren();
                    } else if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
                        depth--;
                    }
                }
                return true;
            default:
                return false;
        }
    }

    private static boolean number(double d) {
        return d != 0.0 || Double.isNaN(d); // NaN is truthy in Python; 0.0 and -0.0 are not
    }
}

package dev.coroner.core.terminal;

import com.fasterxml.jackson.databind.JsonNode;

/** Python truthiness of a JSON value, which the reference applies to {@code isApiErrorMessage}. */
final class PyTruth {
    private PyTruth() {
    }

    static boolean truthy(JsonNode v) {
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
            double d = v.doubleValue();
            return d != 0.0 || Double.isNaN(d); // NaN is truthy in Python; 0.0 and -0.0 are not
        }
        if (v.isTextual()) {
            return !v.textValue().isEmpty();
        }
        if (v.isContainerNode()) {
            return v.size() > 0;
        }
        return true;
    }
}

package dev.coroner.core.terminal;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A verdict as a refusal envelope (the reference): a dead verdict blocks ("WEDGE",
 * {@code RESULT_DEAD_<CLASS>} or {@code RESULT_EMPTY}); anything else is all clear ("LIVE").
 */
public record RefusalEnvelope(boolean allClear, String verdict, String reasonClass, TerminalState state,
                              BigInteger apiStatus, String reason) {

    public static RefusalEnvelope of(TerminalVerdict v) {
        if (!v.dead()) {
            return new RefusalEnvelope(true, "LIVE", null, v.state(), null, v.reason());
        }
        String reasonClass = v.state() == TerminalState.SYNTHETIC
                ? "RESULT_DEAD_" + v.terminalClass().name()
                : "RESULT_EMPTY";
        return new RefusalEnvelope(false, "WEDGE", reasonClass, v.state(), v.apiStatus(), v.reason());
    }

    /** The envelope's fields in the reference's shape and order. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        if (allClear) {
            m.put("all_clear", true);
            m.put("verdict", verdict);
            m.put("state", state.name());
            m.put("reason", reason);
        } else {
            m.put("do_not_render", true);
            m.put("blocked", true);
            m.put("all_clear", false);
            m.put("verdict", verdict);
            m.put("reason_class", reasonClass);
            m.put("state", state.name());
            m.put("api_status", apiStatus);
            m.put("reason", reason);
        }
        return m;
    }
}

package dev.coroner.app.ui;

import java.util.Set;

/** Hand-made Claude Code transcripts for the window tests: as many calls as a test needs, in the fixtures' shape. */
final class HandMade {
    private HandMade() {
    }

    /**
     * A session of {@code calls} Bash calls, each with its result, then a closing answer: call {@code i} runs
     * {@code echo step i}, or {@code echo step i --again} when {@code i} is in {@code changed}.
     */
    static String bashRun(String id, int calls, Set<Integer> changed) {
        StringBuilder s = new StringBuilder();
        String session = "c0a1a000-0000-4000-8000-" + String.format("%012x", Math.abs(id.hashCode()));
        s.append(record(session, "user", 0, "\"content\":\"Run the steps.\"")).append('\n');
        for (int i = 0; i < calls; i++) {
            String cmd = "echo step " + i + (changed.contains(i) ? " --again" : "");
            s.append(record(session, "assistant", 2 * i + 1, "\"model\":\"claude-sonnet-4-6\",\"content\":[{\"type\":"
                    + "\"tool_use\",\"id\":\"toolu_" + id + i + "\",\"name\":\"Bash\",\"input\":{\"command\":\"" + cmd
                    + "\"}}],\"stop_reason\":\"tool_use\"")).append('\n');
            s.append(record(session, "user", 2 * i + 2, "\"content\":[{\"tool_use_id\":\"toolu_" + id + i
                    + "\",\"type\":\"tool_result\",\"content\":\"ok\"}]")).append('\n');
        }
        s.append(record(session, "assistant", 2 * calls + 1, "\"model\":\"claude-sonnet-4-6\",\"content\":[{\"type\":"
                + "\"text\",\"text\":\"Done.\"}],\"stop_reason\":\"end_turn\"")).append('\n');
        return s.toString();
    }

    private static String record(String session, String type, int n, String message) {
        String role = type;
        return "{\"type\":\"" + type + "\",\"uuid\":\"00000000-0000-4000-8000-" + String.format("%012d", n)
                + "\",\"parentUuid\":" + (n == 0 ? "null" : "\"00000000-0000-4000-8000-" + String.format("%012d", n - 1)
                + "\"") + ",\"isSidechain\":false,\"sessionId\":\"" + session + "\",\"timestamp\":\"2026-11-02T10:"
                + String.format("%02d:%02d", (n / 60) % 60, n % 60) + ".000Z\",\"message\":{\"role\":\"" + role + "\","
                + message + "}}";
    }
}

package dev.coroner.core.index;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a large, plausible transcript for benchmarks and scale tests: prompts, calls with their results (some
 * failing), answers with fenced code, bookkeeping records and now and then a 1 MB tool output, ending in a
 * harness-written death. Records average about 3 KB, as real transcripts do (FORMAT §1).
 */
public final class GeneratedTranscript {
    private static final String ENVELOPE = "\"uuid\":\"00000000-0000-0000-0000-%012d\",\"parentUuid\":null,"
            + "\"isSidechain\":false,\"userType\":\"external\",\"cwd\":\"/home/dev/shop\","
            + "\"sessionId\":\"5e55e55e-0000-4000-8000-000000000001\",\"version\":\"2.1.123\","
            + "\"timestamp\":\"2026-11-02T%02d:%02d:%02d.%03dZ\"";

    private GeneratedTranscript() {
    }

    /** Writes at least {@code bytes} bytes to {@code path}; returns the number of records written. */
    public static long write(Path path, long bytes) throws IOException {
        String filler = "lorem ipsum dolor sit amet, consectetur adipiscing elit ".repeat(80);
        String big = "x".repeat(1 << 20);
        long n = 0;
        long written = 0;
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(path), 1 << 20)) {
            while (written < bytes) {
                String env = String.format(ENVELOPE, n, (n / 3600) % 24, (n / 60) % 60, n % 60, (n * 7) % 1000);
                String line;
                switch ((int) (n % 10)) {
                    case 0 -> line = "{\"type\":\"user\"," + env + ",\"message\":{\"role\":\"user\",\"content\":\"Please look at "
                            + filler.substring(0, 300) + "\"}}";
                    case 1, 4, 7 -> line = "{\"type\":\"assistant\"," + env + ",\"message\":{\"id\":\"msg_" + n
                            + "\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"claude-sonnet-4-6\",\"content\":"
                            + "[{\"type\":\"tool_use\",\"id\":\"toolu_" + n + "\",\"name\":\"Bash\",\"input\":{\"command\":"
                            + "\"pytest -q tests/test_" + n + ".py\",\"description\":\"run the tests\"}}],"
                            + "\"stop_reason\":\"tool_use\",\"stop_sequence\":null,\"usage\":{\"input_tokens\":1200,"
                            + "\"output_tokens\":80}},\"requestId\":\"req_" + n + "\"}";
                    case 2, 5, 8 -> line = "{\"type\":\"user\"," + env + ",\"message\":{\"role\":\"user\",\"content\":"
                            + "[{\"tool_use_id\":\"toolu_" + (n - 1) + "\",\"type\":\"tool_result\",\"content\":\""
                            + (n % 1000 == 2 ? big : filler.repeat(1 + (int) (n % 3))) + "\""
                            + (n % 20 == 8 ? ",\"is_error\":true" : "") + "}]},\"toolUseResult\":{\"stdout\":\"ok\","
                            + "\"stderr\":\"\",\"interrupted\":false,\"isImage\":false}}";
                    case 3 -> line = "{\"type\":\"assistant\"," + env + ",\"message\":{\"id\":\"msg_" + n
                            + "\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"claude-sonnet-4-6\",\"content\":"
                            + "[{\"type\":\"text\",\"text\":\"I ran it with:\\n\\n```bash\\npytest -q\\n```\\n\\n"
                            + filler.substring(0, 500) + "\"}],\"stop_reason\":null,\"stop_sequence\":null}}";
                    case 6 -> line = "{\"type\":\"attachment\"," + env + ",\"attachment\":{\"type\":\"hook_success\","
                            + "\"hookName\":\"PostToolUse\",\"stdout\":\"" + filler.substring(0, 200) + "\"}}";
                    default -> line = "{\"type\":\"system\"," + env + ",\"subtype\":\"turn_duration\",\"durationMs\":"
                            + (n * 13 % 100000) + ",\"messageCount\":" + n % 50 + "}";
                }
                byte[] b = (line + "\n").getBytes(StandardCharsets.UTF_8);
                out.write(b);
                written += b.length;
                n++;
            }
            String death = "{\"type\":\"assistant\",\"isApiErrorMessage\":true,\"error\":\"rate_limit\","
                    + "\"message\":{\"role\":\"assistant\",\"model\":\"<synthetic>\",\"stop_reason\":\"stop_sequence\","
                    + "\"content\":[{\"type\":\"text\",\"text\":\"You've hit your limit\"}]}}\n";
            out.write(death.getBytes(StandardCharsets.UTF_8));
        }
        return n + 1;
    }
}

package dev.coroner.core.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.core.read.Harness;
import dev.coroner.core.read.UnreadableTranscriptException;
import dev.coroner.fixtures.Fixtures;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The harness's version comes from the one pass (docs/FLEET.md, "Tables", {@code harness_version}): for every fixture,
 * {@link TranscriptIndex#harnessVersion()} is what the first record that states one says, found here by reading the
 * file again line by line with Jackson — Claude Code's top-level {@code version} string, Codex CLI's
 * {@code session_meta} {@code payload.cli_version}.
 */
class HarnessVersionTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void everyFixturesVersionIsWhatItsFirstStatingRecordSays() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(Fixtures.root())) {
            files = s.filter(p -> p.toString().endsWith(".jsonl") && Files.isRegularFile(p)).sorted().toList();
        }
        Map<Harness, Integer> stated = new EnumMap<>(Harness.class);
        for (Path p : files) {
            TranscriptIndex index;
            try {
                index = TranscriptPass.run(p);
            } catch (UnreadableTranscriptException e) {
                continue;
            }
            Harness h = Harness.ofHead(p);
            String want = stated(p, h);
            assertEquals(want, index.harnessVersion(), p.toString());
            if (want != null) {
                stated.merge(h, 1, Integer::sum);
            }
        }
        assertTrue(stated.getOrDefault(Harness.CLAUDE_CODE, 0) > 20, "Claude Code fixtures stating a version: " + stated);
        assertTrue(stated.getOrDefault(Harness.CODEX, 0) > 5, "Codex fixtures stating a version: " + stated);
    }

    /** The version the first record stating one states, by {@code h}'s rule; null when none does. */
    private static String stated(Path p, Harness h) throws IOException {
        try (BufferedReader r = Files.newBufferedReader(p, StandardCharsets.ISO_8859_1)) {
            for (String line; (line = r.readLine()) != null; ) {
                JsonNode n;
                try {
                    n = JSON.readTree(line.getBytes(StandardCharsets.ISO_8859_1));
                } catch (IOException e) {
                    continue; // a problem line states nothing
                }
                if (n == null || !n.isObject()) {
                    continue;
                }
                JsonNode v = h == Harness.CODEX
                        ? ("session_meta".equals(n.path("type").asText()) ? n.path("payload").path("cli_version") : null)
                        : n.get("version");
                if (v != null && v.isTextual()) {
                    return v.textValue();
                }
            }
        }
        return null;
    }
}

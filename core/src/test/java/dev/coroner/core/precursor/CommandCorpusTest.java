package dev.coroner.core.precursor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.fixtures.Fixtures;
import java.io.BufferedReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Every shell command of the real Codex rollouts (../shared/corpus-codex, never committed) read by the bundled Codex
 * grammar's command lookups (docs/VERDICTS.md, "Command lookups"): none throws, and the reads Codex makes with
 * {@code sed -n}, {@code nl} and {@code rg} count as Read while its here-documents and substitutions never do.
 */
@Tag("corpus")
class CommandCorpusTest {
    @Test
    void everyCodexCommandIsReadAndItsReadsCountAsRead() throws Exception {
        Path dir = Path.of(System.getProperty("coroner.corpus.codex", "../shared/corpus-codex"));
        assertTrue(Files.isDirectory(dir), "the corpus profile needs " + dir);
        PrecursorGrammar codex = GrammarLoader.load(Fixtures.path("precursor/codex.toml")).grammar();
        ObjectMapper json = new ObjectMapper();
        int commands = 0;
        int reads = 0;
        int refused = 0;
        int heredocsCounted = 0;
        List<Path> files;
        try (Stream<Path> s = Files.walk(dir)) {
            files = s.filter(p -> p.toString().endsWith(".jsonl")).sorted().toList();
        }
        for (Path f : files) {
            try (BufferedReader r = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
                for (String line; (line = r.readLine()) != null; ) {
                    if (!line.contains("\"exec_command\"")) {
                        continue;
                    }
                    JsonNode p = json.readTree(line).path("payload");
                    if (!"exec_command".equals(p.path("name").asText())) {
                        continue;
                    }
                    String cmd = json.readTree(p.path("arguments").asText("{}")).path("cmd").asText(null);
                    if (cmd == null) {
                        continue;
                    }
                    commands++;
                    List<String> lookups = codex.commandLookups(cmd);
                    reads += lookups.equals(List.of("read")) ? 1 : 0;
                    refused += ShellCommand.simpleCommands(cmd) == null ? 1 : 0;
                    heredocsCounted += cmd.contains("<<") && !lookups.isEmpty() ? 1 : 0;
                }
            }
        }
        assertEquals(67, files.size());
        String figures = commands + " commands, " + reads + " reads, " + refused + " refused";
        assertTrue(commands > 4000, figures);
        assertTrue(reads > 1500, figures);
        assertTrue(refused > 0, figures);
        assertEquals(0, heredocsCounted, "a here-document is never a read: " + figures);
    }
}

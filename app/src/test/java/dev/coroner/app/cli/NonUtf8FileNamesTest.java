package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.fixtures.Fixtures;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/CLI.md, "File names and the locale": a file whose name is not valid UTF-8 (bytes {@code caf 0xE9 .jsonl}, as
 * {@code printf 'x' > $'caf\xe9.jsonl'} makes it) found in a folder is read, and named {@code caf\xe9.jsonl} alike in
 * the text and the JSON of every command and in the report, never {@code caf\uFFFD.jsonl}; a sibling with 0xE8 is a
 * second file, not the same name twice.
 */
class NonUtf8FileNamesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    Path runs;

    @BeforeEach
    void twoFilesJavaWouldPrintAlike() throws IOException {
        runs = Files.createDirectories(dir.resolve("runs"));
        Path dead = Fixtures.path("terminal/synthetic-context-limit.jsonl");
        for (String name : List.of("caf%E9.jsonl", "caf%E8.jsonl")) {
            Path p = Path.of(URI.create(runs.toUri() + name)); // a file: URI carries the raw bytes into the path
            try {
                Files.copy(dead, p);
            } catch (IOException e) {
                throw new AssertionError("this file system refuses a name that is not UTF-8: " + e, e);
            }
        }
        try (var listed = Files.list(runs)) {
            assertEquals(2, listed.count(), "two files, with different bytes in their names");
        }
    }

    private String name(String escaped) {
        return runs + "/" + escaped;
    }

    @Test
    void verdictNamesTheBytesInTextAndJsonAndReadsTheFile() throws IOException {
        CliRun text = CliRun.of("verdict", runs.toString());
        assertEquals(ExitStatus.FINDINGS, text.status(), text.err());
        assertTrue(text.out().contains("  " + name("caf\\xe9.jsonl") + "\n"), text.out());
        assertTrue(text.out().contains("  " + name("caf\\xe8.jsonl") + "\n"), text.out());
        assertFalse(text.out().contains("\uFFFD") || text.out().contains("UNREADABLE"), text.out());

        CliRun json = CliRun.of("verdict", "--json", runs.toString());
        List<JsonNode> rows = rows(json.out());
        assertEquals(List.of(name("caf\\xe8.jsonl"), name("caf\\xe9.jsonl")),
                rows.stream().map(r -> r.get("path").asText()).toList(), "byte order, each named by its bytes");
        rows.forEach(r -> assertEquals("SYNTHETIC CONTEXT_LIMIT", r.get("state").asText() + " " + r.get("class").asText(),
                "read, so its death is seen: " + r));
    }

    @Test
    void scriptsPrecursorAndProposeNameTheBytesToo() throws IOException {
        String grammar = Fixtures.path("precursor/claude-code.toml").toString();
        for (List<String> command : List.of(List.of("scripts"), List.of("precursor", "--grammar", grammar))) {
            List<String> args = new ArrayList<>(command);
            args.add(runs.toString());
            CliRun text = CliRun.of(args.toArray(String[]::new));
            assertTrue(text.out().contains(name("caf\\xe9.jsonl")), command + ": " + text.out());
            assertFalse(text.out().contains("\uFFFD"), command + ": " + text.out());
            args.add(1, "--json");
            CliRun json = CliRun.of(args.toArray(String[]::new));
            for (JsonNode row : rows(json.out())) {
                assertTrue(row.get("path").asText().matches(".*/caf\\\\xe[89]\\.jsonl"), command + ": " + row);
            }
        }
        CliRun propose = CliRun.of("propose", "--json", runs.toString());
        assertFalse(propose.out().contains("\uFFFD") || propose.err().contains("\uFFFD"), propose.out() + propose.err());
    }

    @Test
    void theReportNamesBothFilesByTheirBytes() throws IOException {
        Path out = dir.resolve("report.json");
        CliRun r = CliRun.of("report", "--out", out.toString(), runs.toString());
        assertEquals(ExitStatus.FINDINGS, r.status(), r.err());
        JsonNode report = JSON.readTree(out.toFile());
        List<String> paths = new ArrayList<>();
        report.get("transcripts").forEach(t -> paths.add(t.get("path").asText()));
        assertEquals(List.of("caf\\xe8.jsonl", "caf\\xe9.jsonl"), paths, "two entries, not one name twice or once");
    }

    @Test
    void aNoteOnStderrNamesTheBytes() throws IOException {
        Path folder = Files.createDirectory(Path.of(URI.create(runs.toUri() + "sub%FF")));
        Files.createSymbolicLink(folder.resolve("back"), runs);
        CliRun r = CliRun.of("verdict", runs.toString());
        assertTrue(r.err().contains("skipped " + name("sub\\xff/back") + ": a symbolic link loops back"), r.err());
        assertFalse(r.err().contains("\uFFFD"), r.err());
    }

    private static List<JsonNode> rows(String jsonLines) throws IOException {
        List<JsonNode> rows = new ArrayList<>();
        for (String line : jsonLines.split("\n")) {
            if (!line.isBlank()) {
                rows.add(JSON.readTree(line));
            }
        }
        return rows;
    }
}

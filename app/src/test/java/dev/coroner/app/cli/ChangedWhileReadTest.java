package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.coroner.core.read.FileStamp;
import dev.coroner.fixtures.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * docs/VERDICTS.md, "Command line": a file that changed between the start and the end of its read says so in every
 * command, text and JSON, on that file's rows; a file left alone gets no note. The change is made right after the
 * read, before the file is stamped again ({@link FileStamp#afterRead}).
 */
class ChangedWhileReadTest {
    private static final String RECORD = "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"hi\"}}\n";
    private static final String ANSWER = "{\"type\":\"assistant\",\"message\":{\"role\":\"assistant\",\"model\":\"m\","
            + "\"content\":[{\"type\":\"text\",\"text\":\"done\\n```bash\\necho hi\\n```\"}]}}\n";

    @TempDir
    Path dir;

    @AfterEach
    void noHook() {
        FileStamp.afterRead = p -> { };
    }

    private static List<String[]> commands(Path p, boolean json) {
        String grammar = Fixtures.path("precursor/claude-code.toml").toString();
        List<String[]> all = new ArrayList<>();
        for (String[] c : List.of(new String[]{"verdict"}, new String[]{"scripts"}, new String[]{"precursor", "--grammar", grammar})) {
            List<String> args = new ArrayList<>(List.of(c));
            if (json) {
                args.add("--json");
            }
            args.add(p.toString());
            all.add(args.toArray(String[]::new));
        }
        return all;
    }

    private Path transcript() throws Exception {
        Path p = dir.resolve("live.jsonl");
        Files.writeString(p, RECORD + ANSWER, StandardCharsets.UTF_8);
        return p;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"grew", "shrank", "modified"})
    void everyCommandSaysTheFileChangedInTextAndJson(String change) throws Exception {
        Path file = transcript();
        for (boolean json : new boolean[]{false, true}) {
            for (String[] args : commands(file, json)) {
                Files.writeString(file, RECORD + ANSWER, StandardCharsets.UTF_8);
                FileTime then = FileTime.fromMillis(1_600_000_000_000L);
                Files.setLastModifiedTime(file, then);
                FileStamp.afterRead = p -> {
                    if (!p.equals(file)) {
                        return;
                    }
                    try {
                        switch (change) {
                            case "grew" -> Files.writeString(file, RECORD, StandardOpenOption.APPEND);
                            case "shrank" -> Files.writeString(file, RECORD);
                            default -> Files.setLastModifiedTime(file, FileTime.fromMillis(then.toMillis() + 5_000));
                        }
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                };
                CliRun r = CliRun.of(args);
                String what = String.join(" ", args);
                assertTrue(r.status() == 0 || r.status() == 1, what + ": " + r.err());
                String words = switch (change) {
                    case "grew" -> "it grew from ";
                    case "shrank" -> "it shrank from ";
                    default -> "it was modified (same size)";
                };
                if (json) {
                    JsonNode last = new ObjectMapper().readTree(r.lines().get(r.lines().size() - 1));
                    assertEquals(file.toString(), last.get("path").asText(), what);
                    assertTrue(last.get("line").isNull(), what);
                    assertTrue(last.get("note").asText().startsWith("the file changed while it was read: " + words), what + ": " + r.out());
                } else {
                    assertTrue(r.out().contains("  note: the file changed while it was read: " + words), what + ": " + r.out());
                }
            }
        }
    }

    @Test
    void proposeSaysItOnStandardErrorBesideItsProposals() throws Exception {
        Path file = transcript();
        Path alone = dir.resolve("alone.jsonl");
        Files.writeString(alone, RECORD + ANSWER, StandardCharsets.UTF_8);
        FileStamp.afterRead = p -> {
            if (p.equals(file)) {
                try {
                    Files.writeString(file, RECORD, StandardOpenOption.APPEND);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        };
        CliRun r = CliRun.of("propose", file.toString(), alone.toString());
        assertEquals(0, r.status(), r.err());
        List<String> notes = r.err().lines().filter(l -> l.contains("changed while it was read")).toList();
        assertEquals(1, notes.size(), r.err());
        assertTrue(notes.get(0).startsWith("coroner: " + file + ": the file changed while it was read: it grew from "),
                notes.get(0));
    }

    @Test
    void aFileLeftAloneGetsNoNote() throws Exception {
        Path file = transcript();
        for (boolean json : new boolean[]{false, true}) {
            for (String[] args : commands(file, json)) {
                CliRun r = CliRun.of(args);
                assertFalse(r.out().contains("changed while it was read"), String.join(" ", args) + ": " + r.out());
            }
        }
    }
}

package dev.coroner.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.coroner.core.precursor.GrammarLoader;
import dev.coroner.core.read.TranscriptFile;
import dev.coroner.fixtures.Fixtures;
import dev.coroner.fixtures.SpecialFiles;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every hostile input of issue 13 this branch handles, through {@code verdict}, {@code precursor} and {@code scripts}:
 * each returns (the timeout guards against a hang; it is not a measure of speed), with its documented exit status
 * (docs/VERDICTS.md, "Command line") and the row or message that says what happened, and no stack trace reaches stderr.
 */
class HostileInputTest {
    private static final Duration HANG_GUARD = Duration.ofSeconds(10);
    private static final String GRAMMAR = Fixtures.path("precursor/claude-code.toml").toString();
    private static final Path HEALTHY = Fixtures.path("terminal/healthy.jsonl");
    private static final String NOT_REGULAR = TranscriptFile.NOT_A_REGULAR_FILE;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} through {1} exits {2}")
    @CsvSource(delimiter = '|', value = {
            // input           | command   | exit | a row that says  | and, on stdout or stderr
            // a named pipe with no writer: opening it would block forever
            "fifo named        | verdict   | 2 | UNREADABLE | not a regular file",
            "fifo named        | precursor | 2 | UNREADABLE | not a regular file",
            "fifo named        | scripts   | 2 | UNREADABLE | not a regular file",
            // found in a folder: its row, never opened, and it does not force 2
            "fifo in a folder  | verdict   | 0 | UNREADABLE | not a regular file",
            "fifo in a folder  | precursor | 0 | UNREADABLE | not a regular file",
            "fifo in a folder  | scripts   | 0 | UNREADABLE | not a regular file",
            // endless devices: reading to the end would never return
            "/dev/zero         | verdict   | 2 | UNREADABLE | not a regular file",
            "/dev/zero         | precursor | 2 | UNREADABLE | not a regular file",
            "/dev/zero         | scripts   | 2 | UNREADABLE | not a regular file",
            "/dev/urandom      | verdict   | 2 | UNREADABLE | not a regular file",
            "/dev/urandom      | precursor | 2 | UNREADABLE | not a regular file",
            "/dev/urandom      | scripts   | 2 | UNREADABLE | not a regular file",
            // a healthy run followed by 4 MB of white-space lines
            "blank tail        | verdict   | 0 | HEALTHY    | x.jsonl",
            "blank tail        | precursor | 0 | x.jsonl    | gated call",
            "blank tail        | scripts   | 0 | x.jsonl    | no fenced blocks",
            // one line nested 10,000 deep: a TOO_DEEP problem, never a stack overflow (EMPTY is dead: exit 1)
            "deep json         | verdict   | 1 | EMPTY      | 1 problem line",
            "deep json         | precursor | 0 | x.jsonl    | 1 line is not a record",
            "deep json         | scripts   | 0 | x.jsonl    | 1 problem line(s) skipped",
            // grammars: a pipe, a device, too big, too deep: one clear grammar error, nothing judged
            "fifo grammar      | precursor | 2 | ''         | g.toml: not a regular file",
            "/dev/zero grammar | precursor | 2 | ''         | /dev/zero: not a regular file",
            "huge grammar      | precursor | 2 | ''         | g.toml: is 2097152 bytes; a grammar over 1048576 bytes is refused",
            "deep grammar      | precursor | 2 | ''         | g.toml:2:72: arrays and tables nest deeper than 64 levels here",
    })
    void aHostileInputReturnsWithItsStatusAndNoStackTrace(String input, String command, int status, String row, String says)
            throws Exception {
        List<String> args = new ArrayList<>(List.of(command));
        String grammar = GRAMMAR;
        Path transcript;
        switch (input) {
            case "fifo named" -> transcript = SpecialFiles.fifo(dir.resolve("x.jsonl"));
            case "fifo in a folder" -> {
                SpecialFiles.fifo(dir.resolve("x.jsonl"));
                Files.copy(HEALTHY, dir.resolve("healthy.jsonl"));
                transcript = dir;
            }
            case "/dev/zero" -> transcript = SpecialFiles.ENDLESS_DEVICE;
            case "/dev/urandom" -> transcript = Path.of("/dev/urandom");
            case "blank tail" -> transcript = blankTail(dir.resolve("x.jsonl"), 4 << 20);
            case "deep json" -> transcript = Files.writeString(dir.resolve("x.jsonl"),
                    "[".repeat(10_000) + "]".repeat(10_000) + "\n");
            case "fifo grammar" -> {
                grammar = SpecialFiles.fifo(dir.resolve("g.toml")).toString();
                transcript = HEALTHY;
            }
            case "/dev/zero grammar" -> {
                grammar = SpecialFiles.ENDLESS_DEVICE.toString();
                transcript = HEALTHY;
            }
            case "huge grammar" -> {
                grammar = Files.write(dir.resolve("g.toml"), new byte[2 * GrammarLoader.MAX_GRAMMAR_BYTES]).toString();
                transcript = HEALTHY;
            }
            case "deep grammar" -> {
                // 2 KB that overflowed the TOML parser's stack
                grammar = Files.writeString(dir.resolve("g.toml"), "[precursor.requires]\nEdit = " + "[".repeat(1000))
                        .toString();
                transcript = HEALTHY;
            }
            default -> throw new IllegalArgumentException(input);
        }
        if (command.equals("precursor")) {
            args.addAll(List.of("--grammar", grammar));
        }
        args.add(transcript.toString());

        CliRun r = assertTimeoutPreemptively(HANG_GUARD, () -> CliRun.of(args.toArray(String[]::new)));

        assertEquals(status, r.status(), r.out() + r.err());
        assertTrue(r.out().contains(row), r.out() + r.err());
        assertTrue((r.out() + r.err()).contains(says), r.out() + r.err());
        assertFalse(r.err().contains("Exception"), r.err());
        assertFalse(r.err().contains("Error:"), r.err());
        assertFalse(r.err().contains("at dev.coroner"), r.err());
    }

    /** A healthy transcript, then {@code bytes} of lines that hold only white space. */
    static Path blankTail(Path p, int bytes) throws IOException {
        byte[] blanks = "  \t \n\n \u3000\r\n".getBytes(StandardCharsets.UTF_8);
        try (OutputStream out = Files.newOutputStream(p)) {
            out.write(Files.readAllBytes(HEALTHY));
            for (int written = 0; written < bytes; written += blanks.length) {
                out.write(blanks);
            }
        }
        return p;
    }
}
